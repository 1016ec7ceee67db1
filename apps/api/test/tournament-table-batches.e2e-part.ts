import { CommandBus } from '@nestjs/cqrs';
import type { RecordedEvent } from '@felt/event-store';
import { verifyStore } from '@felt/regulator';
import { mulberry32 } from '../../../libs/tournament/src/tournament.test-support';
import { ApplyTableCommand, ApplyTableCommands, type ApplyOutcome } from '../src/tables/apply-table-command';
import type { CommandRequest } from '../src/tables/command-request';
import { expectStatus, openTableWithPlayers } from './test-support/table-setup';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, type TestApi } from './test-support/test-api';
import { ENGINE_STRUCTURE, tournamentTablePlay, type FloorView } from './test-support/tournament-play';

const STRUCTURE = { ...ENGINE_STRUCTURE, name: 'Three tables', seatsPerTable: 4 };

/**
 * The commands one tournament decision sends a table, in one round trip (docs/tournaments.md "A table's commands
 * together"): decided in order on the table's state, written in one transaction, each with its own command record;
 * sent again, they write nothing; off the happy path (a refusal, a retry, another process's append) nothing of them is
 * written and they are applied one at a time.
 */
describe.each(APP_BACKENDS)('a table’s tournament commands in one round trip (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });
  const { playHand, expectChipsAtTables, startTournament } = tournamentTablePlay(() => api);

  beforeAll(async () => {
    api = await startTestApi(database.db);
  });

  const bus = () => api.app.get(CommandBus);
  const all = (tableId: string, requests: CommandRequest[]): Promise<ApplyOutcome[] | null> =>
    bus().execute(new ApplyTableCommands(tableId, requests));
  const one = (request: CommandRequest): Promise<ApplyOutcome> => bus().execute(new ApplyTableCommand(request));
  const leave = (tableId: string, seat: number, commandId: string): CommandRequest => ({
    tableId,
    command: { type: 'LeaveTable', seat } as CommandRequest['command'],
    commandId,
    commandIdGenerated: false,
    metadata: { actorRole: 'floor' },
  });
  const floor = async (): Promise<FloorView> => (await api.http.get('/tournaments/brk').expect(200)).body;

  it('writes a breaking table’s leaves and close in one transaction, each once; sent again, nothing', async () => {
    await startTournament('brk', STRUCTURE, ['b1', 'b2', 'b3'], 12);

    // Hands at one table after another (all-ins likely) until the tournament breaks a table.
    let state = await floor();
    let last: { tableId: string; body: object; key?: string } | undefined;
    for (let hand = 0; !state.tables.some((t) => t.broken) && hand < 300; hand++) {
      const seated = (id: string) => state.entryList.filter((e) => e.status === 'seated' && e.seat?.tableId === id).length;
      const t =
        state.tables.filter((x) => !x.broken && seated(x.tableId) >= 2)[hand % 3] ?? state.tables.find((x) => seated(x.tableId) >= 2)!;
      last = { tableId: t.tableId, ...(await playHand(t.tableId, mulberry32(hand + 1), undefined, false, `h${hand}-${t.tableId}`)).last };
      state = await floor();
      await expectChipsAtTables(state);
    }
    const broken = state.tables.find((t) => t.broken)!;
    expect(broken).toBeDefined();

    // The close and the leaves before it: one transaction, consecutive versions, a command record each.
    const stream = `table-${broken.tableId}`;
    const events = await api.store.readStream(stream);
    const closed = events.find((e) => e.type === 'TableClosed')!;
    const together = events.filter((e) => e.txId === closed.txId);
    expect(together.map((e) => e.streamVersion)).toEqual(together.map((_, i) => closed.streamVersion - together.length + 1 + i));
    const ids = [...new Set(together.map((e) => String(e.metadata.commandId)))];
    expect(ids.length).toBeGreaterThan(1);
    for (const id of ids) {
      const record = await api.store.findCommand(id);
      const own = together.filter((e) => e.metadata.commandId === id);
      expect([record?.firstVersion, record?.lastVersion]).toEqual([own[0]!.streamVersion, own[own.length - 1]!.streamVersion]);
    }

    // The same commands sent again: not as a batch (retries), each answered with its first result, nothing written.
    const again = ids.map((id) => requestOf(broken.tableId, id, together));
    expect(await all(broken.tableId, again)).toBeNull();
    for (const request of again) expect((await one(request)).kind).toBe('replayed');
    expect((await api.store.readStream(stream)).length).toBe(events.length);

    // The last hand's last command sent again: the tournament and the table write nothing more.
    const tournamentEvents = (await api.store.readStream('tournament-brk')).length;
    const lastEvents = (await api.store.readStream(`table-${last!.tableId}`)).length;
    const resent = await api.http.post(`/tables/${last!.tableId}/commands`).set('Idempotency-Key', last!.key!).send(last!.body);
    expect([resent.status, resent.body.replayed]).toEqual([200, true]);
    expect((await api.store.readStream('tournament-brk')).length).toBe(tournamentEvents);
    expect((await api.store.readStream(`table-${last!.tableId}`)).length).toBe(lastEvents);
    await expectChipsAtTables(await floor());
    expect((await verifyStore(api.store)).violations).toEqual([]);
  }, 300_000);

  it('writes nothing of a batch off the happy path (a refusal, another process’s append), then one at a time applies', async () => {
    await openTableWithPlayers(api, 'bt-cash', 4);
    const stream = 'table-bt-cash';
    const length = async () => (await api.store.readStream(stream)).length;

    // The happy path: two commands, one transaction, consecutive versions.
    const start = await length();
    const applied = await all('bt-cash', [leave('bt-cash', 4, 'bt-ok-1'), leave('bt-cash', 3, 'bt-ok-2')]);
    expect(applied?.map((o) => [o.kind, o.kind === 'applied' && o.version])).toEqual([
      ['applied', start + 1],
      ['applied', start + 2],
    ]);
    const written = (await api.store.readStream(stream)).slice(start);
    expect(new Set(written.map((e) => e.txId)).size).toBe(1);

    // A refusal (the second leave of the same seat): nothing of the batch written, the first not recorded.
    const before = await length();
    expect(await all('bt-cash', [leave('bt-cash', 2, 'bt-ref-1'), leave('bt-cash', 2, 'bt-ref-2')])).toBeNull();
    expect([await length(), await api.store.findCommand('bt-ref-1')]).toEqual([before, null]);

    // Another API process appends to the table: this one's fold is behind, the batch's append conflicts.
    const other = await startTestApi(database.db);
    try {
      await expectStatus(other.http.post('/tables/bt-cash/seat-player').send({ seat: 4, playerId: 'player-9', buyIn: 100 }), 201);
    } finally {
      await other.close();
    }
    const raced = await length();
    expect(await all('bt-cash', [leave('bt-cash', 2, 'bt-race-1'), leave('bt-cash', 4, 'bt-race-2')])).toBeNull();
    expect([await length(), await api.store.findCommand('bt-race-1')]).toEqual([raced, null]);
    // One at a time (the fallback): caught up, each applied once.
    expect((await one(leave('bt-cash', 2, 'bt-race-1'))).kind).toBe('applied');
    expect((await one(leave('bt-cash', 4, 'bt-race-2'))).kind).toBe('applied');
    expect(await length()).toBe(raced + 2);
  });
});

/** A tournament's table command as first sent, from the events its id wrote (a leave or the close). */
function requestOf(tableId: string, commandId: string, events: readonly RecordedEvent[]): CommandRequest {
  const own = events.filter((e) => e.metadata.commandId === commandId);
  const left = own.find((e) => e.type === 'PlayerLeft');
  const command = own.some((e) => e.type === 'TableClosed')
    ? { type: 'CloseTable' }
    : { type: 'LeaveTable', seat: (left!.data as { seat: number }).seat };
  return {
    tableId,
    command: command as CommandRequest['command'],
    commandId,
    commandIdGenerated: false,
    metadata: { ...own[0]!.metadata },
  };
}
