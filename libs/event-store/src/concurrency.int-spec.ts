import { BACKENDS } from '../test-support/test-databases';
import { useTestStore } from '../test-support/test-store';
import { freshStreamId, sampleEvents } from '../test-support/sample-events';
import type { AppendResult } from './index';

// On PGlite the "concurrent" appends queue behind one another (one session); the outcomes must be the same.
describe.each(BACKENDS)('concurrent appends (%s)', (backend) => {
  const t = useTestStore(backend);

  async function expectContiguous(streamId: string, length: number): Promise<void> {
    const events = await t.store.readStream(streamId);
    expect(events.map((e) => e.streamVersion)).toEqual(Array.from({ length }, (_, i) => i + 1));
    expect(new Set(events.map((e) => e.eventId)).size).toBe(length);
    expect(await t.store.streamVersion(streamId)).toBe(length);
    expect(await t.store.verifyChain(streamId)).toMatchObject({ ok: true, head: { version: length } });
  }

  it('lets exactly one of 20 appends with the same expected version win', async () => {
    const streamId = freshStreamId();
    await t.store.append(streamId, { expectedVersion: 'no-stream', commandId: `seed-${streamId}`, events: sampleEvents(2) });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.store.append(streamId, { expectedVersion: 2, commandId: `racer-${i}-${streamId}`, events: sampleEvents(3, `r${i}-`) }),
      ),
    );
    const winners = results.filter((r) => r.ok);
    const conflicts = results.filter((r): r is Extract<AppendResult, { ok: false }> => !r.ok);
    expect(winners).toHaveLength(1);
    expect(conflicts).toHaveLength(19);
    for (const c of conflicts) expect(c.conflict).toEqual({ streamId, expected: 2, actual: 5 });
    await expectContiguous(streamId, 5);
  });

  it('lets 20 racing creators of a new stream produce one stream', async () => {
    const streamId = freshStreamId();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.store.append(streamId, { expectedVersion: 'no-stream', commandId: `creator-${i}-${streamId}`, events: sampleEvents(2) }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    await expectContiguous(streamId, 2);
  });

  it('serialises 20 appends that accept any version into one gapless chain', async () => {
    const streamId = freshStreamId();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.store.append(streamId, { expectedVersion: 'any', commandId: `any-${i}-${streamId}`, events: sampleEvents(2, `a${i}-`) }),
      ),
    );
    expect(results.every((r) => r.ok && !r.duplicate)).toBe(true);
    await expectContiguous(streamId, 40);
  });

  it.each([
    ['a new stream', 0],
    ['an existing stream', 3],
  ])('writes a command once when identical retries race on %s', async (_label, existing) => {
    const streamId = freshStreamId();
    if (existing > 0)
      await t.store.append(streamId, { expectedVersion: 'no-stream', commandId: `pre-${streamId}`, events: sampleEvents(existing) });
    const commandId = `same-${streamId}`;
    const expectedVersion = existing > 0 ? existing : 'no-stream';
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.store.append(streamId, { expectedVersion, commandId, events: sampleEvents(2, 'retry-') })),
    );
    const successes = results.map((r) => {
      if (!r.ok) throw new Error(`a retry got a conflict: ${JSON.stringify(r.conflict)}`);
      return r;
    });
    expect(successes.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(successes.filter((r) => r.duplicate)).toHaveLength(7);
    const first = successes.find((r) => !r.duplicate)!;
    for (const r of successes) {
      expect(r.streamVersion).toBe(existing + 2);
      expect(r.events.map((e) => [e.eventId, e.globalPosition, e.hash])).toEqual(
        first.events.map((e) => [e.eventId, e.globalPosition, e.hash]),
      );
    }
    await expectContiguous(streamId, existing + 2);
  });
});
