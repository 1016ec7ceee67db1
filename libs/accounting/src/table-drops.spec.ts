import { deciderSpec } from '@felt/engine';
import {
  accountingDecider,
  bookOf,
  revenueReport,
  unmatchedTableDrops,
  verifyBook,
  collectTableDropCommand,
  DROP_COLLECTOR,
  type Actor,
  type DropTaken,
  type MoneyEvent,
} from './index';
import { normalizeFundRules } from './funds';
import { playedHand } from './played-hand.test-support';

const spec = deciderSpec(accountingDecider);
const at = '2026-12-06T22:00:00.000Z';
const floor: Actor = { id: 'u-floor-1', role: 'floor' };
const dealer: Actor = { id: 'u-dealer', role: 'dealer' };
const opened: MoneyEvent = {
  type: 'FundOpened',
  at,
  by: floor,
  fundId: 'bbj',
  rules: normalizeFundRules({ kind: 'bad-beat', name: 'Bad beat', backupPercent: 20 }),
};
const quarters: MoneyEvent = { type: 'ChipValueSet', at, by: floor, tableId: 't1', centsPerChip: 25 };
const taken = (amount: number, handNumber = 1): DropTaken => ({ type: 'DropTaken', handNumber, fundId: 'bbj', amount, byPot: [amount] });
const collect = (amount: number, handNumber = 1) => collectTableDropCommand('t1', taken(amount, handNumber), at);

describe("the book: a table's recorded drops and chip value", () => {
  it('collects a table drop in cents at the chip value, a dollar a chip where none is recorded', () => {
    const dollars = { type: 'DropCollected', at, by: DROP_COLLECTOR, fundId: 'bbj', tableId: 't1', handNumber: 1 } as const;
    spec
      .given([opened])
      .when(collect(2))
      .then([{ ...dollars, amount: 200, toFund: 160, toBackup: 40, chips: 2, centsPerChip: 100 }]);
    spec
      .given([opened, quarters])
      .when(collect(3))
      .then([{ ...dollars, amount: 75, toFund: 60, toBackup: 15, chips: 3, centsPerChip: 25 }]);
  });

  it("collects each hand's drop for a fund once; only the service collects; the fund must be open", () => {
    const first = accountingDecider.decide(collect(2), bookOf([opened]));
    if (!first.ok) throw new Error(first.rejection.message);
    spec
      .given([opened, ...first.events])
      .when(collect(2))
      .thenRejected({ code: 'ALREADY_COLLECTED' });
    spec
      .given([opened, ...first.events])
      .when(collect(2, 2))
      .then((events) => expect(events).toHaveLength(1));
    for (const by of [floor, dealer])
      spec
        .given([opened])
        .when({ ...collect(2), by })
        .thenRejected({ code: 'ROLE_MAY_NOT' });
    spec.given([]).when(collect(2)).thenRejected({ code: 'FUND_UNKNOWN' });
    for (const chips of [0, -1, 1.5]) spec.given([opened]).when(collect(chips)).thenRejected({ code: 'INVALID_COMMAND', field: 'chips' });
  });

  it("records a table's chip value (floor only, whole cents from 1)", () => {
    spec.given([]).when({ type: 'SetChipValue', at, by: floor, tableId: 't1', centsPerChip: 25 }).then([quarters]);
    spec.given([]).when({ type: 'SetChipValue', at, by: dealer, tableId: 't1', centsPerChip: 25 }).thenRejected({ code: 'ROLE_MAY_NOT' });
    for (const centsPerChip of [0, 2.5, 10_000_001])
      spec
        .given([])
        .when({ type: 'SetChipValue', at, by: floor, tableId: 't1', centsPerChip })
        .thenRejected({ code: 'INVALID_COMMAND', field: 'centsPerChip' });
  });

  it("verify decides a table drop again: a changed chip value or amount is named; the tables' drops are matched", () => {
    const book = [opened, quarters];
    const d = accountingDecider.decide(collect(4), bookOf(book));
    if (!d.ok) throw new Error(d.rejection.message);
    const log = [...book, ...d.events];
    expect(verifyBook(log)).toEqual([]);
    const skimmed = log.map((e) => (e.type === 'DropCollected' ? { ...e, centsPerChip: 20, amount: 80, toFund: 64, toBackup: 16 } : e));
    expect(verifyBook(skimmed)).toEqual([expect.objectContaining({ index: 2, type: 'DropCollected' })]);
    expect(unmatchedTableDrops([{ tableId: 't1', drop: taken(4) }], log)).toEqual([]);
    expect(unmatchedTableDrops([{ tableId: 't1', drop: taken(5) }], log)).toEqual([
      expect.objectContaining({ handNumber: 1, problem: 'the table took 5 chips; the book collected 4' }),
    ]);
    expect(
      unmatchedTableDrops(
        [
          { tableId: 't1', drop: taken(4) },
          { tableId: 't1', drop: taken(1, 2) },
        ],
        log,
      ),
    ).toEqual([expect.objectContaining({ handNumber: 2, problem: 'the table took 1 chips; the book has no collection' })]);
  });
});

describe('revenue in cents', () => {
  const hand = (handNumber: number, rake: number, endedAt: string) => ({
    ...playedHand({ ann: '7c3d', bob: 'AhAd', cy: 'KcKs' }, 'AcKdKh5s2c', endedAt),
    tableId: 't1',
    handNumber,
    rake,
  });
  const shift = { shiftId: 'day', from: '2026-12-06T20:00:00.000Z', to: '2026-12-07T04:00:00.000Z' };

  it("turns each hand's rake into cents at the chip value in force when it ended", () => {
    const hands = [hand(1, 3, '2026-12-06T21:00:00.000Z'), hand(2, 4, '2026-12-06T23:00:00.000Z')];
    // Dollar chips until 22:00, quarters after.
    expect(revenueReport(hands, [quarters], [shift])).toEqual([
      {
        tableId: 't1',
        shiftId: 'day',
        hands: 2,
        centsPerChip: [100, 25],
        rakeChips: 7,
        rake: 400,
        fees: 0,
        drops: 0,
        timeCharges: 0,
        ggr: 400,
      },
    ]);
    expect(revenueReport(hands, [], [shift])[0]).toMatchObject({ centsPerChip: [100], rakeChips: 7, rake: 700, ggr: 700 });
  });
});
