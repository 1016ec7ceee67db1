import { CommandBus } from '@nestjs/cqrs';
import type { RecordedEvent, StreamQueue } from '@felt/event-store';
import { verifyStore } from '@felt/regulator';
import { waitUntil } from '../../../libs/event-store/test-support/eventually';
import { mulberry32 } from '../../../libs/tournament/src/tournament.test-support';
import { ApplyTableCommand } from '../src/tables/apply-table-command';
import type { CommandRequest } from '../src/tables/command-request';
import { FoldedTables } from '../src/tables/folded-tables';
import { streamIdOf } from '../src/tables/table-stream';
import { TOURNAMENT_HAND_ENDS, type HandEndTiming } from '../src/tournaments/hand-end-timings';
import { TournamentTables } from '../src/tournaments/tournament-tables';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, type TestApi } from './test-support/test-api';
import { ENGINE_STRUCTURE, playableTables as playable, tournamentTablePlay, type FloorView } from './test-support/tournament-play';

const STRUCTURE = { ...ENGINE_STRUCTURE, name: 'Three tables of four', seatsPerTable: 4 };

/**
 * A tournament table's hand end and the commands it decides at the tables (busts' leaves, moves, the close of a
 * table broken) in one transaction (docs/tournaments.md "The hand end and its table's commands in one write"): one
 * commit, each command with its own record, so no crash leaves the tournament's busts without the table's leaves;
 * another writer on the table, and the hand end is recorded the one-at-a-time way, each write once.
 */
describe.each(APP_BACKENDS)('a hand end and its own table’s commands in one write (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });
  const { playHand, expectChipsAtTables, startTournament } = tournamentTablePlay(() => api);

  beforeAll(async () => {
    api = await startTestApi(database.db);
  });

  const floor = async (tournamentId: string): Promise<FloorView> => (await api.http.get(`/tournaments/${tournamentId}`).expect(200)).body;
  /** A tournament of its own for each attempt: its id and its three tables. */
  const attempt = (n: number) => ({ id: `jnt${n}`, tables: [1, 2, 3].map((t) => `j${n}t${t}`) });
  /**
   * Each hand's deck is the house's (random), so which hand ends bust a player or move one is a matter of chance: a
   * test plays fresh tournaments, one after another, until it has seen the hand end it needs (a hand end seating a
   * player at another table came in about one tournament in three: twenty leave it unseen once in a few thousand).
   */
  const ATTEMPTS = 20;
  /**
   * The last hand end the tournament recorded (its events), the events its events' ids asked for at its table
   * (`ordered`), and those at every table of the tournament (`everywhere`: a move's seat at another table too).
   */
  async function lastHandEnd(
    tournament: { id: string; tables: readonly string[] },
    tableId: string,
  ): Promise<{ recorded: RecordedEvent[]; ordered: RecordedEvent[]; everywhere: RecordedEvent[] }> {
    const events = await api.store.readStream(`tournament-${tournament.id}`);
    const last = events.filter((e) => e.type === 'HandRecorded' && String(e.metadata.commandId).endsWith('.tournament')).pop()!;
    const recorded = events.filter((e) => e.metadata.commandId === last.metadata.commandId);
    const ids = recorded.map((e) => e.eventId);
    const asked = (e: RecordedEvent) => ids.some((id) => String(e.metadata.commandId).startsWith(`${id}.`));
    const everywhere = [];
    for (const t of tournament.tables) everywhere.push(...(await api.store.readStream(streamIdOf(t))).filter(asked));
    return { recorded, ordered: everywhere.filter((e) => e.streamId === streamIdOf(tableId)), everywhere };
  }
  const consecutive = (events: readonly RecordedEvent[]) =>
    expect(events.map((e) => e.streamVersion)).toEqual(events.map((_, i) => events[0]!.streamVersion + i));

  it('commits each hand end with its tables’ commands (leaves, moves’ seats), each command once; sent again, nothing', async () => {
    // Hands at one table after another (all-ins likely) until a hand end busts a player at its own table and one
    // seats a player at another table (a move, a table broken); every hand end's table commands in its transaction.
    let found:
      | { tournament: string; tableId: string; recorded: RecordedEvent[]; ordered: RecordedEvent[]; last: { body: object; key?: string } }
      | undefined;
    let elsewhere: RecordedEvent[] | undefined;
    for (let n = 1; (!found || !elsewhere) && n <= ATTEMPTS; n++) {
      const tournament = attempt(n);
      await startTournament(tournament.id, STRUCTURE, tournament.tables, 12);
      for (let hand = 0; (!found || !elsewhere) && hand < 200; hand++) {
        const tables = playable(await floor(tournament.id));
        if (tables.length === 0) break;
        const t = tables[hand % tables.length]!;
        const { last } = await playHand(t.tableId, mulberry32(hand + 7), undefined, false, `j${hand}-${t.tableId}`);
        const end = await lastHandEnd(tournament, t.tableId);
        expect(end.everywhere.filter((e) => e.txId !== end.recorded[0]!.txId)).toEqual([]);
        if (!found && end.ordered.some((e) => e.type === 'PlayerLeft'))
          found = { tournament: tournament.id, tableId: t.tableId, ...end, last };
        const seated = end.everywhere.filter((e) => e.streamId !== streamIdOf(t.tableId) && e.type === 'PlayerSeated');
        if (!elsewhere && seated.length > 0) elsewhere = seated;
      }
    }
    expect([found, elsewhere]).toEqual([expect.anything(), expect.anything()]);
    const { tournament, tableId, recorded, ordered, last } = found!;

    // One transaction for both streams; each stream's versions consecutive; every command its own record.
    expect(recorded.some((e) => e.type === 'PlayerBusted')).toBe(true);
    expect(new Set([...recorded, ...ordered].map((e) => e.txId)).size).toBe(1);
    consecutive(recorded);
    consecutive(ordered);
    for (const id of new Set([...recorded, ...ordered].map((e) => String(e.metadata.commandId)))) {
      const own = [...recorded, ...ordered].filter((e) => e.metadata.commandId === id);
      expect(await api.store.findCommand(id)).toMatchObject({
        firstVersion: own[0]!.streamVersion,
        lastVersion: own[own.length - 1]!.streamVersion,
      });
    }

    // The hand's last command sent again (a lost answer): neither stream writes anything more.
    const lengths = async () => [
      (await api.store.readStream(`tournament-${tournament}`)).length,
      (await api.store.readStream(streamIdOf(tableId))).length,
    ];
    const before = await lengths();
    const resent = await api.http.post(`/tables/${tableId}/commands`).set('Idempotency-Key', last.key!).send(last.body);
    expect([resent.status, resent.body.replayed]).toEqual([200, true]);
    expect(await lengths()).toEqual(before);
    await expectChipsAtTables(await floor(tournament));
    expect((await verifyStore(api.store)).violations).toEqual([]);
  }, 300_000);

  it('behind another process’s append at the table, writes neither, then records the hand end one write after the other', async () => {
    const inOrder = () => api.app.get(TournamentTables) as unknown as { inOrder: StreamQueue; open: Map<string, unknown[]> };
    const other = await startTestApi(database.db);
    let found: { tournament: string; recorded: RecordedEvent[]; ordered: RecordedEvent[]; batch: number } | undefined;
    // The hand ends' timings say which way each was recorded (batch 0: one at a time, after the joint write failed).
    const timings: HandEndTiming[] = [];
    const listen = (timing: unknown) => void timings.push(timing as HandEndTiming);
    TOURNAMENT_HAND_ENDS.subscribe(listen);
    try {
      for (let n = ATTEMPTS + 1; !found && n <= 2 * ATTEMPTS; n++) {
        const tournament = attempt(n);
        await startTournament(tournament.id, STRUCTURE, tournament.tables, 12);
        for (let hand = 0; !found && hand < 200; hand++) {
          const tables = playable(await floor(tournament.id));
          if (tables.length === 0) break;
          const t = tables[hand % tables.length]!;
          // The tournament's queue held: the hand end waits in its batch while the other process appends to the table.
          let release!: () => void;
          void inOrder().inOrder.run(tournament.id, () => new Promise<void>((resolve) => (release = resolve)));
          const played = playHand(t.tableId, mulberry32(hand + 501), undefined, false);
          await waitUntil('the hand end to wait in the tournament’s batch', () => inOrder().open.get(tournament.id)?.length === 1);
          const rules = (await other.app.get(FoldedTables).caughtUp(streamIdOf(t.tableId))).state.rules!;
          const sameRules: CommandRequest = {
            tableId: t.tableId,
            command: { type: 'ChangeRules', rules } as CommandRequest['command'],
            commandId: `${tournament.id}-other-${hand}`,
            commandIdGenerated: false,
            metadata: { actorRole: 'floor' },
          };
          expect((await other.app.get(CommandBus).execute(new ApplyTableCommand(sameRules))).kind).toBe('applied');
          release();
          await played;
          const end = await lastHandEnd(tournament, t.tableId);
          if (end.ordered.some((e) => e.type === 'PlayerLeft'))
            found = { tournament: tournament.id, ...end, batch: timings[timings.length - 1]!.batch };
        }
      }
    } finally {
      TOURNAMENT_HAND_ENDS.unsubscribe(listen);
      await other.close();
    }
    expect(found).toBeDefined();
    // The joint write conflicted at the table and wrote nothing; the tournament's append, then the table's commands.
    const { tournament, recorded, ordered, batch } = found!;
    expect(batch).toBe(0);
    expect(new Set(recorded.map((e) => e.txId)).size).toBe(1);
    expect(ordered.every((e) => e.txId !== recorded[0]!.txId)).toBe(true);
    for (const id of new Set(ordered.map((e) => String(e.metadata.commandId)))) expect(await api.store.findCommand(id)).not.toBeNull();
    await expectChipsAtTables(await floor(tournament));
    expect((await verifyStore(api.store)).violations).toEqual([]);
  }, 300_000);
});
