import type { EventStore, RecordedEvent, StreamInfo } from '@felt/event-store';
import { byStream } from './jsonl';
import { GAME_STREAM_PREFIX, RoomReplay } from './room-replay';
import { StreamVerifier } from './stream-verifier';
import { TABLE_CATEGORY } from './table-stream';
import type { Violation } from './violations';

export interface VerifyReport {
  readonly streams: number;
  readonly events: number;
  readonly hands: number;
  /** Hands being played at the end of a stream: their decks are still sealed, so their deals are checked later. */
  readonly sealedHands: SealedHandAtTail[];
  readonly violations: Violation[];
  /** Where each verified stream's events end (version and hash): what `felt anchors` would sign for it. */
  readonly heads: StreamHead[];
}

export interface StreamHead {
  readonly streamId: string;
  readonly version: number;
  readonly hash: string;
}

export interface SealedHandAtTail {
  readonly streamId: string;
  readonly handNumber: number;
  /** Stream version of its HandStarted. */
  readonly version: number;
}

export interface VerifyStoreOptions {
  /** Only these streams (default: every stream). */
  readonly streamIds?: readonly string[];
  /** Events per read where rows are read page by page (PGlite; default 5000). */
  readonly pageSize?: number;
  /** Called with the events checked so far and the total expected. */
  readonly onProgress?: (done: number, total: number) => void;
}

/** Engine checks apply to table streams; game streams get the room's replay; any other stream is checked for its chain only. */
function isTable(streamId: string): boolean {
  return streamId.startsWith(`${TABLE_CATEGORY}-`);
}

/** A game of the room (docs/room.md): its decisions are replayed by the room's decider beside the chain check. */
function roomReplayFor(streamId: string, whole: boolean): RoomReplay | null {
  return whole && streamId.startsWith(GAME_STREAM_PREFIX) ? new RoomReplay(streamId) : null;
}

/** Progress is reported every this many events (and at the end of each stream). */
const PROGRESS_EVERY = 5000;

/**
 * Verifies streams in the store: each stream is read in version order and checked against the head the streams
 * table records, each event checked as it arrives (EventStore.openWholeStreamReader: by COPY on PostgreSQL).
 */
export async function verifyStore(store: EventStore, options: VerifyStoreOptions = {}): Promise<VerifyReport> {
  const pageSize = options.pageSize ?? 5000;
  const all = await store.listStreams();
  let infos: StreamInfo[] = all;
  const violations: Violation[] = [];
  if (options.streamIds) {
    const byId = new Map(all.map((s) => [s.streamId, s]));
    infos = [];
    for (const id of options.streamIds) {
      const info = byId.get(id);
      if (info) infos.push(info);
      else violations.push({ streamId: id, version: 0, kind: 'head', message: 'there is no such stream' });
    }
  }
  const total = infos.reduce((n, s) => n + s.version, 0);
  let done = 0;
  let hands = 0;
  const heads: StreamHead[] = [];
  const sealedHands: SealedHandAtTail[] = [];
  const reader = await store.openWholeStreamReader(pageSize);
  let failure: Error | undefined;
  try {
    for (const info of infos) {
      const verifier = new StreamVerifier(info.streamId, { engine: isTable(info.streamId) });
      const room = roomReplayFor(info.streamId, true);
      await reader.read(info.streamId, (event) => {
        verifier.push(event);
        room?.push(event);
        if (++done % PROGRESS_EVERY === 0) options.onProgress?.(done, total);
      });
      options.onProgress?.(done, total);
      violations.push(...verifier.finish({ version: info.version, lastHash: info.lastHash }), ...(room?.finish() ?? []));
      heads.push({ streamId: info.streamId, ...verifier.head });
      hands += verifier.hands;
      sealedHands.push(...verifier.sealedHands.map((h) => ({ streamId: info.streamId, ...h })));
    }
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    reader.close(failure);
  }
  return { streams: infos.length, events: done, hands, sealedHands, violations, heads };
}

export interface VerifyEventsOptions {
  /**
   * Streams may start after version 1 (an export with --from): their chain is anchored on their first prevHash,
   * and the engine checks are skipped. Without it, a stream that does not start at version 1 is a violation.
   */
  readonly excerpt?: boolean;
  readonly onProgress?: (done: number, total: number) => void;
}

/** Verifies events from an export, stream by stream, in the order the file gives them. */
export function verifyEvents(events: readonly RecordedEvent[], options: VerifyEventsOptions = {}): VerifyReport {
  const violations: Violation[] = [];
  const sealedHands: SealedHandAtTail[] = [];
  let hands = 0;
  let done = 0;
  const heads: StreamHead[] = [];
  const streams = byStream(events);
  for (const [streamId, list] of streams) {
    const first = list[0]!;
    const anchored = options.excerpt && first.streamVersion > 1;
    const verifier = new StreamVerifier(streamId, {
      engine: isTable(streamId),
      ...(anchored ? { start: { version: first.streamVersion - 1, hash: first.prevHash } } : {}),
    });
    const room = roomReplayFor(streamId, !anchored);
    for (const e of list) {
      verifier.push(e);
      room?.push(e);
      if (++done % 10000 === 0) options.onProgress?.(done, events.length);
    }
    violations.push(...verifier.finish(), ...(room?.finish() ?? []));
    heads.push({ streamId, ...verifier.head });
    hands += verifier.hands;
    sealedHands.push(...verifier.sealedHands.map((h) => ({ streamId, ...h })));
  }
  options.onProgress?.(done, events.length);
  return { streams: streams.size, events: events.length, hands, sealedHands, violations, heads };
}
