import { verifyStore } from '@felt/regulator';
import { mulberry32, randomHand } from '../../../libs/tournament/src/tournament.test-support';
import { expectStatus } from './test-support/table-setup';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, writtenRows, type TestApi } from './test-support/test-api';

const ENTRIES = 200;
const TABLES = Math.ceil(ENTRIES / 9);
const STRUCTURE = {
  name: 'Daily $100',
  // Hands typed in by the floor or dealer (the engine's tables: tournament-tables.e2e-part.ts).
  tables: 'reported',
  startingStack: 10000,
  seatsPerTable: 9,
  levels: [
    { kind: 'level', smallBlind: 25, bigBlind: 50, minutes: 20 },
    { kind: 'break', minutes: 10, colourUp: { chip: 25, nextChip: 100 } },
    { kind: 'level', smallBlind: 100, bigBlind: 200, minutes: 20 },
  ],
  lateRegistrationLevel: 1,
  entry: { prizePool: 80, houseFee: 15, staffFee: 5 },
  payouts: [
    { minEntries: 1, places: [10000] },
    { minEntries: 10, places: [4000, 2500, 1600, 1100, 800] },
  ],
  roundTo: 5,
  guarantee: 5000,
};

interface FloorView {
  status: string;
  entryList: { entryId: string; status: string; chips: number; seat: { tableId: string; seat: number } | null }[];
  tables: { tableId: string; inPlay: boolean; broken: boolean }[];
  handForHand: { reported: string[] } | null;
  money: { paid: number; collected: number; houseFees: number; staffFees: number; overlay: number; prizePool: number };
  chipsInPlay: number;
  results: { entryId: string; place: number; prize: number }[] | null;
}

/** A hand one player wins from one other, who is busted (the others fold); unchanged at a table of one. */
function oneBust(players: readonly { entryId: string; chips: number }[], next: () => number): { entryId: string; chips: number }[] {
  const stacks = players.map((e) => ({ entryId: e.entryId, chips: e.chips }));
  if (stacks.length < 2) return stacks;
  const winner = next() % stacks.length;
  const loser = (winner + 1 + (next() % (stacks.length - 1))) % stacks.length;
  stacks[winner]!.chips += stacks[loser]!.chips;
  stacks[loser]!.chips = 0;
  return stacks;
}

/**
 * A tournament from registration to the last payout through HTTP: 200 entries drawn to 23 tables, the clock moved on,
 * the colour-up's chip race, hands reported by the floor (seeded random hands) with busts, balancing and breaking,
 * hand-for-hand near the money, an ICM deal of the last three; the chips conserved at every step, the pool paid to
 * the unit and reconciled with the fees, and `felt verify` (verifyStore) accepting the log.
 */
describe.each(APP_BACKENDS)('a tournament to the last payout (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });

  beforeAll(async () => {
    api = await startTestApi(database.db);
  });

  const cmd = (body: object) => expectStatus(api.http.post('/tournaments/main/commands').send(body), 201);
  const view = async (): Promise<FloorView> => (await api.http.get('/tournaments/main').expect(200)).body;

  it('plays 200 entries down to an ICM deal, every chip accounted for, and verifies', async () => {
    const next = mulberry32(34);
    await expectStatus(api.http.post('/tournaments').send({ tournamentId: 'main', structure: STRUCTURE }), 201);
    for (let t = 1; t <= TABLES; t++) await cmd({ type: 'AddTable', tableId: `m${t}` });
    for (let p = 1; p <= ENTRIES; p++) await cmd({ type: 'Register', playerId: `card-${p}`, alias: `P${p}` });
    await cmd({ type: 'DrawSeats' });
    await cmd({ type: 'StartClock' });
    await cmd({ type: 'AdvanceLevel', fromStep: 0, early: true });
    const atBreak = await view();
    const odd = atBreak.entryList.slice(0, 6).map((e, i) => ({ entryId: e.entryId, chips: 1 + (i % 3) }));
    const raced = await cmd({ type: 'ColourUp', odd });
    const adjustment = raced.body.events[0].results.reduce(
      (n: number, r: { removed: number; won: number }) => n + r.won * 100 - r.removed,
      0,
    );
    await cmd({ type: 'AdvanceLevel', fromStep: 1, early: true });

    let state = await view();
    for (let hand = 0; state.status !== 'finished' && hand < 2000; hand++) {
      expect(state.chipsInPlay).toBe(ENTRIES * 10000 + adjustment);
      const alive = state.entryList.filter((e) => e.status === 'seated');
      if (alive.length <= 3) {
        await cmd({ type: 'Deal', method: 'icm', consents: alive.map((e) => e.entryId) });
        break;
      }
      const handForHand = alive.length <= 7 && !state.handForHand ? true : alive.length <= 5 && state.handForHand ? false : undefined;
      if (handForHand !== undefined) {
        await cmd({ type: 'HandForHand', on: handForHand });
        state = await view(); // the view read at the end of the last hand is current otherwise
      }
      const waiting = state.handForHand?.reported ?? [];
      const tables = [...new Set(alive.map((e) => e.seat!.tableId))].filter((t) => !waiting.includes(t));
      const tableId = tables[next() % tables.length]!;
      const players = alive.filter((e) => e.seat!.tableId === tableId);
      // At the final table one bust a hand: a random hand there could bust three of the last four at once and end the
      // event before its deal (the seat draw is the server's, so which hand that is differs from run to run).
      const stacks = alive.length <= STRUCTURE.seatsPerTable ? oneBust(players, next) : randomHand(players, next);
      await cmd({ type: 'RecordHand', tableId, button: players[next() % players.length]!.seat!.seat, stacks });
      state = await view();
    }

    const end = await view();
    expect(end.status).toBe('finished');
    const results = end.results!;
    // Places 1..200, entries busted in one hand with equal starting stacks sharing the best of theirs.
    const places = results.map((r) => r.place).sort((a, b) => a - b);
    expect(places).toHaveLength(ENTRIES);
    places.forEach((place, i) => expect(place === i + 1 || place === places[i - 1]).toBe(true));
    expect(results.reduce((n, r) => n + r.prize, 0)).toBe(end.money.prizePool);
    expect(end.money).toEqual({ paid: 20000, collected: 16000, houseFees: 3000, staffFees: 1000, overlay: 0, prizePool: 16000 });
    const types = new Set((await api.store.readStream('tournament-main')).map((e) => e.type));
    for (const type of [
      'ChipRaceRun',
      'MoveProposed',
      'PlayerMoved',
      'TableBroken',
      'HandForHandRoundEnded',
      'DealMade',
      'TournamentFinished',
    ])
      expect([type, types.has(type)]).toEqual([type, true]);
    const report = await verifyStore(api.store);
    expect(report.violations).toEqual([]);
    // Over: a command is refused, and nothing written.
    const before = await writtenRows(database.db);
    const over = await expectStatus(api.http.post('/tournaments/main/commands').send({ type: 'AddTable', tableId: 'late' }), 422);
    expect([over.body.code, await writtenRows(database.db)]).toEqual(['TOURNAMENT_FINISHED', before]);
  }, 300_000);
});
