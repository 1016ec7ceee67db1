import type { Decider } from '@felt/engine';
import { eventIdFor, GENESIS_HASH, type RecordedEvent } from '@felt/event-store';
import { fastEventHash } from './event-hash-fast';

/**
 * A stream as the store records it, from commands a pure decider accepts: one command id per decision, versions
 * from 1, hashes chained. A refusal fails the test with its code.
 */
export function decidedLog<C, S, E extends { readonly type: string }, R extends { code: string }>(
  streamId: string,
  decider: Decider<C, S, E, R>,
  commands: readonly C[],
  schemaVersion: number,
): RecordedEvent[] {
  let state = decider.initialState;
  const groups = commands.map((command) => {
    const decision = decider.decide(command, state);
    if (!decision.ok) throw new Error(`${(command as { type: string }).type} refused: ${decision.rejection.code}`);
    for (const event of decision.events) state = decider.evolve(state, event);
    return decision.events;
  });
  return recordedStream(streamId, groups, () => schemaVersion);
}

/** Events as the store records them, one command id per group, versions from 1, hashes chained. */
export function recordedStream(
  streamId: string,
  groups: readonly (readonly { readonly type: string }[])[],
  schemaVersionOf: (type: string) => number,
): RecordedEvent[] {
  const out: RecordedEvent[] = [];
  groups.forEach((events, n) => {
    events.forEach((event, i) => {
      const { type, ...data } = event;
      out.push({
        eventId: eventIdFor(`${streamId}/${n}`, i),
        streamId,
        streamVersion: out.length + 1,
        type,
        schemaVersion: schemaVersionOf(type),
        data: JSON.parse(JSON.stringify(data)),
        metadata: { actorId: 'floor', actorRole: 'floor', commandId: `${streamId}/${n}` },
        recordedAt: new Date(Date.UTC(2026, 0, 1, 19) + out.length).toISOString(),
        globalPosition: '0',
        txId: '0',
        prevHash: '',
        hash: '',
      });
    });
  });
  return rechained(out);
}

/** The events with every hash recomputed: what a forger with write access to the store would leave. */
export function rechained(events: readonly RecordedEvent[]): RecordedEvent[] {
  let prevHash = GENESIS_HASH;
  return events.map((e) => {
    const { prevHash: _p, hash: _h, globalPosition, txId, ...fields } = e;
    const hash = fastEventHash(prevHash, fields);
    const out = { ...fields, globalPosition, txId, prevHash, hash };
    prevHash = hash;
    return out;
  });
}

/** `events` with the data of those `change` picks replaced, then the chain recomputed. */
export function forged(events: readonly RecordedEvent[], change: (e: RecordedEvent) => object | null): RecordedEvent[] {
  return rechained(events.map((e) => ({ ...e, data: (change(e) ?? e.data) as RecordedEvent['data'] })));
}
