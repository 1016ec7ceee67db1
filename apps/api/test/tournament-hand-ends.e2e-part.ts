import { EventStore, type StreamQueue } from '@felt/event-store';
import { verifyStore } from '@felt/regulator';
import { waitUntil } from '../../../libs/event-store/test-support/eventually';
import { mulberry32 } from '../../../libs/tournament/src/tournament.test-support';
import { TournamentStreams } from '../src/tournaments/tournament-streams';
import { TournamentTables } from '../src/tournaments/tournament-tables';
import { expectStatus } from './test-support/table-setup';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, type TestApi } from './test-support/test-api';
import { ENGINE_STRUCTURE, playableTables as playable, tournamentTablePlay, type FloorView } from './test-support/tournament-play';

const ENTRIES = 30;
const STRUCTURE = { ...ENGINE_STRUCTURE, name: 'Six tables', seatsPerTable: 5 };

/**
 * A tournament's hand ends at many tables at once (docs/tournaments.md "One tournament's table work in order"): those
 * that arrive while the tournament's queue is busy are decided together and written in one transaction, each with its
 * own command record; the chips at the tables stay the tournament's, every hand end is recorded exactly once, and a
 * hand's last command sent again records nothing twice.
 */
describe.each(APP_BACKENDS)('tournament hand ends recorded together (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });
  const { playHand, expectChipsAtTables } = tournamentTablePlay(() => api);

  beforeAll(async () => {
    api = await startTestApi(database.db);
  });

  /** TournamentTables' tournament queue and the hand ends waiting in its open batch (private: looked at, not used). */
  const tournamentTables = () => api.app.get(TournamentTables) as unknown as { inOrder: StreamQueue; open: Map<string, unknown[]> };
  /** The tournament's queue held (as by a long batch) until the function returned is called. */
  function holdQueue(): () => void {
    let release!: () => void;
    void tournamentTables().inOrder.run('grp', () => new Promise<void>((resolve) => (release = resolve)));
    return () => release();
  }
  const cmd = (body: object) => expectStatus(api.http.post('/tournaments/grp/commands').send(body), 201);
  const floor = async (): Promise<FloorView> => (await api.http.get('/tournaments/grp').expect(200)).body;

  it('records the hands six tables end at once together, each exactly once, the chips at the tables always the tournament’s', async () => {
    await expectStatus(api.http.post('/tournaments').send({ tournamentId: 'grp', structure: STRUCTURE }), 201);
    for (let t = 1; t <= 6; t++) await cmd({ type: 'AddTable', tableId: `g${t}` });
    for (let p = 1; p <= ENTRIES; p++) await cmd({ type: 'Register', playerId: `card-${p}`, alias: `P${p}` });
    await cmd({ type: 'DrawSeats' });
    await cmd({ type: 'StartClock' });

    // Every table that can deal plays a hand at the same time, round after round (all-ins every third), until six are left.
    let state = await floor();
    let last: { tableId: string; body: object; key?: string } | undefined;
    for (let round = 0; state.entryList.filter((e) => e.status === 'seated').length > 6 && round < 150; round++) {
      if (round === 15) await cmd({ type: 'AdvanceLevel', fromStep: 0, early: true });
      const playing = playable(state);
      // In the first round the tournament's queue is held until every table has ended its hand: they then wait together.
      const held = round === 0 ? holdQueue() : undefined;
      const playingRound = Promise.all(
        playing.map(async (t, i) => ({
          tableId: t.tableId,
          ...(await playHand(t.tableId, mulberry32(round * 10 + i + 1), undefined, round % 3 !== 0, `r${round}-${t.tableId}`)).last,
        })),
      );
      if (held) {
        await waitUntil(
          'every table to end its hand and wait in the open batch',
          () => tournamentTables().open.get('grp')?.length === playing.length,
        );
        held();
      }
      const hands = await playingRound;
      last = hands[0];
      state = await floor();
      await expectChipsAtTables(state);
    }

    const events = await api.store.readStream('tournament-grp');
    // Each hand a table ended recorded once, with the command id derived from its HandEnded.
    const ended = [];
    for (let t = 1; t <= 6; t++)
      for (const e of await api.store.readStream(`table-g${t}`)) if (e.type === 'HandEnded') ended.push(`${e.eventId}.tournament`);
    const recorded = events.filter((e) => e.type === 'HandRecorded' && String(e.metadata.commandId).endsWith('.tournament'));
    expect(recorded.map((e) => e.metadata.commandId).sort()).toEqual(ended.sort());
    // The first round's six hand ends written together, in one transaction.
    const first = recorded.filter((e) => e.txId === recorded[0]!.txId);
    expect(new Set(first.map((e) => (e.data as { tableId: string }).tableId)).size).toBe(6);

    // The hand's last command sent again (a lost answer): the table and the tournament write nothing more.
    const tableEvents = (await api.store.readStream(`table-${last!.tableId}`)).length;
    const again = await api.http.post(`/tables/${last!.tableId}/commands`).set('Idempotency-Key', last!.key!).send(last!.body);
    expect([again.status, again.body.replayed]).toEqual([200, true]);
    expect((await api.store.readStream('tournament-grp')).length).toBe(events.length);
    expect((await api.store.readStream(`table-${last!.tableId}`)).length).toBe(tableEvents);
    await expectChipsAtTables(await floor());

    expect((await verifyStore(api.store)).violations).toEqual([]);
  }, 300_000);

  /** The hands the tables of `grp` ended, as the command ids their RecordHands carry, and those the tournament recorded. */
  async function handEnds(): Promise<{ ended: string[]; recorded: string[] }> {
    const ended = [];
    for (let t = 1; t <= 6; t++)
      for (const e of await api.store.readStream(`table-g${t}`)) if (e.type === 'HandEnded') ended.push(`${e.eventId}.tournament`);
    const recorded = (await api.store.readStream('tournament-grp'))
      .filter((e) => e.type === 'HandRecorded' && String(e.metadata.commandId).endsWith('.tournament'))
      .map((e) => String(e.metadata.commandId));
    return { ended: ended.sort(), recorded: recorded.sort() };
  }

  it('records a hand end from the folds in memory, reading nothing; behind another process’s append, recorded once all the same', async () => {
    const streams = api.app.get(TournamentStreams);
    const store = api.app.get(EventStore);
    const [table] = playable(await floor());
    expect(table).toBeDefined();

    // The happy path: the hand's actions, its last included, read neither the tournament's stream nor the table's.
    const reads: string[] = [];
    const readStream = store.readStream.bind(store);
    const spy = jest.spyOn(store, 'readStream').mockImplementation((streamId, options) => {
      if (streamId === 'tournament-grp' || streamId === `table-${table!.tableId}`) reads.push(streamId);
      return readStream(streamId, options);
    });
    try {
      await playHand(table!.tableId, mulberry32(901), async () => void reads.splice(0), true);
    } finally {
      spy.mockRestore();
    }
    // (Counted from the hand's first action: StartHand reads the tournament, for the level and hand-for-hand.)
    expect(reads).toEqual([]);
    const first = await handEnds();
    expect(first.recorded).toEqual(first.ended);

    // Another API process on the same database appends to the tournament while a hand is played here: this process's
    // fold is behind at the hand's end (nothing reads it during the hand, above), so the batch's append conflicts and
    // the hand end is recorded one at a time, read anew: once, after the other process's event.
    const other = await startTestApi(database.db);
    try {
      const [here] = playable(await floor());
      const midHand = async () => {
        await expectStatus(other.http.post('/tournaments/grp/commands').send({ type: 'AddTime', seconds: 60 }), 201);
        expect(streams.known('grp')!.version).toBeLessThan((await api.store.readStream('tournament-grp')).length);
      };
      await playHand(here!.tableId, mulberry32(903), midHand, true);
    } finally {
      await other.close();
    }
    const types = (await api.store.readStream('tournament-grp')).map((e) => e.type);
    expect(types.lastIndexOf('TimeAdded')).toBeGreaterThan(-1);
    expect(types.lastIndexOf('HandRecorded')).toBeGreaterThan(types.lastIndexOf('TimeAdded'));
    const { ended, recorded } = await handEnds();
    expect(recorded).toEqual(ended);
    expect(streams.known('grp')!.version).toBe((await api.store.readStream('tournament-grp')).length);
    await expectChipsAtTables(await floor());
    expect((await verifyStore(api.store)).violations).toEqual([]);
  }, 120_000);
});
