import { tableNeeds } from './board';
import type { TournamentCommand } from './commands';
import type { TournamentState } from './state';
import type { TournamentStructureInput } from './structure';
import { tournamentDecider } from './tournament-decider';
import { DAILY, identity, play, registered, T } from './tournament.test-support';

const drawn = (players: number, tables: number, structure?: TournamentStructureInput) =>
  play([{ type: 'DrawSeats', at: T(2), permutation: identity(players) }], registered(players, tables, structure).state).state;
const hand = (tableId: string, button: number, stacks: Record<string, number>, keys?: number[]): TournamentCommand => ({
  type: 'RecordHand',
  at: T(10),
  tableId,
  button,
  stacks: Object.entries(stacks).map(([entryId, chips]) => ({ entryId, chips })),
  ...(keys ? { keys } : {}),
});
const decide = (command: TournamentCommand, state: TournamentState) => tournamentDecider.decide(command, state);
const ofType = (state: TournamentState, command: TournamentCommand, type: string) => {
  const d = decide(command, state);
  if (!d.ok) throw new Error(d.rejection.message);
  return d.events.filter((e) => e.type === type);
};
const full = (from: number, to: number, chips = 10000) =>
  Object.fromEntries(Array.from({ length: to - from + 1 }, (_, i) => [`p${from + i}#1`, chips]));

describe('hands reported by the tables', () => {
  it('refuses stacks that do not add up to what the table held, or that leave a player out (nothing recorded)', () => {
    const s = drawn(18, 2);
    expect(decide(hand('t1', 1, { ...full(1, 9), 'p1#1': 10001 }), s)).toMatchObject({
      ok: false,
      rejection: { code: 'CHIPS_NOT_CONSERVED' },
    });
    expect(decide(hand('t1', 1, full(1, 8)), s)).toMatchObject({ ok: false, rejection: { code: 'STACKS_DO_NOT_MATCH_TABLE' } });
    expect(decide(hand('t9', 1, full(1, 9)), s)).toMatchObject({ ok: false, rejection: { code: 'TABLE_NOT_IN_PLAY' } });
    expect(decide(hand('t1', 10, full(1, 9)), s)).toMatchObject({ ok: false, rejection: { code: 'INVALID_COMMAND', field: 'button' } });
  });

  it('busts the players left with nothing, in one round', () => {
    const s = drawn(27, 3);
    const busts = ofType(s, hand('t1', 9, { ...full(1, 9), 'p1#1': 0, 'p2#1': 0, 'p3#1': 30000 }), 'PlayerBusted');
    expect(busts).toEqual([
      { type: 'PlayerBusted', at: T(10), entryId: 'p1#1', tableId: 't1', seat: 1, round: 1, startStack: 10000 },
      { type: 'PlayerBusted', at: T(10), entryId: 'p2#1', tableId: 't1', seat: 2, round: 1, startStack: 10000 },
    ]);
  });
});

describe('balancing and breaking (TDA)', () => {
  it("moves the next big blind of the fullest table to the worst open seat of the shortest, after that table's hand", () => {
    // 27 on 3 tables of 9; t1 loses two (button 9): 7, 9, 9. t3 (the last fullest) has played no hand: its
    // highest seat (p27, seat 9) moves. At t1 seats 3-9 sit, the next big blind is seat 5 (button 3, small blind 4):
    // the first open seat after it is seat 1.
    const s = drawn(27, 3);
    const after = play([hand('t1', 9, { ...full(1, 9), 'p1#1': 0, 'p2#1': 0, 'p3#1': 30000 })], s);
    expect(after.events.filter((e) => e.type === 'MoveProposed')).toEqual([
      {
        type: 'MoveProposed',
        at: T(10),
        entryId: 'p27#1',
        from: { tableId: 't3', seat: 9 },
        to: { tableId: 't1', seat: 1 },
        reason: 'balance',
        key: null,
      },
    ]);
    expect(tableNeeds(after.state, 't3')!.leaving).toEqual([
      { entryId: 'p27#1', alias: 'P27', seat: 9, to: { tableId: 't1', seat: 1 }, reason: 'balance' },
    ]);
    // t3's next hand: p27 won 500 in it, and takes it along.
    const moved = play([hand('t3', 1, { ...full(19, 27), 'p19#1': 9500, 'p27#1': 10500 })], after.state);
    expect(moved.events).toContainEqual({
      type: 'PlayerMoved',
      at: T(10),
      entryId: 'p27#1',
      from: { tableId: 't3', seat: 9 },
      to: { tableId: 't1', seat: 1 },
      chips: 10500,
    });
    expect(tableNeeds(moved.state, 't1')!.seats.map((x) => x.seat)).toEqual([1, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('breaks the last table once the field fits in one fewer, its players drawn to seats by their keys', () => {
    // 10 on 2 tables (5 and 5); t1 loses two: 8 fit in one table of 9, so t2 breaks. Keys order t2's players
    // p10, p9, p8, p7, p6; t1 (seats 3-5, button 1: next big blind seat 5) fills 6, 7, 8, 9, then 1.
    const s = drawn(10, 2);
    const keyless = decide(hand('t1', 1, { ...full(1, 5), 'p1#1': 0, 'p2#1': 0, 'p3#1': 30000 }), s);
    expect(keyless).toMatchObject({ ok: false, rejection: { code: 'INVALID_COMMAND', field: 'keys' } });
    const after = play([hand('t1', 1, { ...full(1, 5), 'p1#1': 0, 'p2#1': 0, 'p3#1': 30000 }, [5, 4, 3, 2, 1])], s);
    const proposals = after.events.filter((e) => e.type === 'MoveProposed').map((e) => [e.entryId, e.to.seat, e.reason]);
    expect(proposals).toEqual([
      ['p10#1', 6, 'break'],
      ['p9#1', 7, 'break'],
      ['p8#1', 8, 'break'],
      ['p7#1', 9, 'break'],
      ['p6#1', 1, 'break'],
    ]);
    const broken = play([hand('t2', 2, full(6, 10))], after.state);
    expect(broken.events.filter((e) => e.type === 'PlayerMoved')).toHaveLength(5);
    expect(broken.events.at(-1)).toEqual({ type: 'TableBroken', at: T(10), tableId: 't2' });
  });

  it('lets the floor override a proposed move with a reason, to an open seat only', () => {
    const after = play([hand('t1', 9, { ...full(1, 9), 'p1#1': 0, 'p2#1': 0, 'p3#1': 30000 })], drawn(27, 3)).state;
    const override = (seat: number, reason = 'player asked for a seat near the rail') =>
      decide({ type: 'OverrideMove', at: T(11), entryId: 'p27#1', to: { tableId: 't1', seat }, reason }, after);
    expect(override(2)).toMatchObject({ ok: true, events: [{ type: 'MoveOverridden', to: { tableId: 't1', seat: 2 } }] });
    expect(override(3)).toMatchObject({ ok: false, rejection: { code: 'SEAT_TAKEN' } });
    expect(override(2, '')).toMatchObject({ ok: false, rejection: { code: 'INVALID_COMMAND', field: 'reason' } });
  });
});

describe('finishing places and payouts', () => {
  const closedReg = (players: number) =>
    play(
      [
        { type: 'StartClock', at: T(5) },
        { type: 'AdvanceLevel', at: T(6), fromStep: 0, early: true },
        { type: 'AdvanceLevel', at: T(7), fromStep: 1, early: true },
      ],
      drawn(players, 1),
    ).state;

  it('places simultaneous busts by their starting stacks, and pays 65/35 of the guaranteed 1000 (overlay 680)', () => {
    const s = closedReg(4);
    const end = play(
      [
        hand('t1', 1, { 'p1#1': 15000, 'p2#1': 10000, 'p3#1': 10000, 'p4#1': 5000 }),
        hand('t1', 2, { 'p1#1': 30000, 'p2#1': 10000, 'p3#1': 0, 'p4#1': 0 }),
        hand('t1', 1, { 'p1#1': 40000, 'p2#1': 0 }),
      ],
      s,
    );
    expect(end.state.status).toBe('finished');
    expect(end.events.at(-1)).toEqual({
      type: 'TournamentFinished',
      at: T(10),
      pool: { paid: 400, collected: 320, houseFees: 60, staffFees: 20, overlay: 680, prizePool: 1000 },
      results: [
        { entryId: 'p1#1', playerId: 'p1', place: 1, prize: 650 },
        { entryId: 'p2#1', playerId: 'p2', place: 2, prize: 350 },
        { entryId: 'p3#1', playerId: 'p3', place: 3, prize: 0 },
        { entryId: 'p4#1', playerId: 'p4', place: 4, prize: 0 },
      ],
    });
    expect(decide({ type: 'PauseClock', at: T(20) }, end.state)).toMatchObject({ ok: false, rejection: { code: 'TOURNAMENT_FINISHED' } });
  });

  it('has equal starting stacks share their places and the prizes (350 + 0 → 175 each)', () => {
    const s = closedReg(4);
    const end = play(
      [hand('t1', 1, { 'p1#1': 20000, 'p2#1': 10000, 'p3#1': 10000, 'p4#1': 0 }), hand('t1', 2, { 'p1#1': 40000, 'p2#1': 0, 'p3#1': 0 })],
      s,
    );
    const finished = end.state.finished!;
    expect(finished.results.map((r) => [r.entryId, r.place, r.prize])).toEqual([
      ['p1#1', 1, 650],
      ['p2#1', 2, 175],
      ['p3#1', 2, 175],
      ['p4#1', 4, 0],
    ]);
  });
});

describe('rebuys, add-ons and re-entry', () => {
  it('sells one rebuy at 10000 or less until level 2, the add-on at its break only, and re-entry to a busted player', () => {
    const s = play([{ type: 'StartClock', at: T(5) }], drawn(3, 1)).state;
    const rebought = play([{ type: 'Rebuy', at: T(6), entryId: 'p1#1' }], s);
    expect(rebought.events).toEqual([{ type: 'Rebought', at: T(6), entryId: 'p1#1', fees: DAILY.entry, chips: 10000 }]);
    expect(decide({ type: 'Rebuy', at: T(7), entryId: 'p1#1' }, rebought.state)).toMatchObject({
      ok: false,
      rejection: { code: 'REBUY_NOT_ALLOWED' },
    });
    expect(decide({ type: 'AddOn', at: T(7), entryId: 'p1#1' }, s)).toMatchObject({ ok: false, rejection: { code: 'ADD_ON_NOT_ALLOWED' } });
    const busted = play([hand('t1', 1, { 'p1#1': 20000, 'p2#1': 10000, 'p3#1': 0 })], s).state;
    const again = play([{ type: 'ReEnter', at: T(11), playerId: 'p3', keys: [7] }], busted);
    expect(again.events[0]).toMatchObject({
      type: 'PlayerRegistered',
      entryId: 'p3#2',
      entryNumber: 2,
      alias: 'P3',
      seat: { tableId: 't1' },
    });
    const third = play([hand('t1', 1, { 'p1#1': 30000, 'p2#1': 10000, 'p3#2': 0 })], again.state).state;
    expect(decide({ type: 'ReEnter', at: T(12), playerId: 'p3', keys: [7] }, third)).toMatchObject({
      ok: false,
      rejection: { code: 'ENTRY_LIMIT_REACHED' },
    });
  });
});

describe('hand-for-hand (TDA: each table plays one hand, then waits)', () => {
  it("refuses a table's second hand until every table has played, and gives the hand's busts one round", () => {
    // 6 on 2 tables of 3 (seats 1-3 each). Hand-for-hand on: round 1.
    const s = play([{ type: 'HandForHand', at: T(9), on: true }], drawn(6, 2, { ...DAILY, seatsPerTable: 3 })).state;
    const t1 = play([hand('t1', 1, { 'p1#1': 20000, 'p2#1': 0, 'p3#1': 10000 })], s);
    expect(t1.events.find((e) => e.type === 'PlayerBusted')).toMatchObject({ entryId: 'p2#1', round: 1 });
    expect(decide(hand('t1', 2, { 'p1#1': 20000, 'p3#1': 10000 }), t1.state)).toMatchObject({
      ok: false,
      rejection: { code: 'WAITING_FOR_HAND_FOR_HAND' },
    });
    const t2 = play([hand('t2', 1, { 'p4#1': 20000, 'p5#1': 0, 'p6#1': 10000 })], t1.state);
    expect(t2.events.find((e) => e.type === 'PlayerBusted')).toMatchObject({ entryId: 'p5#1', round: 1 });
    expect(t2.events).toContainEqual({ type: 'HandForHandRoundEnded', at: T(10), round: 1 });
    // Both tables may deal again; the next busts are round 2.
    const next = play([hand('t1', 2, { 'p1#1': 30000, 'p3#1': 0 }, [1, 2])], t2.state);
    expect(next.events.find((e) => e.type === 'PlayerBusted')).toMatchObject({ entryId: 'p3#1', round: 2 });
  });

  it('does not wait for a table left with one player (it cannot deal), nor refuse its idle record', () => {
    // 6 on 3 tables of 2; t3's hand busts p6 before hand-for-hand: p5 sits alone at t3, no seat free elsewhere.
    const s = drawn(6, 3, { ...DAILY, seatsPerTable: 2 });
    const alone = play([hand('t3', 1, { 'p5#1': 20000, 'p6#1': 0 }), { type: 'HandForHand', at: T(11), on: true }], s).state;
    expect(alone.entries.filter((e) => e.seat?.tableId === 't3').map((e) => e.entryId)).toEqual(['p5#1']);
    const t1 = play([hand('t1', 1, { 'p1#1': 15000, 'p2#1': 5000 })], alone);
    expect(t1.events.map((e) => e.type)).not.toContain('HandForHandRoundEnded');
    // t2's hand is the round's last: t3, which cannot deal, is not waited for.
    const t2 = play([hand('t2', 1, { 'p3#1': 15000, 'p4#1': 5000 })], t1.state);
    expect(t2.events).toContainEqual({ type: 'HandForHandRoundEnded', at: T(10), round: 2 });
    // t3's stacks recorded as they are (nothing dealt) are taken at any time, and do not count as its hand.
    const idle = play([hand('t3', 1, { 'p5#1': 20000 })], t1.state);
    expect(idle.state.handForHand!.reported).toEqual(['t1']);
    expect(decide(hand('t3', 1, { 'p5#1': 20000 }), idle.state).ok).toBe(true);
  });
});
