import { counters, type Add } from '../test-support/counters';
import { BACKENDS } from '../test-support/test-databases';
import { useTestStore } from '../test-support/test-store';
import type { Transaction } from './database';
import { freshStreamId } from '../test-support/sample-events';
import type { EventStore } from './event-store';

// The one command path with a counter as its stream kind (test-support/counters.ts): what the tables and the room rely on.
describe('one command against one stream (StreamCommands)', () => {
  const t = useTestStore('pglite');
  const add = (n: number, commandId: string, more: Partial<Add> = {}): Add => ({
    add: n,
    commandId,
    metadata: { actorId: 'ann' },
    ...more,
  });

  it('applies, answers a retry with the first result (even one the decider now refuses), and refuses without writing', async () => {
    const commands = counters(t.store);
    const stream = freshStreamId('counter');
    expect(await commands.handle(stream, add(6, `${stream}-a`))).toMatchObject({ kind: 'applied', version: 1, folded: { total: 6 } });
    // 6 + 6 is more than 10, but this is the retry of the first command: its first result stands.
    expect(await commands.handle(stream, add(6, `${stream}-a`))).toMatchObject({
      kind: 'replayed',
      version: 1,
      folded: { total: 6, version: 1 },
    });
    expect(await commands.handle(stream, add(6, `${stream}-b`))).toEqual({ kind: 'refused', refusal: '6 + 6 is more than 10' });
    expect(await t.store.streamVersion(stream)).toBe(1);
  });

  it('refuses a key used by another user, for another stream or still in flight, and a stale expected version', async () => {
    const commands = counters(t.store);
    const stream = freshStreamId('counter');
    const other = freshStreamId('counter');
    await commands.handle(stream, add(1, `${stream}-a`));
    expect(await commands.handle(stream, add(1, `${stream}-a`, { metadata: { actorId: 'bob' } }))).toEqual({
      kind: 'key-reused',
      by: 'another-user',
    });
    expect(await commands.handle(other, add(1, `${stream}-a`))).toEqual({ kind: 'command-id-reused', firstStreamId: stream });
    expect(await commands.handle(stream, add(1, `${stream}-b`, { expectedVersion: 0 }))).toEqual({
      kind: 'conflict',
      expectedVersion: 0,
      currentVersion: 1,
    });
    const [first, second] = await Promise.all([
      commands.handle(stream, add(1, `${stream}-c`)),
      commands.handle(stream, add(1, `${stream}-c`)),
    ]);
    expect([first.kind, second.kind]).toEqual(['applied', 'key-in-flight']);
    expect(await commands.handle(freshStreamId('counter'), add(0, 'nothing'))).toEqual({ kind: 'not-found' });
  });

  it('decides again on the stream another process changed, and runs one stream’s commands one after another', async () => {
    const stream = freshStreamId('counter');
    const here = counters(t.store);
    await here.handle(stream, add(1, `${stream}-a`));
    // Another process (another instance, its own fold) appends meanwhile: this one loses the race, catches up, decides again.
    await counters(t.store).handle(stream, add(2, `${stream}-b`));
    expect(await here.handle(stream, add(3, `${stream}-c`, { commandIdGenerated: true }))).toMatchObject({
      kind: 'applied',
      version: 3,
      folded: { total: 6 },
    });
    const outcomes = await Promise.all([4, 1].map((n, i) => here.handle(stream, add(n, `${stream}-d${i}`))));
    expect(outcomes.map((o) => o.kind)).toEqual(['applied', 'refused']);
  });
});

describe('several commands of one stream in one round trip (StreamCommands.handleAll)', () => {
  const t = useTestStore('pglite');
  const add = (n: number, commandId: string): Add => ({ add: n, commandId, metadata: { actorId: 'ann' } });

  it('decides each on the fold the one before left and writes them in one transaction, each with its own record', async () => {
    const commands = counters(t.store);
    const stream = freshStreamId('counter');
    await commands.handle(stream, add(1, `${stream}-a`));
    const outcomes = await commands.handleAll(stream, [add(3, `${stream}-b`), add(4, `${stream}-c`)]);
    expect(outcomes).toMatchObject([
      { kind: 'applied', version: 2, folded: { total: 4 } },
      { kind: 'applied', version: 3, folded: { total: 8 } },
    ]);
    const [, b, c] = await t.store.readStream(stream);
    expect(b!.txId).toBe(c!.txId);
    expect(await t.store.findCommand(`${stream}-c`)).toMatchObject({ firstVersion: 3, lastVersion: 3 });
    // A retry of one of them, sent one at a time, is answered with its first result.
    expect(await commands.handle(stream, add(3, `${stream}-b`))).toMatchObject({ kind: 'replayed', version: 2 });
  });

  it('writes nothing when any is refused, sent before, sent twice or behind another process, and keeps the fold', async () => {
    const commands = counters(t.store);
    const stream = freshStreamId('counter');
    await commands.handle(stream, add(1, `${stream}-a`));
    // 1 + 4 + 6 is more than 10: the second is refused on the first's fold, and the first is not written either.
    expect(await commands.handleAll(stream, [add(4, `${stream}-b`), add(6, `${stream}-c`)])).toBeNull();
    expect(await commands.handleAll(stream, [add(1, `${stream}-d`), add(1, `${stream}-a`)])).toBeNull();
    expect(await commands.handleAll(stream, [add(1, `${stream}-e`), add(1, `${stream}-e`)])).toBeNull();
    expect([await t.store.streamVersion(stream), await t.store.findCommand(`${stream}-b`)]).toEqual([1, null]);
    await counters(t.store).handle(stream, add(2, `${stream}-f`));
    expect(await commands.handleAll(stream, [add(1, `${stream}-g`), add(1, `${stream}-h`)])).toBeNull();
    expect(await t.store.streamVersion(stream)).toBe(2);
    // One at a time (the caller's fallback) catches up and applies.
    expect(await commands.handle(stream, add(1, `${stream}-g`))).toMatchObject({ kind: 'applied', version: 3, folded: { total: 4 } });
  });
});

describe.each(BACKENDS)('a write alongside a command, in its transaction (%s)', (backend) => {
  const t = useTestStore(backend);
  const note = (stream: string) => `${stream}-note`;
  const noted = (store: EventStore, stream: string) => (tx: Transaction, version: number) =>
    store
      .append(note(stream), {
        expectedVersion: 'any',
        events: [{ type: 'Noted', schemaVersion: 1, data: { version } }],
        commandId: `${stream}-note-${version}`,
        tx,
      })
      .then(() => undefined);

  it('commits both streams, or neither when the write alongside fails; a replay writes nothing alongside', async () => {
    const commands = counters(t.store);
    const stream = freshStreamId('counter');
    const failing = async () => {
      throw new Error('crash while writing alongside');
    };
    await expect(commands.handle(stream, { add: 1, commandId: `${stream}-a`, metadata: {}, alongside: failing })).rejects.toThrow(
      'crash while writing alongside',
    );
    expect([await t.store.streamVersion(stream), await t.store.streamVersion(note(stream))]).toEqual([0, 0]);

    const request = { add: 1, commandId: `${stream}-a`, metadata: {}, alongside: noted(t.store, stream) };
    expect(await commands.handle(stream, request)).toMatchObject({ kind: 'applied', version: 1 });
    const [added] = await t.store.readStream(stream);
    const [recorded] = await t.store.readStream(note(stream));
    expect(recorded).toMatchObject({ type: 'Noted', data: { version: 1 }, txId: added!.txId });
    expect(await counters(t.store).handle(stream, request)).toMatchObject({ kind: 'replayed', version: 1 });
    expect(await t.store.streamVersion(note(stream))).toBe(1);
  });
});
