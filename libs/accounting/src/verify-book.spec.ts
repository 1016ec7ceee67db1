import { accountingDecider, verifyBook, type MoneyCommand, type MoneyEvent } from './index';
import { at, badBeatShift, floor, floor2, playedHand } from './played-hand.test-support';

/**
 * A regulator's replay of the book: a log the book wrote verifies; a forged payout, a payout confirmed by its asker,
 * a changed share, a skimmed backup and a payout for a hand that did not qualify are each caught.
 */
function logOf(commands: readonly MoneyCommand[]): MoneyEvent[] {
  const log: MoneyEvent[] = [];
  let state = accountingDecider.initialState;
  for (const c of commands) {
    const d = accountingDecider.decide(c, state);
    if (!d.ok) throw new Error(`${c.type}: ${d.rejection.code}`);
    for (const e of d.events) {
      log.push(e);
      state = accountingDecider.evolve(state, e);
    }
  }
  return log;
}

const hand = playedHand({ ann: '7c2d', bob: 'AhAd', cy: 'KcKs' }, 'AcKdKh5s2c');
const { badBeat, shift } = badBeatShift(hand);

describe('verifyBook', () => {
  it("passes the book's own log, with the hands that qualified its payouts", () => {
    expect(verifyBook(logOf(shift), [hand])).toEqual([]);
  });

  it('catches a payout nobody asked for', () => {
    const log = logOf(shift.slice(0, 2));
    const forged: MoneyEvent = {
      type: 'JackpotPaid',
      at,
      by: floor2,
      requestId: 'r9',
      requestedBy: floor,
      fundId: 'bbj',
      tableId: hand.tableId,
      handNumber: 1,
      period: null,
      total: 4_500,
      shares: [{ playerId: 'bob', share: 'loser', amount: 4_500 }],
    };
    expect(verifyBook([...log, forged])).toEqual([{ index: 2, type: 'JackpotPaid', problem: 'the book refuses it: REQUEST_UNKNOWN' }]);
  });

  it('catches a payout its asker confirmed, a changed share and a skimmed backup', () => {
    const log = logOf(shift);
    const paid = log.findIndex((e) => e.type === 'JackpotPaid');
    const self = log.map((e, i) => (i === paid ? { ...e, by: floor } : e));
    // The refused payout's reseed is then orphaned: named too.
    expect(verifyBook(self)).toEqual([
      { index: paid, type: 'JackpotPaid', problem: 'the book refuses it: SAME_PERSON' },
      { index: paid + 1, type: 'FundSeeded', problem: 'recorded on its own, where only a payout records it' },
    ]);
    const changed = log.map((e) =>
      e.type === 'JackpotPaid' ? { ...e, shares: e.shares.map((s) => (s.share === 'loser' ? { ...s, amount: s.amount + 100 } : s)) } : e,
    );
    expect(verifyBook(changed)).toEqual([
      { index: paid, type: 'JackpotPaid', problem: 'the book decides other events than those recorded' },
    ]);
    const skimmed = log.map((e) => (e.type === 'DropCollected' ? { ...e, toBackup: e.toBackup - 100 } : e));
    expect(verifyBook(skimmed)[0]).toEqual({
      index: 1,
      type: 'DropCollected',
      problem: 'the book decides other events than those recorded',
    });
  });

  it('catches a payout for a hand that did not qualify, or for other players than the hand names', () => {
    const notABeat = playedHand({ ann: '7c2d', bob: 'AcKs', cy: 'AdTd' }, 'KhKdAsQdJd');
    const problems = verifyBook(logOf(shift), [notABeat]);
    expect(problems).toEqual([
      { index: 3, type: 'MoneyRequested', problem: `hand 1 of table ${hand.tableId} is not the bad beat the payout names` },
    ]);
    const otherWinner = logOf([
      ...shift.slice(0, 3),
      { type: 'RequestMoney', at, by: floor, requestId: 'r1', request: { ...badBeat, loser: 'ann', table: ['bob'] } },
    ]);
    expect(verifyBook(otherWinner, [hand])).toHaveLength(1);
  });
});
