import { join } from 'node:path';
import {
  bookOf,
  bookStreamIdOf,
  finishedHands,
  fundReport,
  isDropTaken,
  revenueReport,
  toMoneyEvent,
  unmatchedTableDrops,
  verifyBook,
  type DropTaken,
} from '@felt/accounting';
import { ledgerDiscrepancy, project, sessionLedger } from '@felt/projections';
import { loadHouseRules, verifyEvents } from '@felt/regulator';
import { eventually } from '../../../libs/event-store/test-support/eventually';
import { FoldedTables } from '../src/tables/folded-tables';
import { streamIdOf, toTableEvent } from '../src/tables/table-stream';
import { expectStatus, openTableWithPlayers } from './test-support/table-setup';
import { useTestStore } from './test-support/test-databases';
import { startTestApi, writtenRows, type TestApi } from './test-support/test-api';

/**
 * The jackpot drop end to end (docs/money.md "The drops with the rake"): an API configured with the house's money modules
 * (FELT_HOUSE_RULES = libs/accounting/house-rules/index.js) plays a raked hand at a table with the drop; the table
 * records DropTaken after RakeTaken, and the book credits the bad-beat fund from it, to the cent at the table's
 * chip value, once, however many API processes read the log.
 */
const HOUSE_RULES = join(__dirname, '..', '..', '..', 'libs', 'accounting', 'house-rules', 'index.js');
const DROP_RULES = {
  structure: { kind: 'no-limit' },
  smallBlind: 5,
  bigBlind: 10,
  maxSeats: 3,
  houseOptions: { rake: { percent: 10, cap: 5 }, jackpotDrop: { fundId: 'bbj', amount: 1, threshold: 20 } },
};
const SHIFT = { shiftId: 'day', from: '2000-01-01T00:00:00.000Z', to: '2100-01-01T00:00:00.000Z' };

describe('the jackpot drop into the book (postgres)', () => {
  let api: TestApi;
  let second: TestApi;
  const database = useTestStore('postgres', {
    beforeDispose: async () => {
      await api?.close();
      await second?.close();
    },
  });

  beforeAll(async () => {
    api = await startTestApi(database.db, { houseRules: HOUSE_RULES });
    second = await startTestApi(database.db, { houseRules: HOUSE_RULES });
  });

  /** One hand checked down to the showdown: 30 in the pot, 3 rake, 1 drop. */
  async function playCheckedDown(tableId: string): Promise<void> {
    let table = (await expectStatus(api.http.post(`/tables/${tableId}/start-hand`).send({}), 201)).body.table;
    for (const due of table.legalActions.filter((a: { type: string }) => a.type === 'PostBlind'))
      table = (await expectStatus(api.http.post(`/tables/${tableId}/post-blind`).send({ seat: due.seat, blind: due.blind }), 201)).body
        .table;
    while (table.hand.phase !== 'complete') {
      const action = ['Call', 'Check', 'ShowHand']
        .map((type) => table.legalActions.find((a: { type: string }) => a.type === type))
        .find((a) => a !== undefined);
      table = (await expectStatus(api.http.post(`/tables/${tableId}/commands`).send({ type: action.type, seat: action.seat }), 201)).body
        .table;
    }
  }

  const fund = async (agent = api.http) =>
    ((await expectStatus(agent.get('/money/book'), 200)).body.funds as { fundId: string; collected: number }[]).find(
      (f) => f.fundId === 'bbj',
    );

  it('a raked pot at a table with the drop credits the bad-beat fund to the cent, once', async () => {
    await expectStatus(
      api.http.post('/money/funds').send({ fundId: 'bbj', rules: { kind: 'bad-beat', name: 'Bad beat', backupPercent: 20 } }),
      201,
    );
    await openTableWithPlayers(api, 'drop1', 3, DROP_RULES);
    // $5 chips: the 1-chip drop is 500 cents, the 3-chip rake 1,500.
    await expectStatus(api.http.post('/money/chip-values').send({ tableId: 'drop1', centsPerChip: 500 }), 201);
    await playCheckedDown('drop1');

    const recorded = await api.store.readStream(streamIdOf('drop1'));
    const types = recorded.map((r) => r.type);
    expect(types.indexOf('DropTaken')).toBe(types.indexOf('RakeTaken') + 1);
    const drops = recorded.map((r) => ({ type: r.type, ...(r.data as object) })).filter(isDropTaken) as DropTaken[];
    expect(drops).toEqual([{ type: 'DropTaken', handNumber: 1, fundId: 'bbj', amount: 1, byPot: [1] }]);

    // Both API processes read the log; the fund is credited once: 500 cents, 100 of them held back for the backup.
    const credited = await eventually(
      () => fund(),
      (f) => f !== undefined && f.collected > 0,
    );
    expect(credited).toMatchObject({ collected: 500, heldBack: 100, balance: 400, backup: 100 });
    await eventually(
      () => fund(second.http),
      (f) => f !== undefined && f.collected === 500,
    );
    const book = (await api.store.readStream(bookStreamIdOf('room'))).map(toMoneyEvent);
    const collected = book.filter((e) => e.type === 'DropCollected');
    expect(collected).toEqual([
      expect.objectContaining({
        fundId: 'bbj',
        tableId: 'drop1',
        handNumber: 1,
        chips: 1,
        centsPerChip: 500,
        amount: 500,
        by: { id: 'drop-collector', role: 'service' },
      }),
    ]);

    // The regulator's checks: every table drop has its collection, the book decides the same again, the table's
    // log verifies with the same modules (the drop leaves the table as the rake does).
    expect(
      unmatchedTableDrops(
        drops.map((drop) => ({ tableId: 'drop1', drop })),
        book,
      ),
    ).toEqual([]);
    expect(unmatchedTableDrops([], book)).toEqual([expect.objectContaining({ problem: 'collected, but the table recorded no such drop' })]);
    expect(verifyBook(book)).toEqual([]);
    expect(fundReport(bookOf(book))).toEqual((await expectStatus(api.http.get('/money/book'), 200)).body.funds);
    expect(verifyEvents(recorded, { table: loadHouseRules(HOUSE_RULES) }).violations).toEqual([]);

    // Revenue in cents at the table's chip value: the rake is revenue, the drop is not.
    const revenue = (await expectStatus(api.as('regulator').get('/money/revenue').query(SHIFT), 200)).body;
    expect(revenue.tables).toEqual([
      {
        tableId: 'drop1',
        shiftId: 'day',
        hands: 1,
        centsPerChip: [500],
        rakeChips: 3,
        rake: 1500,
        fees: 0,
        timeCharges: 0,
        ggr: 1500,
        drops: 500,
      },
    ]);

    // The regulator's recall and the session ledger show the drop apart from the rake, per pot and per fund.
    const recall = (await expectStatus(api.as('regulator').get('/regulator/tables/drop1/hands'), 200)).body;
    expect(recall.hands[0]).toMatchObject({
      rake: 3,
      drops: [{ fundId: 'bbj', amount: 1 }],
      pots: [expect.objectContaining({ rake: 3, drop: 1 })],
    });
    const ledger = project(sessionLedger, recorded).tables.drop1!;
    expect(ledger).toMatchObject({ rake: 3, drops: 1 });
    expect(ledgerDiscrepancy({ tables: { drop1: ledger } }, 'drop1')).toBe(0);

    // A second hand: the route folds only the events since its last report, and still agrees with a full fold.
    await playCheckedDown('drop1');
    await eventually(
      () => fund(),
      (f) => f !== undefined && f.collected === 1000,
    );
    const again = (await expectStatus(api.as('regulator').get('/money/revenue').query(SHIFT), 200)).body;
    expect(again.tables).toEqual([expect.objectContaining({ hands: 2, rakeChips: 6, rake: 3000, ggr: 3000, drops: 1000 })]);
    const tables = api.app.get(FoldedTables);
    const all = (await api.store.readStream(streamIdOf('drop1')))
      .filter((r) => r.type !== 'DeckSealed')
      .map((r) => ({ event: toTableEvent(r, tables.seal, tables.engine), version: r.streamVersion, at: r.recordedAt }));
    const book2 = (await api.store.readStream(bookStreamIdOf('room'))).map(toMoneyEvent);
    expect(again.tables).toEqual(revenueReport(finishedHands('drop1', all), book2, [SHIFT]));
  });

  it("a table's chip value is the floor's to record; bad values and other roles are refused, nothing written", async () => {
    const before = await writtenRows(database.db);
    const refused = async (agent: typeof api.http, body: object, status: number, code: string) => {
      const res = await expectStatus(agent.post('/money/chip-values').send(body), status);
      expect(res.body.code).toBe(code);
    };
    await refused(api.as('dealer'), { tableId: 'drop1', centsPerChip: 25 }, 403, 'FORBIDDEN_ROLE');
    await refused(api.as('count'), { tableId: 'drop1', centsPerChip: 25 }, 403, 'FORBIDDEN_ROLE');
    await refused(api.as('regulator'), { tableId: 'drop1', centsPerChip: 25 }, 403, 'FORBIDDEN_ROLE');
    await refused(api.http, { tableId: 'drop1', centsPerChip: 0 }, 400, 'INVALID_REQUEST');
    await refused(api.http, { tableId: 'drop1', centsPerChip: 2.5 }, 400, 'INVALID_REQUEST');
    await refused(api.http, { tableId: 'drop1' }, 400, 'INVALID_REQUEST');
    expect(await writtenRows(database.db)).toEqual(before);
  });
});
