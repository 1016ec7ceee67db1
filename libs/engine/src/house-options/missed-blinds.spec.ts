import { legalActions } from '../default-table';
import { TableUnderTest, foldAround } from '../table/table-under-test.test-support';
import type { TableRulesInput } from '../table/rules';
import type { MissedBlindPolicy } from './entry-obligation';

const six = [1, 2, 3, 4, 5, 6].map((seat) => ({ seat, id: `p${seat}`, stack: 1000 }));
const rules = (missedBlinds: Partial<MissedBlindPolicy> = {}, buttonMode: 'dead' | 'moving' = 'dead'): TableRulesInput => ({
  structure: { kind: 'no-limit' },
  smallBlind: 5,
  bigBlind: 10,
  maxSeats: 6,
  buttonMode,
  missedBlinds,
});

/** Seat 5 sits out while the big blind passes it (hand 3), comes back, and is dealt in at hand 5. */
function seatFiveMissedTheBigBlind(policy: Partial<MissedBlindPolicy> = {}): TableUnderTest {
  const t = TableUnderTest.open(rules(policy), six, 1);
  foldAround(t, 1);
  foldAround(t, 2);
  t.do({ type: 'SitOut', seat: 5 });
  foldAround(t, 3);
  expect(t.of('HandStarted').at(-1)).toMatchObject({ bigBlindSeat: 6, missedBlinds: [{ seat: 5, blind: 'big' }] });
  expect(t.state.seats[4]).toMatchObject({ missedBig: true });
  t.do({ type: 'SitIn', seat: 5 });
  return t;
}

describe('missed blinds (docs/rules.md Part A, M7)', () => {
  it('no entry between the big blind and the button: the returning player waits a hand', () => {
    const t = seatFiveMissedTheBigBlind();
    t.do({ type: 'StartHand', seed: 4 });
    const started = t.of('HandStarted').at(-1)!;
    expect([started.button, started.bigBlindSeat]).toEqual([4, 1]);
    expect(started.players.map((p) => p.seat)).not.toContain(5);
  });

  it('seeds: a missed big blind costs a big blind live plus a small blind dead', () => {
    const t = seatFiveMissedTheBigBlind();
    foldAround(t, 4);
    t.do({ type: 'StartHand', seed: 5 });
    const started = t.of('HandStarted').at(-1)!;
    expect(started.forcedBets.filter((f) => f.seat === 5)).toEqual([
      { seat: 5, kind: 'make-up-big', amount: 10, live: true },
      { seat: 5, kind: 'make-up-small', amount: 5, live: false },
    ]);
    for (const due of t.state.hand!.forcedBetsDue) t.do({ type: 'PostBlind', seat: due.seat, blind: due.kind });
    // The dead 5 is not part of the bet: facing the big blind of 10, seat 5 has nothing to call and may raise.
    while (legalActions(t.state).seat !== 5) t.do({ type: 'Fold', seat: legalActions(t.state).seat! });
    expect(legalActions(t.state).actions.map((a) => a.type)).toEqual(['Fold', 'Check', 'Raise']);
    expect(t.state.seats[4]).toMatchObject({ missedBig: true });
    t.do({ type: 'Check', seat: 5 });
  });

  it('seeds: a missed small blind alone costs a big-blind amount (live) by default; small-blind-dead as an option', () => {
    for (const [policy, expected] of [
      [{}, [{ seat: 3, kind: 'make-up-small', amount: 10, live: true }]],
      [{ missedSmallOnly: 'small-blind-dead' }, [{ seat: 3, kind: 'make-up-small', amount: 5, live: false }]],
    ] as const) {
      const t = TableUnderTest.open(rules(policy), six, 1);
      foldAround(t, 1); // BB 3
      t.do({ type: 'SitOut', seat: 3 });
      foldAround(t, 2); // SB position is seat 3: missed small blind
      expect(t.state.seats[2]).toMatchObject({ missedSmall: true, missedBig: false });
      t.do({ type: 'SitIn', seat: 3 });
      for (
        let seed = 3;
        t
          .of('HandStarted')
          .at(-1)!
          .players.every((p) => p.seat !== 3);
        seed++
      )
        foldAround(t, seed);
      expect(
        t
          .of('HandStarted')
          .at(-1)!
          .forcedBets.filter((f) => f.seat === 3),
      ).toEqual(expected);
    }
  });

  it('waiting for the big blind clears the debt: the player posts only the big blind when it reaches them', () => {
    const t = TableUnderTest.open(rules(), six, 1);
    foldAround(t, 1);
    t.do({ type: 'SitOut', seat: 5 });
    foldAround(t, 2);
    foldAround(t, 3);
    t.do({ type: 'SitIn', seat: 5, waitForBigBlind: true });
    const dealtFive: number[] = [];
    for (let seed = 4; seed < 12 && dealtFive.length === 0; seed++) {
      foldAround(t, seed);
      const started = t.of('HandStarted').at(-1)!;
      if (started.players.some((p) => p.seat === 5)) {
        dealtFive.push(seed);
        expect(started.bigBlindSeat).toBe(5);
        expect(started.forcedBets.filter((f) => f.seat === 5)).toEqual([{ seat: 5, kind: 'big-blind', amount: 10, live: true }]);
      }
    }
    expect(dealtFive).toHaveLength(1);
    expect(t.state.seats[4]).toMatchObject({ missedBig: false, missedSmall: false });
  });

  it('a new player posts a big blind to come in at once, or waits for the big blind', () => {
    const t = TableUnderTest.open(rules(), six.slice(0, 4), 1);
    foldAround(t, 1);
    t.do({ type: 'SeatPlayer', seat: 5, playerId: 'poster', buyIn: 500, postToEnter: true });
    t.do({ type: 'SeatPlayer', seat: 6, playerId: 'waiter', buyIn: 500 });
    t.do({ type: 'StartHand', seed: 2 });
    const started = t.of('HandStarted').at(-1)!;
    expect(started.forcedBets.filter((f) => f.seat === 5)).toEqual([{ seat: 5, kind: 'new-player', amount: 10, live: true }]);
    expect(started.players.map((p) => p.seat)).not.toContain(6);
  });

  it('keeps every chip whatever the policy (dead money goes to the main pot)', () => {
    const t = seatFiveMissedTheBigBlind();
    foldAround(t, 4);
    foldAround(t, 5);
    expect(t.chips()).toBe(6000);
  });

  it('refuses an unknown policy', () => {
    new TableUnderTest().refuses(
      { type: 'OpenTable', tableId: 'x', rules: rules({ missedSmallOnly: 'forgive' as never }) },
      'INVALID_RULES',
    );
  });
});
