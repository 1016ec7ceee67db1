import fc from 'fast-check';
import { foldRevenueHands, REVENUE_FOLD_START, revenueHandOf, revenueReport, type RevenueFold } from '@felt/accounting';
import { mulberry32, randomLegalCommand, type TableRulesInput } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import { tableHandRecords } from './book-replay';
import { randomTableLog, TableRecorder } from './random-table-log';

/**
 * The revenue report's own fold (libs/accounting foldRevenueHands, what felt export --money and the API's revenue
 * route fold) against the full hand records a regulator's replay folds (tableHandRecords): the same hands, the same
 * rake and fees to the chip, the same end versions, whether folded at once or resumed where an earlier fold stopped.
 */

const rules = (fee: number): TableRulesInput => ({
  structure: { kind: 'no-limit' },
  smallBlind: 1,
  bigBlind: 2,
  maxSeats: 6,
  houseOptions: { rake: { percent: 10, cap: 5, roundDownTo: 1, noFlopNoDrop: true }, chop: { fee, allowHeadsUp: true } },
});

/** A raked table with chops played by random players, and now and then a hand the floor voids halfway through. */
function playedLog(seed: number, hands: number, voidChance: number, fee: number): RecordedEvent[] {
  const random = mulberry32(seed);
  const table = new TableRecorder('t1', Date.UTC(2026, 11, 6, 8));
  table.apply({ type: 'OpenTable', tableId: 't1', rules: rules(fee) });
  for (let seat = 1; seat <= 4; seat++) table.apply({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 40 + seat * 20 });
  table.apply({ type: 'DrawForButton', seed });
  for (let n = 0; n < hands; n++) {
    for (const s of table.state.seats) if (s && s.stack < 2) table.apply({ type: 'AddChips', seat: s.seat, amount: 100 });
    table.apply({ type: 'StartHand', seed: Math.floor(random() * 2 ** 32) });
    const voidAt = random() < voidChance ? Math.floor(random() * 12) : -1;
    for (let step = 0; table.state.hand && table.state.hand.phase !== 'complete'; step++) {
      if (step === voidAt) {
        table.apply({ type: 'VoidHand', reason: 'misdeal' });
        break;
      }
      table.apply(randomLegalCommand(table.state, random)!);
    }
  }
  return table.recorded;
}

/** What the regulator's full hand records give the report: each finished hand's revenue part and its end version. */
function fromHandRecords(log: readonly RecordedEvent[]) {
  return tableHandRecords('table-t1', log).map((h) => ({ toVersion: h.toVersion, hand: revenueHandOf(h) }));
}

function resumed(log: readonly RecordedEvent[], cut: number) {
  const first = foldRevenueHands('t1', log.slice(0, cut), REVENUE_FOLD_START);
  // Kept as the API keeps it between reports: as data (a JSON round trip changes nothing).
  const kept = JSON.parse(JSON.stringify(first.fold)) as RevenueFold;
  return [...first.done, ...foldRevenueHands('t1', log.slice(cut), kept).done];
}

describe('the revenue fold equals the hand records to the chip', () => {
  it('over random raked tables with chopped blinds and voided hands, folded at once or resumed anywhere', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 }),
        fc.integer({ min: 1, max: 40 }),
        fc.constantFrom(0, 0.2, 0.5),
        fc.constantFrom(0, 1),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (seed, hands, voidChance, fee, where) => {
          const log = playedLog(seed, hands, voidChance, fee);
          const expected = fromHandRecords(log);
          expect(foldRevenueHands('t1', log, REVENUE_FOLD_START).done).toEqual(expected);
          expect(resumed(log, Math.floor(where * (log.length + 1)))).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('plays what the property needs: rake, chop fees and voids all occur, and the report sums the same', () => {
    const log = [1, 2, 3, 4].flatMap((seed) => playedLog(seed, 60, 0.2, 1));
    const types = new Set(log.map((e) => e.type));
    expect([...types]).toEqual(expect.arrayContaining(['RakeTaken', 'BlindsChopped', 'HandVoided', 'HandEnded']));
    const one = playedLog(7, 80, 0.2, 1);
    const fast = foldRevenueHands('t1', one, REVENUE_FOLD_START).done.map((d) => d.hand);
    const full = fromHandRecords(one).map((d) => d.hand);
    const shift = [{ shiftId: 'day', from: '2026-12-06T00:00:00.000Z', to: '2026-12-07T00:00:00.000Z' }];
    expect(revenueReport(fast, [], shift)).toEqual(revenueReport(full, [], shift));
    expect(fast.some((h) => (h.chopFee ?? 0) > 0) && fast.some((h) => h.rake > 0) && fast.some((h) => h.status === 'voided')).toBe(true);
  });

  it("a long random table (the bench's kind) folds to the same hands", () => {
    const log = randomTableLog({ tableId: 't1', seed: 36, events: 6_000, rules: rules(1) });
    const expected = fromHandRecords(log);
    expect(expected.length).toBeGreaterThan(200);
    expect(foldRevenueHands('t1', log, REVENUE_FOLD_START).done).toEqual(expected);
  });
});
