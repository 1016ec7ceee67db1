import {
  accountingDecider,
  badBeatOf,
  bookStreamIdOf,
  bookOf,
  collectTableDropCommand,
  countSheet,
  finishedHands,
  foldRevenueHands,
  fundReport,
  highHandsOf,
  MONEY_EVENT_SCHEMA_VERSION,
  normalizeFundRules,
  REVENUE_FOLD_START,
  revenueHandOf,
  revenueReport,
  toMoneyEvent,
  unmatchedTableDrops,
  verifyBook,
  type Actor,
  type FundRulesInput,
  type MoneyCommand,
  type MoneyEvent,
  type MoneyRequest,
} from '@felt/accounting';
import type { RecordedEvent } from '@felt/event-store';
import { decidedLog, rechained } from './decided-log.test-support';
import {
  chipsBought,
  dropsTaken,
  HOUSE,
  loggedTableEvents,
  playerOf,
  playShiftTable,
  rakeTaken,
  sum,
  type ShiftTable,
} from './money-shift.test-support';
import { verifyEvents } from './verify-log';

/**
 * Issue 36's first "Done when": a shift's money at three tables, to the cent. The tables play with rake and both
 * drops (random legal play, and one hand with chosen cards that is a bad beat); the book collects every drop, records
 * the cash, a fill, a credit, both jackpots' payouts and the count, each money move asked for by one person and
 * confirmed by another. The revenue report, the fund report, the count sheet and verify then agree with the tables'
 * own events; a missing drop and a forged payout are caught. Every expected figure is summed from the events.
 */
const T = (hhmm: string) => `2026-12-06T${hhmm}:00.000Z`;
const SHIFT = { shiftId: 's1', from: T('19:00'), to: '2026-12-07T03:00:00.000Z' };
const HIGH_HAND = { period: '2026-12-06T20', from: T('20:00'), to: T('21:00') };
const f1: Actor = { id: 'f1', role: 'floor' };
const f2: Actor = { id: 'f2', role: 'floor' };
const d1: Actor = { id: 'd1', role: 'dealer' };
const c1: Actor = { id: 'c1', role: 'count' };
const c2: Actor = { id: 'c2', role: 'count' };

const BBJ: FundRulesInput = { kind: 'bad-beat', name: 'Bad-beat jackpot', backupPercent: 20, payoutPercent: 50 };
const HH: FundRulesInput = { kind: 'high-hand', name: 'High hand of the hour', prize: 5_000 };

/** Aces full of kings lose to four kings; both hole cards play for both; t1's other two players share the table's part. */
const BAD_BEAT = {
  handNumber: 4,
  holeCards: { [playerOf('t1', 1)]: '7c2d', [playerOf('t1', 2)]: 'AhAd', [playerOf('t1', 3)]: 'KcKs', [playerOf('t1', 4)]: '9h3s' },
  board: 'AcKdKh5s2c',
};
const TABLES: readonly (ShiftTable & { centsPerChip: number })[] = [
  { tableId: 't1', seed: 11, hands: 8, startMs: Date.parse(T('20:00')), chosen: BAD_BEAT, centsPerChip: 100 },
  { tableId: 't2', seed: 22, hands: 8, startMs: Date.parse(T('20:10')), centsPerChip: 25 },
  { tableId: 't3', seed: 33, hands: 8, startMs: Date.parse(T('20:20')), centsPerChip: 500 },
];
const centsOf = (tableId: string) => TABLES.find((t) => t.tableId === tableId)!.centsPerChip;

const logs = TABLES.map((t) => ({ tableId: t.tableId, recorded: playShiftTable(t) }));
const hands = logs.flatMap(({ tableId, recorded }) => finishedHands(tableId, loggedTableEvents(recorded)));
const drops = logs.flatMap(({ tableId, recorded }) => dropsTaken(tableId, recorded));
/** What each box should hold: the chips bought at the table, in cents. */
const cashIn = (tableId: string) =>
  sum(chipsBought(logs.find((l) => l.tableId === tableId)!.recorded).map((b) => b.chips)) * centsOf(tableId);
/** What the count team finds: t3's box is $5 short. */
const SHORT = 500;

const confirmed = (requestId: string, at: string, by: Actor, second: Actor, request: MoneyRequest) =>
  [
    { type: 'RequestMoney', at, by, requestId, request },
    { type: 'ConfirmRequest', at, by: second, requestId },
  ] as MoneyCommand[];

function shiftCommands(): MoneyCommand[] {
  const atTables = logs
    .flatMap(({ tableId, recorded }) => [
      ...chipsBought(recorded).map((b): MoneyCommand => ({
        type: 'CashBuyIn',
        at: b.at,
        by: d1,
        tableId,
        shiftId: SHIFT.shiftId,
        playerId: b.playerId,
        amount: b.chips * centsOf(tableId),
      })),
      ...dropsTaken(tableId, recorded).map((d) => collectTableDropCommand(tableId, d.drop, d.at)),
    ])
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const beat = badBeatOf(
    hands.find((h) => h.tableId === 't1' && h.handNumber === BAD_BEAT.handNumber)!,
    normalizeFundRules(BBJ),
  );
  if (!beat) throw new Error('the chosen hand is no bad beat');
  const best = highHandsOf(hands, HIGH_HAND.from, HIGH_HAND.to, normalizeFundRules(HH));
  const winners = [...new Map(best.map((b) => [b.hand.playerId, b])).values()].map((b) => ({
    playerId: b.hand.playerId,
    tableId: b.tableId,
    handNumber: b.handNumber,
  }));
  const count = (tableId: string, counted: number, reason?: string) =>
    confirmed(`count-${tableId}`, T('22:30'), c1, c2, {
      kind: 'Count',
      tableId,
      shiftId: SHIFT.shiftId,
      counted,
      ...(reason && { reason }),
    });
  return [
    { type: 'OpenFund', at: T('19:00'), by: f1, fundId: 'bbj', rules: BBJ },
    { type: 'OpenFund', at: T('19:00'), by: f1, fundId: 'hh', rules: HH },
    ...TABLES.map((t): MoneyCommand => ({
      type: 'SetChipValue',
      at: T('19:00'),
      by: f1,
      tableId: t.tableId,
      centsPerChip: t.centsPerChip,
    })),
    ...confirmed('seed-bbj', T('19:05'), f1, f2, { kind: 'SeedFund', fundId: 'bbj', amount: 100_000, note: 'opening seed' }),
    ...confirmed('seed-hh', T('19:05'), f1, f2, { kind: 'SeedFund', fundId: 'hh', amount: 2_000, note: 'opening seed' }),
    ...atTables,
    ...confirmed('fill-t1', T('20:40'), d1, f2, { kind: 'Fill', tableId: 't1', shiftId: SHIFT.shiftId, amount: 20_000 }),
    ...confirmed('credit-t2', T('20:45'), f1, f2, { kind: 'Credit', tableId: 't2', shiftId: SHIFT.shiftId, amount: 5_000 }),
    ...confirmed('bad-beat', T('21:05'), f1, f2, {
      kind: 'PayBadBeat',
      fundId: 'bbj',
      tableId: beat.tableId,
      handNumber: beat.handNumber,
      loser: beat.loser.playerId,
      winner: beat.winner.playerId,
      table: beat.table,
    }),
    ...confirmed('high-hand', T('21:05'), d1, f1, { kind: 'PayHighHand', fundId: 'hh', ...HIGH_HAND, winners }),
    ...count('t1', cashIn('t1')),
    ...count('t2', cashIn('t2')),
    ...count('t3', cashIn('t3') - SHORT, '$5 short: change given from the box for a player’s $20, not recorded'),
  ];
}

/** The book as the store records it (a refused command fails here), and its events. */
const bookStream = decidedLog(bookStreamIdOf('room'), accountingDecider, shiftCommands(), MONEY_EVENT_SCHEMA_VERSION);
const book: MoneyEvent[] = bookStream.map(toMoneyEvent);
const ofType = <K extends MoneyEvent['type']>(type: K) => book.filter((e): e is MoneyEvent & { type: K } => e.type === type);
const tableStreams = logs.flatMap((l) => l.recorded);
/** The book's stream with its events replaced, the chain recomputed (what a forger with write access leaves). */
const forgedStream = (events: readonly MoneyEvent[]): RecordedEvent[] =>
  rechained(
    events.map(({ type, ...data }, i) => ({
      ...bookStream[Math.min(i, bookStream.length - 1)]!,
      eventId: `${bookStream[0]!.streamId}/forged/${i}`,
      streamVersion: i + 1,
      type,
      data: JSON.parse(JSON.stringify(data)),
    })),
  );

describe('a shift’s money at three tables, to the cent (issue 36)', () => {
  it('the tables played raked hands with both drops, a bad beat and a high-hand period', () => {
    for (const { recorded } of logs) expect(rakeTaken(recorded)).toBeGreaterThan(0);
    expect(drops.filter((d) => d.drop.fundId === 'bbj').length).toBeGreaterThan(0);
    expect(drops.filter((d) => d.drop.fundId === 'hh' && d.drop.drop === 'promotion').length).toBeGreaterThan(0);
    expect(hands.filter((h) => h.status === 'complete')).toHaveLength(sum(TABLES.map((t) => t.hands)));
    const [paidBeat, paidHigh] = ofType('JackpotPaid');
    expect(paidBeat).toMatchObject({ fundId: 'bbj', tableId: 't1', handNumber: BAD_BEAT.handNumber, requestedBy: f1, by: f2 });
    expect(paidBeat!.shares.map((s) => [s.playerId, s.share])).toEqual([
      [playerOf('t1', 2), 'loser'],
      [playerOf('t1', 3), 'winner'],
      [playerOf('t1', 1), 'table'],
      [playerOf('t1', 4), 'table'],
    ]);
    expect(paidHigh).toMatchObject({ fundId: 'hh', period: HIGH_HAND.period, requestedBy: d1, by: f1 });
    for (const p of ofType('JackpotPaid')) expect(sum(p.shares.map((s) => s.amount))).toBe(p.total);
  });

  it('the revenue report is the tables’ RakeTaken, and the drops the tables took, at each table’s chip value', () => {
    const folded = logs.flatMap(({ tableId, recorded }) => foldRevenueHands(tableId, recorded, REVENUE_FOLD_START).done.map((d) => d.hand));
    const report = revenueReport(folded, book, [SHIFT]);
    expect(report.map((r) => r.tableId)).toEqual(TABLES.map((t) => t.tableId));
    for (const { tableId, recorded } of logs) {
      const row = report.find((r) => r.tableId === tableId)!;
      const cents = centsOf(tableId);
      expect(row).toMatchObject({ shiftId: SHIFT.shiftId, centsPerChip: [cents], rakeChips: rakeTaken(recorded) });
      expect(row.rake).toBe(rakeTaken(recorded) * cents);
      expect(row.ggr).toBe(row.rake);
      expect(row.drops).toBe(sum(dropsTaken(tableId, recorded).map((d) => d.drop.amount)) * cents);
    }
    expect(sum(report.map((r) => r.ggr))).toBe(sum(logs.map((l) => rakeTaken(l.recorded) * centsOf(l.tableId))));
    // The hand records (what qualifies the jackpots) give the same report as the revenue fold.
    expect(revenueReport(hands.map(revenueHandOf), book, [SHIFT])).toEqual(report);
  });

  it('each fund holds its drops and seeds less its payouts; the backup holds what was held back', () => {
    const funds = fundReport(bookOf(book));
    expect(funds.map((f) => f.fundId)).toEqual(['bbj', 'hh']);
    for (const fund of funds) {
      const mine = <K extends MoneyEvent['type']>(type: K) => ofType(type).filter((e) => 'fundId' in e && e.fundId === fund.fundId);
      const taken = sum(drops.filter((d) => d.drop.fundId === fund.fundId).map((d) => d.drop.amount * centsOf(d.tableId)));
      const collected = mine('DropCollected');
      const seeds = mine('FundSeeded');
      const paid = sum(mine('JackpotPaid').map((p) => p.total));
      expect(fund.collected).toBe(taken);
      expect(sum(collected.map((d) => d.amount))).toBe(taken);
      expect(fund.paid).toBe(paid);
      expect(fund.payouts).toBe(1);
      expect(fund.balance).toBe(sum(collected.map((d) => d.toFund)) + sum(seeds.map((s) => s.amount)) - paid);
      expect(fund.backup).toBe(
        sum(collected.map((d) => d.toBackup)) - sum(seeds.filter((s) => s.source === 'backup').map((s) => s.amount)),
      );
      expect(fund.balance + fund.backup).toBe(taken + fund.seededByHouse - paid);
    }
    // The bad-beat fund paid half its balance and was reseeded from its backup; the high hand paid its prize.
    expect(ofType('FundSeeded').filter((s) => s.source === 'backup')).toHaveLength(1);
    expect(ofType('JackpotPaid').find((p) => p.fundId === 'hh')!.total).toBe(5_000);
  });

  it('the count sheet expects the cash bought in at each table; the short box has its variance and reason', () => {
    const sheet = countSheet(bookOf(book));
    expect(sheet.map((r) => [r.tableId, r.shiftId, r.expected, r.counted, r.variance])).toEqual([
      ['t1', 's1', cashIn('t1'), cashIn('t1'), 0],
      ['t2', 's1', cashIn('t2'), cashIn('t2'), 0],
      ['t3', 's1', cashIn('t3'), cashIn('t3') - SHORT, -SHORT],
    ]);
    expect(sheet.map((r) => r.expected)).toEqual(
      TABLES.map((t) =>
        sum(
          ofType('CashBoughtIn')
            .filter((c) => c.tableId === t.tableId)
            .map((c) => c.amount),
        ),
      ),
    );
    expect(sheet.find((r) => r.tableId === 't3')!.reason).toContain('$5');
    expect(sheet.map((r) => [r.fills, r.credits])).toEqual([
      [20_000, 0],
      [0, 5_000],
      [0, 0],
    ]);
    // Every money move out of a fund or a tray, and every count, was asked for by one person and confirmed by another.
    for (const e of book)
      if (e.type === 'JackpotPaid' || e.type === 'TrayFilled' || e.type === 'TrayCredited' || e.type === 'DropCounted')
        expect(e.by.id).not.toBe(e.requestedBy.id);
  });

  it('verify accepts the shift: the book decides again what it recorded, and every drop the tables took is collected', () => {
    expect(verifyBook(book, hands)).toEqual([]);
    expect(unmatchedTableDrops(drops, book)).toEqual([]);
    // The regulator's whole check over the export: the tables under the house's modules, the book, the drops.
    expect(verifyEvents([...tableStreams, ...bookStream], { table: HOUSE }).violations).toEqual([]);
  });

  it('a missing drop is caught: the drop check names the table, hand and fund', () => {
    const removed = ofType('DropCollected').find((d) => d.fundId === 'hh' && d.tableId === 't2')!;
    const missing = book.filter((e) => e !== removed);
    const where = { tableId: 't2', handNumber: removed.handNumber, fundId: 'hh' };
    expect(unmatchedTableDrops(drops, missing)).toEqual([
      { ...where, problem: `the table took ${removed.chips} chips; the book has no collection` },
    ]);
    const violations = verifyEvents([...tableStreams, ...forgedStream(missing)], { table: HOUSE }).violations;
    expect(violations.map((v) => v.message)).toContainEqual(
      `jackpot drop of hand ${removed.handNumber} at table t2 for fund hh: the table took ${removed.chips} chips; the book has no collection`,
    );
  });

  it('a forged payout is caught by verify: a changed share, and a payout nobody asked for', () => {
    const paidAt = book.findIndex((e) => e.type === 'JackpotPaid' && e.fundId === 'bbj');
    const changed = book.map((e, i) =>
      i === paidAt && e.type === 'JackpotPaid'
        ? { ...e, shares: e.shares.map((s, n) => ({ ...s, amount: s.amount + (n === 0 ? 100 : n === 1 ? -100 : 0) })) }
        : e,
    );
    expect(verifyBook(changed, hands)).toEqual([
      { index: paidAt, type: 'JackpotPaid', problem: 'the book decides other events than those recorded' },
    ]);
    expect(verifyEvents([...tableStreams, ...forgedStream(changed)], { table: HOUSE }).violations.map((v) => v.message)).toEqual([
      'JackpotPaid: the book decides other events than those recorded',
    ]);
    const unasked: MoneyEvent = { ...ofType('JackpotPaid').find((p) => p.fundId === 'hh')!, requestId: 'forged', period: '2026-12-06T21' };
    const lastPayout = book.lastIndexOf(ofType('JackpotPaid').at(-1)!);
    const forged = [...book.slice(0, lastPayout + 1), unasked, ...book.slice(lastPayout + 1)];
    expect(verifyBook(forged, hands)).toEqual([
      { index: lastPayout + 1, type: 'JackpotPaid', problem: 'the book refuses it: REQUEST_UNKNOWN' },
    ]);
    const violations = verifyEvents([...tableStreams, ...forgedStream(forged)], { table: HOUSE }).violations;
    expect(violations.map((v) => v.message)).toEqual(['JackpotPaid: the book refuses it: REQUEST_UNKNOWN']);
  });
});
