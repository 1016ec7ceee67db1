import type { EventStore, RecordedEvent, StreamInfo } from '@felt/event-store';
import type { TableEngine } from '@felt/engine';
import type { HandRecord } from '@felt/projections';
import { AUDIT_STREAM_PREFIX, readAuditLog } from './audit-stream';
import { DropCheck, type DropCheckState } from './drop-check';
import { deviceRegistry, unrecordedReaderConflicts, type ReaderConflictAt } from './card-source-check';
import { byStream } from './jsonl';
import { BOOK_STREAM_PREFIX, BookReplay, tableHandRecords } from './book-replay';
import { GAME_STREAM_PREFIX, RoomReplay } from './room-replay';
import { TOURNAMENT_STREAM_PREFIX, TournamentReplay } from './tournament-replay';
import { StreamVerifier, type HandAt } from './stream-verifier';
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
  /** Hands dealt on training tables (decks anyone could choose): not a violation, reported so. */
  readonly trainingHands: StreamHand[];
  /** Hands where a dealer's entry contradicted a reader's record (each needs its ReaderConflict in the audit stream). */
  readonly readerConflicts: StreamHand[];
  /** With `deferDrops`: the drops and collections read, for the caller to pair with other shares' (no drop violations here). */
  readonly drops?: DropCheckState;
}

export interface StreamHand extends HandAt {
  readonly streamId: string;
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
  /** The seal key (FELT_SEAL_KEY): sealed decks opened and compared with the revealed ones (StreamVerifierOptions). */
  readonly sealKey?: Buffer;
  /** The engine the tables were played with, a casino's own modules included (StreamVerifierOptions). */
  readonly table?: TableEngine;
  /**
   * A share of the streams (a verify worker's): the tables' drops are paired with the books' by the caller, which
   * has every share's (a drop and its collection are often in different shares), so the report carries them.
   */
  readonly deferDrops?: boolean;
}

/**
 * Engine checks apply to table streams; game streams get the room's replay, tournaments the tournament's, books the
 * book's (replayFor); any other stream is checked for its chain only.
 */
function isTable(streamId: string): boolean {
  return streamId.startsWith(`${TABLE_CATEGORY}-`);
}

/**
 * A stream whose decisions are replayed beside the chain check, when it is read whole: a game of the room
 * (docs/room.md), a tournament (docs/tournaments.md), a book of the house's money (docs/money.md; its check waits
 * for the tables' hands, at the end).
 */
function replayFor(streamId: string, whole: boolean): RoomReplay | TournamentReplay | BookReplay | null {
  if (!whole) return null;
  if (streamId.startsWith(GAME_STREAM_PREFIX)) return new RoomReplay(streamId);
  if (streamId.startsWith(TOURNAMENT_STREAM_PREFIX)) return new TournamentReplay(streamId);
  if (streamId.startsWith(BOOK_STREAM_PREFIX)) return new BookReplay(streamId);
  return null;
}

/** The books' violations, their payouts qualified against the finished hands of the log's tables (read only when a payout names one). */
function bookViolations(books: readonly BookReplay[], hands: HandRecord[] | undefined): Violation[] {
  return books.flatMap((b) => b.finish(hands));
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
  const found = { trainingHands: [] as StreamHand[], readerConflicts: [] as StreamHand[] };
  // What the audit stream says of devices (a shuffler's deck must come from it) and of reader conflicts.
  const audit = await readAuditLog(store, ['DeviceRegistered', 'ReaderConflict']);
  const devices = deviceRegistry(audit);
  const books: BookReplay[] = [];
  const drops = new DropCheck();
  const reader = await store.openWholeStreamReader(pageSize);
  let failure: Error | undefined;
  try {
    for (const info of infos) {
      const verifier = new StreamVerifier(info.streamId, {
        engine: isTable(info.streamId),
        devices,
        ...(options.sealKey && { sealKey: options.sealKey }),
        ...(options.table && { table: options.table }),
      });
      const replay = replayFor(info.streamId, true);
      await reader.read(info.streamId, (event) => {
        verifier.push(event);
        replay?.push(event);
        drops.push(event);
        if (++done % PROGRESS_EVERY === 0) options.onProgress?.(done, total);
      });
      options.onProgress?.(done, total);
      violations.push(...verifier.finish({ version: info.version, lastHash: info.lastHash }));
      if (replay instanceof BookReplay) books.push(replay);
      else if (replay) violations.push(...replay.finish());
      heads.push({ streamId: info.streamId, ...verifier.head });
      hands += verifier.hands;
      sealedHands.push(...verifier.sealedHands.map((h) => ({ streamId: info.streamId, ...h })));
      collectHands(found, info.streamId, verifier);
    }
  } catch (error) {
    failure = error as Error;
    throw error;
  } finally {
    reader.close(failure);
  }
  // Every table of the store, not only those verified here: a worker's book needs the hands of others' tables.
  let records: HandRecord[] | undefined;
  if (books.some((b) => b.needsHands)) {
    records = [];
    for (const s of all)
      if (isTable(s.streamId)) records.push(...tableHandRecords(s.streamId, await store.readStream(s.streamId), options.table));
  }
  violations.push(...bookViolations(books, records));
  if (!options.deferDrops) violations.push(...drops.finish(allBooksIn(all, infos)));
  violations.push(...readerConflictViolations(found.readerConflicts, audit));
  const report = { streams: infos.length, events: done, hands, sealedHands, violations, heads, ...found };
  return options.deferDrops ? { ...report, drops: drops.state() } : report;
}

/** Whether every book of the store is among the streams verified: a drop missing from them all is missing. */
export function allBooksIn(all: readonly StreamInfo[], verified: readonly StreamInfo[]): boolean {
  const ids = new Set(verified.map((s) => s.streamId));
  return all.every((s) => !s.streamId.startsWith(BOOK_STREAM_PREFIX) || ids.has(s.streamId));
}

function collectHands(
  found: { trainingHands: StreamHand[]; readerConflicts: StreamHand[] },
  streamId: string,
  verifier: StreamVerifier,
): void {
  found.trainingHands.push(...verifier.trainingHands.map((h) => ({ streamId, ...h })));
  found.readerConflicts.push(...verifier.readerConflicts.map((h) => ({ streamId, ...h })));
}

/** Each reader conflict in the tables' streams without its ReaderConflict in the audit stream. */
function readerConflictViolations(conflicts: readonly StreamHand[], audit: readonly RecordedEvent[]): Violation[] {
  const at: ReaderConflictAt[] = conflicts.map((c) => ({ ...c, tableId: c.streamId.slice(`${TABLE_CATEGORY}-`.length) }));
  return unrecordedReaderConflicts(at, audit).map((c) => ({
    streamId: c.streamId,
    version: c.version,
    kind: 'deal',
    message: `hand ${c.handNumber}: a dealer's entry contradicted a reader's record here, but the audit stream holds no ReaderConflict for it (the API records one with the entry)`,
  }));
}

export interface VerifyEventsOptions {
  /**
   * Streams may start after version 1 (an export with --from): their chain is anchored on their first prevHash,
   * and the engine checks are skipped. Without it, a stream that does not start at version 1 is a violation.
   */
  readonly excerpt?: boolean;
  readonly onProgress?: (done: number, total: number) => void;
  /** The seal key: sealed decks opened and compared with the revealed ones (StreamVerifierOptions). */
  readonly sealKey?: Buffer;
  /** The engine the tables were played with, a casino's own modules included (StreamVerifierOptions). */
  readonly table?: TableEngine;
}

/** Verifies events from an export, stream by stream, in the order the file gives them. */
export function verifyEvents(events: readonly RecordedEvent[], options: VerifyEventsOptions = {}): VerifyReport {
  const violations: Violation[] = [];
  const sealedHands: SealedHandAtTail[] = [];
  let hands = 0;
  let done = 0;
  const heads: StreamHead[] = [];
  const found = { trainingHands: [] as StreamHand[], readerConflicts: [] as StreamHand[] };
  const books: BookReplay[] = [];
  const drops = new DropCheck();
  let bookExcerpt = false;
  const streams = byStream(events);
  // An export with the audit streams (--all) says what the devices were and which reader conflicts were recorded.
  const audit = events.filter((e) => e.streamId.startsWith(AUDIT_STREAM_PREFIX));
  const devices = audit.length > 0 ? deviceRegistry(audit) : null;
  for (const [streamId, list] of streams) {
    const first = list[0]!;
    const anchored = options.excerpt && first.streamVersion > 1;
    const verifier = new StreamVerifier(streamId, {
      engine: isTable(streamId),
      devices,
      ...(anchored ? { start: { version: first.streamVersion - 1, hash: first.prevHash } } : {}),
      ...(options.sealKey && { sealKey: options.sealKey }),
      ...(options.table && { table: options.table }),
    });
    const replay = replayFor(streamId, !anchored);
    if (anchored && streamId.startsWith(BOOK_STREAM_PREFIX)) bookExcerpt = true;
    for (const e of list) {
      verifier.push(e);
      replay?.push(e);
      if (!anchored) drops.push(e);
      if (++done % 10000 === 0) options.onProgress?.(done, events.length);
    }
    violations.push(...verifier.finish());
    if (replay instanceof BookReplay) books.push(replay);
    else if (replay) violations.push(...replay.finish());
    heads.push({ streamId, ...verifier.head });
    hands += verifier.hands;
    sealedHands.push(...verifier.sealedHands.map((h) => ({ streamId, ...h })));
    collectHands(found, streamId, verifier);
  }
  options.onProgress?.(done, events.length);
  const records = books.some((b) => b.needsHands)
    ? [...streams].filter(([id]) => isTable(id)).flatMap(([id, list]) => tableHandRecords(id, list, options.table))
    : undefined;
  violations.push(...bookViolations(books, records));
  // An export without its books (one table's, say) leaves the tables' drops unchecked.
  violations.push(...drops.finish(books.length > 0 && !bookExcerpt));
  if (devices !== null) violations.push(...readerConflictViolations(found.readerConflicts, audit));
  return { streams: streams.size, events: events.length, hands, sealedHands, violations, heads, ...found };
}
