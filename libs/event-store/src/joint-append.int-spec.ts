import { counters, type Add } from '../test-support/counters';
import { freshStreamId } from '../test-support/sample-events';
import { BACKENDS } from '../test-support/test-databases';
import { useTestStore } from '../test-support/test-store';
import type { AppendRequest } from './append';
import type { EventStore } from './event-store';
import { JointAppend } from './joint-append';

/**
 * Two streams' decisions in one transaction (JointAppend): a tournament's hand end (here a plain stream, `decision`)
 * and the commands it decides at its table (a counter through StreamCommands.handleAll, in its own queue). Both
 * commit or neither: another writer on either stream, a retry, a refusal or a failed statement leaves both as they
 * were, and each party then goes its one-at-a-time way.
 */
describe.each(BACKENDS)('one transaction for two streams’ decisions (JointAppend, %s)', (backend) => {
  const t = useTestStore(backend);
  const add = (n: number, commandId: string): Add => ({ add: n, commandId, metadata: { actorId: 'floor' } });
  const decision = (streamId: string, expectedVersion: number, commandId: string): AppendRequest => ({
    streamId,
    options: {
      expectedVersion,
      commandId,
      events: [
        { type: 'Decided', schemaVersion: 1, data: { n: 1 } },
        { type: 'Moved', schemaVersion: 1, data: {} },
      ],
    },
  });
  /** A decision stream and a counter stream, each with one event already. */
  async function streams(store: EventStore) {
    const tournament = freshStreamId('tournament');
    const table = freshStreamId('counter');
    const commands = counters(store);
    await store.append(tournament, {
      expectedVersion: 0,
      commandId: `${tournament}-0`,
      events: [{ type: 'Opened', schemaVersion: 1, data: {} }],
    });
    await commands.handle(table, add(1, `${table}-0`));
    return { tournament, table, commands };
  }
  const versions = async (...ids: string[]) => Promise.all(ids.map((id) => t.store.streamVersion(id)));
  /** The tournament's appends and the table's commands given to one JointAppend, as the API gives them. */
  const jointly = (commands: ReturnType<typeof counters>, tournament: readonly AppendRequest[], table: string, adds: readonly Add[]) => {
    const joint = new JointAppend(t.store, 2);
    return Promise.all([joint.slots[0]!.write(tournament), commands.handleAll(table, adds, joint.slots[1])]);
  };

  it('commits both streams in one transaction, each command with its record, versions consecutive', async () => {
    const { tournament, table, commands } = await streams(t.store);
    const [written, outcomes] = await jointly(commands, [decision(tournament, 1, `${tournament}-a`)], table, [
      add(2, `${table}-a`),
      add(3, `${table}-b`),
    ]);
    expect(written!.map((w) => w.streamVersion)).toEqual([3]);
    expect(outcomes).toMatchObject([
      { kind: 'applied', version: 2, folded: { total: 3 } },
      { kind: 'applied', version: 3, folded: { total: 6 } },
    ]);
    const events = [
      ...(await t.store.readStream(tournament, { fromVersion: 2 })),
      ...(await t.store.readStream(table, { fromVersion: 2 })),
    ];
    expect(new Set(events.map((e) => e.txId)).size).toBe(1);
    expect(events.map((e) => [e.streamId, e.streamVersion])).toEqual([
      [tournament, 2],
      [tournament, 3],
      [table, 2],
      [table, 3],
    ]);
    // The global log (what the outbox's relay reads) has them as one transaction, each stream's in version order
    // (the streams in id order, as in every group commit: felt_append_batch locks them so).
    const log = (await t.store.readAll({ limit: 100_000 })).filter((e) => e.txId === events[0]!.txId);
    const byId = [...events].sort((a, b) =>
      a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : a.streamVersion - b.streamVersion,
    );
    expect(log.map((e) => e.eventId)).toEqual(byId.map((e) => e.eventId));
    expect(await t.store.findCommand(`${tournament}-a`)).toMatchObject({ streamId: tournament, firstVersion: 2, lastVersion: 3 });
    expect(await t.store.findCommand(`${table}-b`)).toMatchObject({ streamId: table, firstVersion: 3, lastVersion: 3 });

    // Sent again (a retry): nothing written twice, both answered null; one at a time, each gets its first result.
    const [rewritten, redone] = await jointly(commands, [decision(tournament, 1, `${tournament}-a`)], table, [
      add(2, `${table}-a`),
      add(3, `${table}-b`),
    ]);
    expect([rewritten, redone]).toEqual([null, null]);
    expect(await versions(tournament, table)).toEqual([3, 3]);
    expect(await commands.handle(table, add(3, `${table}-b`))).toMatchObject({ kind: 'replayed', version: 3 });
  });

  it('writes neither stream when another writer moved the table, the tournament, or the table refuses', async () => {
    const { tournament, table, commands } = await streams(t.store);
    // Another process appends to the table: this process's fold is behind, the table's append conflicts.
    await counters(t.store).handle(table, add(1, `${table}-other`));
    const raced = await jointly(commands, [decision(tournament, 1, `${tournament}-a`)], table, [add(2, `${table}-a`)]);
    expect(raced).toEqual([null, null]);
    expect(await versions(tournament, table)).toEqual([1, 2]);
    expect([await t.store.findCommand(`${tournament}-a`), await t.store.findCommand(`${table}-a`)]).toEqual([null, null]);

    // Another writer on the tournament's stream: the table's commands are not written either.
    await t.store.append(tournament, {
      expectedVersion: 1,
      commandId: `${tournament}-other`,
      events: [{ type: 'Noted', schemaVersion: 1, data: {} }],
    });
    const [late, tableLate] = await jointly(commands, [decision(tournament, 1, `${tournament}-a`)], table, [add(2, `${table}-a`)]);
    expect([late, tableLate]).toEqual([null, null]);
    expect(await versions(tournament, table)).toEqual([2, 2]);

    // The table refuses (past 10): it declines, and the tournament's decision is not written.
    const [declined, none] = await jointly(commands, [decision(tournament, 2, `${tournament}-b`)], table, [add(20, `${table}-b`)]);
    expect([declined, none]).toEqual([null, null]);
    expect(await versions(tournament, table)).toEqual([2, 2]);
  });

  it('rolls the first party back when a later append fails in the statement (nothing is half written)', async () => {
    const { tournament, table, commands } = await streams(t.store);
    // The table's command id was already used on the tournament's stream: the statement writes the tournament's
    // events, then finds the table's id taken; the transaction is rolled back whole.
    const [written, outcomes] = await jointly(commands, [decision(tournament, 1, `${tournament}-a`)], table, [add(2, `${tournament}-0`)]);
    expect([written, outcomes]).toEqual([null, null]);
    expect(await versions(tournament, table)).toEqual([1, 1]);
    expect(await t.store.findCommand(`${tournament}-a`)).toBeNull();

    // A database error (a malformed event) rejects every party, and writes nothing.
    const broken = new JointAppend(t.store, 2);
    const bad: AppendRequest = { streamId: tournament, options: { expectedVersion: 1, commandId: `${tournament}-bad`, events: [] } };
    const results = await Promise.allSettled([
      broken.slots[0]!.write([decision(tournament, 1, `${tournament}-c`), bad]),
      commands.handleAll(table, [add(2, `${table}-c`)], broken.slots[1]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(await versions(tournament, table)).toEqual([1, 1]);
  });
});
