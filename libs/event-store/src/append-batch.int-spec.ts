import { BACKENDS } from '../test-support/test-databases';
import { useTestStore } from '../test-support/test-store';
import { freshStreamId, sampleEvents } from '../test-support/sample-events';
import { appendBatch, type AppendRequest } from './append';
import { CommandIdReusedError, EventStore, type AppendResult, type BatchOutcome, type Queryable, type Row } from './index';

function value(outcome: BatchOutcome<AppendResult> | undefined): AppendResult {
  if (!outcome || !('value' in outcome)) throw new Error(`expected a value, got ${JSON.stringify(outcome)}`);
  return outcome.value;
}

function appended(outcome: BatchOutcome<AppendResult> | undefined) {
  const result = value(outcome);
  if (!result.ok) throw new Error(`expected an append, got a conflict at ${result.conflict.actual}`);
  return result;
}

describe.each(BACKENDS)('group commit: felt_append_batch (%s)', (backend) => {
  const t = useTestStore(backend);

  const request = (
    streamId: string,
    commandId: string,
    events = 2,
    expectedVersion: AppendRequest['options']['expectedVersion'] = 'any',
  ): AppendRequest => ({
    streamId,
    options: { expectedVersion, commandId, events: sampleEvents(events, `${commandId}-`) },
  });

  it('writes the appends of several streams in one transaction, each answered and chained as if alone', async () => {
    const streams = Array.from({ length: 5 }, () => freshStreamId());
    const outcomes = await appendBatch(
      t.db,
      streams.map((s, i) => request(s, `many-${s}`, i + 1, 'no-stream')),
    );
    const results = outcomes.map(appended);
    expect(new Set(results.flatMap((r) => r.events.map((e) => e.txId))).size).toBe(1);
    for (const [i, streamId] of streams.entries()) {
      expect(results[i]!.streamVersion).toBe(i + 1);
      expect(await t.store.readStream(streamId)).toEqual(results[i]!.events);
      expect(await t.store.verifyChain(streamId)).toMatchObject({ ok: true, head: { version: i + 1 } });
    }
  });

  it('answers a conflict, a retry, a reused command id and a malformed append each on its own, and writes the rest', async () => {
    const [fresh, behind, retried, other] = [freshStreamId(), freshStreamId(), freshStreamId(), freshStreamId()];
    await t.store.append(behind, { expectedVersion: 'no-stream', commandId: `seed-${behind}`, events: sampleEvents(3) });
    const first = await t.store.append(retried, {
      expectedVersion: 'no-stream',
      commandId: `once-${retried}`,
      events: sampleEvents(2, 'once-'),
    });
    const outcomes = await appendBatch(t.db, [
      request(fresh, `fresh-${fresh}`, 2, 'no-stream'),
      request(behind, `late-${behind}`, 1, 1),
      { streamId: retried, options: { expectedVersion: 'no-stream', commandId: `once-${retried}`, events: sampleEvents(2, 'once-') } },
      request(other, `once-${retried}`, 1),
      { streamId: other, options: { expectedVersion: 'any', commandId: `empty-${other}`, events: [] } },
    ]);
    expect(appended(outcomes[0]).streamVersion).toBe(2);
    expect(value(outcomes[1])).toEqual({ ok: false, conflict: { streamId: behind, expected: 1, actual: 3 } });
    expect(value(outcomes[2])).toEqual({ ...first, duplicate: true });
    expect('error' in outcomes[3]! && outcomes[3].error).toBeInstanceOf(CommandIdReusedError);
    expect('error' in outcomes[4]! && outcomes[4].error).toBeInstanceOf(TypeError);
    expect(await t.store.streamVersion(behind)).toBe(3);
    expect(await t.store.streamVersion(retried)).toBe(2);
    expect(await t.store.streamVersion(other)).toBe(0);
  });

  it('applies two appends to one stream in the order given', async () => {
    const streamId = freshStreamId();
    const outcomes = await appendBatch(t.db, [
      request(streamId, `a-${streamId}`, 2, 'no-stream'),
      request(streamId, `b-${streamId}`, 3, 2),
    ]);
    expect(outcomes.map((o) => appended(o).streamVersion)).toEqual([2, 5]);
    expect((await t.store.readStream(streamId)).map((e) => e.metadata.commandId)).toEqual([
      ...Array(2).fill(`a-${streamId}`),
      ...Array(3).fill(`b-${streamId}`),
    ]);
    expect(await t.store.verifyChain(streamId)).toMatchObject({ ok: true });
  });

  it('when the statement fails, retries each append alone so that only the bad one fails', async () => {
    const [good, bad, alsoGood] = [freshStreamId(), freshStreamId(), freshStreamId()];
    // Valid JSON that PostgreSQL's jsonb refuses: the batch statement fails as a whole.
    const refused = {
      streamId: bad,
      options: {
        expectedVersion: 'any' as const,
        commandId: `nul-${bad}`,
        events: [{ type: 'Note', schemaVersion: 1, data: { text: 'a\u0000b' } }],
      },
    };
    const outcomes = await appendBatch(t.db, [request(good, `g-${good}`), refused, request(alsoGood, `h-${alsoGood}`)]);
    expect(appended(outcomes[0]).streamVersion).toBe(2);
    expect('error' in outcomes[1]!).toBe(true);
    expect(appended(outcomes[2]).streamVersion).toBe(2);
    expect(await t.store.streamVersion(bad)).toBe(0);
  });

  it('never deadlocks: batches over the same streams in opposite orders all commit', async () => {
    const streams = Array.from({ length: 4 }, () => freshStreamId());
    // A deadlock would be retried append by append and so go unseen in the outcomes: watch the statements instead.
    const failures: unknown[] = [];
    const watched: Queryable = {
      query: <R extends Row>(sql: string, params?: readonly unknown[]) =>
        t.db.query<R>(sql, params).catch((error: unknown) => {
          failures.push(error);
          throw error;
        }),
    };
    const rounds = await Promise.all(
      Array.from({ length: 8 }, (_, round) => {
        const order = round % 2 === 0 ? streams : [...streams].reverse();
        return appendBatch(
          watched,
          order.map((s) => request(s, `r${round}-${s}`, 1)),
        );
      }),
    );
    expect(failures).toEqual([]);
    expect(rounds.flat().every((o) => value(o).ok)).toBe(true);
    for (const s of streams) expect(await t.store.verifyChain(s)).toMatchObject({ ok: true, head: { version: 8 } });
  });

  it('EventStore.append batches the appends made while one is in flight', async () => {
    const batching = new EventStore(t.db, { maxInFlight: 1, maxBatch: 64 });
    const streams = Array.from({ length: 30 }, () => freshStreamId());
    const results = await Promise.all(
      streams.map((s) => batching.append(s, { expectedVersion: 'no-stream', commandId: `eb-${s}`, events: sampleEvents(1) })),
    );
    expect(results.every((r) => r.ok && r.streamVersion === 1)).toBe(true);
    const transactions = new Set(results.map((r) => (r.ok ? r.events[0]!.txId : '')));
    expect(transactions.size).toBe(2); // the first alone, the other 29 together
  });
});
