import fc from 'fast-check';
import {
  accountingDecider,
  bookOf,
  countSheet,
  DROP_COLLECTOR,
  fundReport,
  verifyBook,
  type Actor,
  type MoneyCommand,
  type MoneyEvent,
} from './index';

/**
 * Every cent accounted for: whatever the floor, the dealers and the count team send, in any order, a fund's balance
 * and backup are what was collected and seeded less what was paid, the payouts' shares sum to what left the fund,
 * and the count sheet's expected figures are the cash recorded at the tables.
 */
const at = '2026-12-06T22:00:00.000Z';
const people: Actor[] = [
  { id: 'd1', role: 'dealer' },
  { id: 'f1', role: 'floor' },
  { id: 'f2', role: 'floor' },
  { id: 'c1', role: 'count' },
];
const actor = fc.constantFrom(...people);
const fundId = fc.constantFrom('bbj', 'hh');
const tableId = fc.constantFrom('t1', 't2');
const shiftId = fc.constantFrom('s1', 's2');
const amount = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 50_000 }), weight: 9 },
  { arbitrary: fc.constantFrom(0, -1, 1.5), weight: 1 },
);
const requestId = fc.constantFrom('r1', 'r2', 'r3');
const player = fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5');

const request = fc.oneof(
  fc.record({ kind: fc.constant('SeedFund' as const), fundId, amount, note: fc.constant('house seed') }),
  fc.record({
    kind: fc.constant('PayBadBeat' as const),
    fundId,
    tableId,
    handNumber: fc.integer({ min: 1, max: 5 }),
    loser: fc.constant('p1'),
    winner: fc.constant('p2'),
    table: fc.subarray(['p3', 'p4', 'p5']),
  }),
  fc.record({
    kind: fc.constant('PayHighHand' as const),
    fundId,
    period: fc.constantFrom('h1', 'h2'),
    from: fc.constant('2026-12-06T21:00:00.000Z'),
    to: fc.constant('2026-12-06T22:00:00.000Z'),
    winners: fc.uniqueArray(fc.record({ playerId: player, tableId, handNumber: fc.constant(1) }), {
      minLength: 1,
      maxLength: 3,
      selector: (w) => w.playerId,
    }),
  }),
  fc.record({ kind: fc.constantFrom('Fill' as const, 'Credit' as const), tableId, shiftId, amount }),
  fc.record({
    kind: fc.constant('Count' as const),
    tableId,
    shiftId,
    counted: fc.integer({ min: 0, max: 200_000 }),
    reason: fc.option(fc.constant('recount'), { nil: undefined }),
  }),
);

const openFunds: MoneyCommand[] = [
  { type: 'OpenFund', at, by: people[1]!, fundId: 'bbj', rules: { kind: 'bad-beat', name: 'Bad beat', backupPercent: 30 } },
  { type: 'OpenFund', at, by: people[1]!, fundId: 'hh', rules: { kind: 'high-hand', name: 'High hand', prize: 25_000, backupPercent: 10 } },
];
const w = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
const command: fc.Arbitrary<MoneyCommand> = fc.oneof(
  w(
    1,
    fc.record({
      type: fc.constant('OpenFund' as const),
      at: fc.constant(at),
      by: actor,
      fundId,
      rules: fc.constant({ kind: 'bad-beat' as const, name: 'again' }),
    }),
  ),
  w(
    5,
    fc.record({
      type: fc.constant('CollectDrop' as const),
      at: fc.constant(at),
      by: actor,
      fundId,
      tableId,
      handNumber: fc.integer({ min: 1, max: 9 }),
      amount,
    }),
  ),
  w(
    4,
    fc.record({
      type: fc.constant('CollectTableDrop' as const),
      at: fc.constant(at),
      by: fc.constantFrom(DROP_COLLECTOR, DROP_COLLECTOR, ...people),
      fundId,
      tableId,
      handNumber: fc.integer({ min: 1, max: 9 }),
      chips: fc.integer({ min: 0, max: 20 }),
    }),
  ),
  w(
    1,
    fc.record({
      type: fc.constant('SetChipValue' as const),
      at: fc.constant(at),
      by: actor,
      tableId,
      centsPerChip: fc.constantFrom(0, 1, 25, 100, 500),
    }),
  ),
  w(
    3,
    fc.record({
      type: fc.constantFrom('CashBuyIn' as const, 'ChipsFromCage' as const),
      at: fc.constant(at),
      by: actor,
      tableId,
      shiftId,
      playerId: player,
      amount,
    }),
  ),
  w(4, fc.record({ type: fc.constant('RequestMoney' as const), at: fc.constant(at), by: actor, requestId, request })),
  w(
    6,
    fc.record({ type: fc.constant('ConfirmRequest' as const), at: fc.constant(at), by: fc.constantFrom(...people.slice(1)), requestId }),
  ),
  w(1, fc.record({ type: fc.constant('DeclineRequest' as const), at: fc.constant(at), by: actor, requestId, reason: fc.constant('no') })),
);
/** The funds opened, then anything anyone sends (the request ids are few, so confirmations meet their requests). */
const commands = fc.array(command, { minLength: 40, maxLength: 150 }).map((cs) => [...openFunds, ...cs]);

function run(commands: readonly MoneyCommand[]): MoneyEvent[] {
  const log: MoneyEvent[] = [];
  let state = accountingDecider.initialState;
  for (const c of commands) {
    const decision = accountingDecider.decide(c, state);
    if (!decision.ok) continue;
    for (const e of decision.events) {
      state = accountingDecider.evolve(state, e);
      log.push(e);
    }
  }
  return log;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('money is conserved (fast-check)', () => {
  it('fund balance + backup = collected + seeded by the house − paid, and the log sums to the report', () => {
    const seen = { paid: 0, reseeded: 0, counted: 0 };
    // More runs until each kind of move happened often (a generator that cannot reach one fails below), so that the
    // count of runs never decides the outcome.
    for (let round = 0; round < 10 && (seen.paid <= 10 || seen.reseeded <= 3 || seen.counted <= 10); round++)
      fc.assert(
        fc.property(commands, (commands) => {
          const log = run(commands);
          seen.paid += log.filter((e) => e.type === 'JackpotPaid').length;
          seen.reseeded += log.filter((e) => e.type === 'FundSeeded' && e.source === 'backup').length;
          seen.counted += log.filter((e) => e.type === 'DropCounted').length;
          // A regulator's replay decides every recorded decision again and finds nothing to say.
          expect(verifyBook(log)).toEqual([]);
          for (const f of fundReport(bookOf(log))) {
            const mine = log.filter((e) => 'fundId' in e && e.fundId === f.fundId);
            expect(f.balance + f.backup).toBe(f.collected + f.seededByHouse - f.paid);
            expect(f.balance).toBeGreaterThanOrEqual(0);
            expect(f.backup).toBeGreaterThanOrEqual(0);
            expect(f.collected).toBe(sum(mine.flatMap((e) => (e.type === 'DropCollected' ? [e.amount] : []))));
            expect(f.heldBack).toBe(sum(mine.flatMap((e) => (e.type === 'DropCollected' ? [e.toBackup] : []))));
            const paid = mine.flatMap((e) => (e.type === 'JackpotPaid' ? [e] : []));
            expect(f.paid).toBe(sum(paid.map((p) => p.total)));
            for (const p of paid) expect(sum(p.shares.map((s) => s.amount))).toBe(p.total);
            for (const p of paid) for (const s of p.shares) expect(Number.isSafeInteger(s.amount) && s.amount >= 0).toBe(true);
          }
          // A table's drop: collected once per hand and fund, by the service, its chips at the chip value then.
          const tableDrops = log.flatMap((e) => (e.type === 'DropCollected' && e.chips !== undefined ? [e] : []));
          expect(new Set(tableDrops.map((e) => `${e.tableId}#${e.handNumber}#${e.fundId}`)).size).toBe(tableDrops.length);
          for (const e of tableDrops) {
            expect(e.by.role).toBe('service');
            expect(e.amount).toBe(e.chips! * e.centsPerChip!);
          }
        }),
        { numRuns: 300 },
      );
    // The generator reaches the moves that matter (payouts, reseeds, counts), not only refusals.
    expect(seen.paid).toBeGreaterThan(10);
    expect(seen.reseeded).toBeGreaterThan(3);
    expect(seen.counted).toBeGreaterThan(10);
  });

  it('the count sheet: expected is the cash recorded at the table, variance = counted − expected, and every count was signed by two people', () => {
    fc.assert(
      fc.property(commands, (commands) => {
        const log = run(commands);
        const cash = log.flatMap((e) => (e.type === 'CashBoughtIn' ? [e] : []));
        const sheet = countSheet(bookOf(log));
        expect(sum(sheet.map((r) => r.expected))).toBe(sum(cash.map((e) => e.amount)));
        for (const row of sheet) if (row.counted !== null) expect(row.variance).toBe(row.counted - row.expected);
        for (const e of log) {
          if (e.type === 'DropCounted' || e.type === 'TrayFilled' || e.type === 'TrayCredited' || e.type === 'JackpotPaid')
            expect(e.by.id).not.toBe(e.requestedBy.id);
          if (e.type === 'DropCounted' && e.variance !== 0) expect(e.reason).not.toBeNull();
        }
      }),
      { numRuns: 300 },
    );
  });
});
