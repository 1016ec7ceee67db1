import { tableDecider, legalActions, randomLegalCommand, chipsOnTable } from '../default-table';
import fc from 'fast-check';
import { TableUnderTest, deckFor, foldAround } from './table-under-test.test-support';
import { mulberry32 } from './deck';
import { actionNumberAt, isBettingActionEvent, retractedVersions, standingActions } from './corrections';
import type { TableEvent } from './events';
import type { TableRulesInput } from './rules';
import type { TableState } from './state';

const rules: TableRulesInput = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 9 };
const six = [1, 3, 4, 5, 7, 9].map((seat) => ({ seat, id: `p${seat}`, stack: 200 }));

/** Six players, the blinds in: seat 5 (button 3 → SB 4, BB 5) ... the first to act is seat 7. */
function handUnderWay(): TableUnderTest {
  const t = TableUnderTest.open(rules, six, 3);
  t.do({ type: 'StartHand', seed: 11 });
  for (const due of t.state.hand!.forcedBetsDue) t.do({ type: 'PostBlind', seat: due.seat, blind: due.kind });
  return t;
}

const toAct = (t: TableUnderTest) => legalActions(t.state).seat!;

/** Plays the hand out passively: check, else call, else show. */
function playOut(t: TableUnderTest): void {
  for (let guard = 0; t.state.hand!.phase !== 'complete' && guard < 50; guard++) {
    const { seat, actions } = legalActions(t.state);
    const type = (['Check', 'Call', 'ShowHand'] as const).find((k) => actions.some((a) => a.type === k && a.seat === seat))!;
    t.do({ type, seat: seat! });
  }
}

/** The state without the correction chain, for comparing states reached by different paths. */
function comparable(state: TableState): unknown {
  return JSON.parse(JSON.stringify(state, (key, value) => (key === 'lastAction' ? undefined : value)));
}

describe('floor corrections: a mis-keyed action taken back without voiding the hand', () => {
  it('given a double tap that folded seat 9 and then seat 1, when the floor backs up to the second fold, then seat 1 is to act again and the log keeps both folds', () => {
    const t = handUnderWay();
    t.do({ type: 'Call', seat: 7 });
    expect(toAct(t)).toBe(9);
    const beforeMistake = t.state;
    t.do({ type: 'Fold', seat: 9 });
    const beforeSecondTap = t.state;
    t.do({ type: 'Fold', seat: 1 });
    const [corrected] = t.do({ type: 'CorrectAction', action: 3, reason: 'double tap: seat 1 never folded' });
    expect(corrected).toEqual({
      type: 'ActionCorrected',
      handNumber: 1,
      action: 3,
      retracted: [{ type: 'PlayerFolded', seat: 1 }],
      reason: 'double tap: seat 1 never folded',
    });
    expect(comparable(t.state)).toEqual(comparable(beforeSecondTap));
    expect(toAct(t)).toBe(1);
    expect(t.of('PlayerFolded').map((e) => e.seat)).toEqual([9, 1]);
    // Backing up further, to the first fold too.
    t.do({ type: 'CorrectAction', action: 2, reason: 'seat 9 only looked at the cards' });
    expect(comparable(t.state)).toEqual(comparable(beforeMistake));
    t.do({ type: 'Raise', seat: 9, to: 8 });
    expect(toAct(t)).toBe(1);
  });

  it('given a correction, when the hand plays on to its end, then chips are conserved and the stacks are those of the corrected play', () => {
    const t = handUnderWay();
    const chips = t.chips();
    t.do({ type: 'Raise', seat: 7, to: 20 });
    t.do({ type: 'CorrectAction', action: 1, reason: 'seat 7 called, did not raise' });
    t.do({ type: 'Call', seat: 7 });
    for (const seat of [9, 1, 3, 4]) t.do({ type: 'Fold', seat });
    t.do({ type: 'Check', seat: 5 });
    expect(t.chips()).toBe(chips);
    playOut(t);
    expect(t.chips()).toBe(chips);
    expect(t.of('PotAwarded').reduce((sum, e) => sum + e.amount, 0)).toBe(2 + 2 + 1);
  });

  it('refuses to back up past a board card: the flop was dealt after the last preflop action', () => {
    const t = handUnderWay();
    t.do({ type: 'Call', seat: 7 });
    for (const seat of [9, 1, 3, 4]) t.do({ type: 'Fold', seat });
    t.do({ type: 'Check', seat: 5 });
    expect(t.state.hand!.board).toHaveLength(3);
    expect(t.refuses({ type: 'CorrectAction', action: 6, reason: 'mis-keyed check' }, 'CORRECTION_PAST_CARDS')).toMatch(/flop was dealt/);
    // A flop action may be taken back.
    t.do({ type: 'Check', seat: toAct(t) });
    t.do({ type: 'CorrectAction', action: 7, reason: 'seat bet, not checked' });
    expect(standingActions(t.state.hand!)).toHaveLength(6);
  });

  it('refuses what has nothing to correct, an action that does not exist, a missing reason, and a finished hand', () => {
    const t = TableUnderTest.open(rules, six, 3);
    t.refuses({ type: 'CorrectAction', action: 1, reason: 'x' }, 'NO_ACTION_TO_CORRECT');
    t.do({ type: 'StartHand', seed: 11 });
    t.refuses({ type: 'CorrectAction', action: 1, reason: 'x' }, 'NO_ACTION_TO_CORRECT');
    for (const due of t.state.hand!.forcedBetsDue) t.do({ type: 'PostBlind', seat: due.seat, blind: due.kind });
    t.do({ type: 'Fold', seat: 7 });
    t.refuses({ type: 'CorrectAction', action: 2, reason: 'x' }, 'ACTION_NOT_FOUND');
    t.refuses({ type: 'CorrectAction', action: 0, reason: 'x' }, 'INVALID_COMMAND');
    t.refuses({ type: 'CorrectAction', action: 1, reason: '  ' }, 'INVALID_COMMAND');
    for (const seat of [9, 1, 3, 4]) t.do({ type: 'Fold', seat });
    expect(t.state.hand!.phase).toBe('complete');
    t.refuses({ type: 'CorrectAction', action: 1, reason: 'too late' }, 'NO_ACTION_TO_CORRECT');
  });

  it('refuses to put back in the hand a player who folded and then left the table', () => {
    const t = handUnderWay();
    t.do({ type: 'Fold', seat: 7 });
    t.do({ type: 'LeaveTable', seat: 7 });
    t.refuses({ type: 'CorrectAction', action: 1, reason: 'seat 7 did not fold' }, 'CORRECTION_PLAYER_LEFT');
  });

  it('maps stream versions to action numbers, through earlier corrections, and lists the retracted versions', () => {
    const t = handUnderWay();
    t.do({ type: 'Call', seat: 7 }, { type: 'Fold', seat: 9 }, { type: 'Fold', seat: 1 });
    const recorded = () => t.events.map((event, i) => ({ version: i + 1, event }));
    const versionOf = (pred: (e: TableEvent) => boolean) =>
      recorded()
        .filter((r) => pred(r.event))
        .at(-1)!.version;
    const foldOf1 = versionOf((e) => e.type === 'PlayerFolded' && e.seat === 1);
    expect(actionNumberAt(recorded(), foldOf1)).toBe(3);
    expect(actionNumberAt(recorded(), foldOf1 - 1)).toBe(2);
    expect(actionNumberAt(recorded(), 1)).toMatch(/not a betting action/);
    t.do({ type: 'CorrectAction', action: 3, reason: 'double tap' });
    expect(actionNumberAt(recorded(), foldOf1)).toMatch(/not a betting action still standing/);
    t.do({ type: 'Call', seat: 1 });
    expect(actionNumberAt(recorded(), recorded().length)).toBe(3);
    expect([...retractedVersions(recorded())]).toEqual([foldOf1]);
  });

  let corrections = 0;
  afterAll(() => expect(corrections).toBeGreaterThan(50));

  it('property: a correction gives back exactly the state before the mistaken action; replaying the log reaches the same state; chips are conserved', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 0x7fffffff }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 1000 }),
        (seed, steps, pick) => {
          const random = mulberry32(seed);
          const t = TableUnderTest.open(rules, six, 1 + (seed % 9 === 0 ? 0 : 2));
          foldAround(t, seed);
          t.do({ type: 'StartHand', seed: seed + 1 });
          const chips = t.chips();
          const before: TableState[] = [];
          for (let i = 0; i < steps && t.state.hand!.phase !== 'complete'; i++) {
            const command = randomLegalCommand(t.state, random);
            if (command === null) break;
            const prior = t.state;
            const events = t.do(command);
            if (isBettingActionEvent(events[0])) before.push(prior);
          }
          if (t.state.hand!.phase === 'complete' || before.length === 0) return;
          const k = 1 + (pick % before.length);
          const decision = tableDecider.decide({ type: 'CorrectAction', action: k, reason: 'property' }, t.state);
          if (!decision.ok) {
            expect(decision.rejection.code).toBe('CORRECTION_PAST_CARDS');
            return;
          }
          t.do({ type: 'CorrectAction', action: k, reason: 'property' });
          corrections++;
          expect(comparable(t.state)).toEqual(comparable(before[k - 1]));
          expect(t.chips()).toBe(chips);
          expect(chipsOnTable(t.state) + t.state.rakeCollected).toBe(chips);
          const replayed = t.events.reduce(tableDecider.evolve, tableDecider.initialState);
          expect(comparable(replayed)).toEqual(comparable(t.state));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('seat changes (RRoP: no penalty unless the big blind has passed the new seat)', () => {
  const seats = [1, 2, 3, 4, 5, 6].map((seat) => ({ seat, id: `p${seat}`, stack: 200 }));
  const nine: TableRulesInput = { ...rules, maxSeats: 9 };

  it('given the last big blind in seat 3, when seat 6 moves to seat 8 (the blind reaches it later), then they enter there as a new player and wait for the big blind', () => {
    const t = TableUnderTest.open(nine, seats, 1);
    foldAround(t, 1);
    expect(t.state.lastPositions!.bigBlind).toBe(3);
    const [moved] = t.do({ type: 'ChangeSeat', from: 6, to: 8 });
    expect(moved).toEqual({ type: 'SeatChanged', from: 6, to: 8, playerId: 'p6', newPlayer: true, postToEnter: false });
    expect(t.state.seats[5]).toBeNull();
    expect(t.state.seats[7]).toMatchObject({ seat: 8, playerId: 'p6', stack: 200, isNew: true, waitForBigBlind: true });
    t.do({ type: 'StartHand', seed: 2 });
    expect(t.state.hand!.players.map((p) => p.seat)).not.toContain(8);
  });

  it('posting to enter: the mover posts a big blind and is dealt in at once', () => {
    const t = TableUnderTest.open(nine, seats, 1);
    foldAround(t, 1);
    t.do({ type: 'ChangeSeat', from: 6, to: 8, postToEnter: true });
    t.do({ type: 'StartHand', seed: 2 });
    expect(t.state.hand!.forcedBetsDue.filter((f) => f.seat === 8)).toEqual([{ seat: 8, kind: 'new-player', amount: 2, live: true }]);
  });

  it('moving toward the blind costs nothing, and missed blinds go with the player', () => {
    const t = TableUnderTest.open(nine, seats, 1);
    foldAround(t, 1);
    t.do({ type: 'SitOut', seat: 4 });
    foldAround(t, 2);
    expect(t.state.seats[3]).toMatchObject({ missedBig: true });
    const [moved] = t.do({ type: 'ChangeSeat', from: 2, to: 9 });
    expect(moved).toMatchObject({ newPlayer: false });
    t.do({ type: 'ChangeSeat', from: 4, to: 7 });
    expect(t.state.seats[6]).toMatchObject({ playerId: 'p4', missedBig: true, sittingOut: true });
  });

  it('refuses an empty from, a taken to, a seat out of range, and a player dealt in; the same seat is a no-op', () => {
    const t = TableUnderTest.open(nine, seats, 1);
    t.refuses({ type: 'ChangeSeat', from: 8, to: 9 }, 'SEAT_EMPTY');
    t.refuses({ type: 'ChangeSeat', from: 1, to: 2 }, 'SEAT_TAKEN');
    t.refuses({ type: 'ChangeSeat', from: 1, to: 10 }, 'SEAT_OUT_OF_RANGE');
    expect(t.do({ type: 'ChangeSeat', from: 1, to: 1 })).toEqual([]);
    t.do({ type: 'StartHand', seed: 3 });
    t.refuses({ type: 'ChangeSeat', from: 1, to: 9 }, 'PLAYER_IN_HAND');
  });
});

describe('busted players', () => {
  it('a player left with no chips after a hand is removed, and the seat can be taken again, by them or another', () => {
    const t = TableUnderTest.open(
      rules,
      [
        { seat: 1, id: 'a', stack: 2 },
        { seat: 2, id: 'b', stack: 100 },
        { seat: 3, id: 'c', stack: 100 },
      ],
      1,
    );
    t.do({ type: 'StartHand', deck: deckFor([2, 3, 1], { 2: 'AsAh', 3: 'KsKh', 1: '7c2d' }, '9c8dJh4s3c') });
    for (const due of t.state.hand!.forcedBetsDue) t.do({ type: 'PostBlind', seat: due.seat, blind: due.kind });
    playOut(t);
    expect(t.state.seats[0]).toMatchObject({ playerId: 'a', stack: 0 });
    // Seating anyone there is refused while the busted player still holds the seat: they leave first.
    t.refuses({ type: 'SeatPlayer', seat: 1, playerId: 'a', buyIn: 50 }, 'SEAT_TAKEN');
    const [left] = t.do({ type: 'LeaveTable', seat: 1 });
    expect(left).toEqual({ type: 'PlayerLeft', seat: 1, playerId: 'a', cashOut: 0 });
    t.do({ type: 'SeatPlayer', seat: 1, playerId: 'a', buyIn: 50 });
    expect(t.state.seats[0]).toMatchObject({ stack: 50 });
    expect(t.chips()).toBe(252);
  });
});
