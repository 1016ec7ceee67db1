import { createHash } from 'node:crypto';
import { CHAIN_START, GENESIS_HASH, canonicalEvent, computeEventHash, verifyEvents } from './event-hash';
import { eventIdFor } from './event-id';
import type { RecordedEvent } from './event-types';

function chain(count: number): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  let prevHash = GENESIS_HASH;
  for (let i = 0; i < count; i++) {
    const fields = {
      eventId: eventIdFor('cmd', i),
      streamId: 'table-1',
      streamVersion: i + 1,
      type: 'ChipsMoved',
      schemaVersion: 1,
      data: { amount: i },
      metadata: { commandId: 'cmd' },
      recordedAt: '2026-01-02T03:04:05.678Z',
    };
    const hash = computeEventHash(prevHash, fields);
    events.push({ ...fields, prevHash, hash, globalPosition: String(i + 1), txId: '900' });
    prevHash = hash;
  }
  return events;
}

describe('event hash', () => {
  it('is sha256 of the previous hash bytes followed by the canonical event', () => {
    const [event] = chain(1);
    const canonical =
      `{"data":{"amount":0},"eventId":"${event!.eventId}","metadata":{"commandId":"cmd"},"recordedAt":"2026-01-02T03:04:05.678Z",` +
      `"schemaVersion":1,"streamId":"table-1","streamVersion":1,"type":"ChipsMoved"}`;
    expect(canonicalEvent(event!)).toBe(canonical);
    expect(event!.hash).toBe(createHash('sha256').update(Buffer.alloc(32)).update(canonical).digest('hex'));
  });

  it('ignores the database-assigned position and transaction id', () => {
    const [event] = chain(1);
    expect(computeEventHash(GENESIS_HASH, { ...event!, globalPosition: '77', txId: '1' } as RecordedEvent)).toBe(event!.hash);
  });

  it('refuses a malformed previous hash', () => {
    expect(() => computeEventHash('ABC', chain(1)[0]!)).toThrow(/64 lowercase hex/);
  });
});

describe('verifyEvents', () => {
  it('accepts an intact chain and continues from a head, page by page', () => {
    const events = chain(6);
    const first = verifyEvents(events.slice(0, 4));
    if (!first.ok) throw new Error('expected ok');
    expect(verifyEvents(events.slice(4), first.head)).toEqual({ ok: true, head: { version: 6, hash: events[5]!.hash } });
    expect(verifyEvents([])).toEqual({ ok: true, head: CHAIN_START });
  });

  it('names the first broken version and what is wrong with it', () => {
    const events = chain(4);
    expect(verifyEvents([events[0]!, events[2]!])).toMatchObject({ ok: false, version: 2, problem: 'version-gap', actual: '3' });
    const relinked = events.map((e) => ({ ...e }));
    relinked[2]!.prevHash = relinked[0]!.hash;
    expect(verifyEvents(relinked)).toMatchObject({ ok: false, version: 3, problem: 'prev-hash-mismatch' });
    const edited = events.map((e) => ({ ...e }));
    edited[1]!.metadata = { commandId: 'other' };
    expect(verifyEvents(edited)).toMatchObject({ ok: false, version: 2, problem: 'hash-mismatch', actual: events[1]!.hash });
  });
});

describe('eventIdFor', () => {
  it('derives a stable version 8 UUID per command and index', () => {
    const id = eventIdFor('command-123', 0);
    expect(id).toBe(eventIdFor('command-123', 0));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const hex = createHash('sha256').update('command-123:0').digest('hex');
    expect(id.replace(/-/g, '').slice(0, 12)).toBe(hex.slice(0, 12));
    expect(new Set([eventIdFor('command-123', 1), eventIdFor('command-124', 0), id]).size).toBe(3);
    expect(() => eventIdFor('c', -1)).toThrow(RangeError);
  });
});
