import { tableDecider, type TableCommand, type TableState } from '@felt/engine';
import type { TournamentEvent } from './events';
import { parseStructure } from './structure';
import { seatedAt, type TournamentState } from './state';
import { entryIdOfTablePlayer, recordHandOf, tableOrdersFor, tablePlayerId, stepDealtAt, tableRulesAt, withArrivals } from './table-link';
import { tournamentDecider } from './tournament-decider';
import { DAILY, identity, play, registered, T } from './tournament.test-support';

describe('the tournament-table link', () => {
  const structure = (() => {
    const parsed = parseStructure(DAILY);
    if (!parsed.ok) throw new Error('DAILY is valid');
    return parsed.structure;
  })();

  it("deals each level's stakes at a dead-button tournament table, and no hand during a break (TDA 23)", () => {
    expect(tableRulesAt(structure, 0, 9)).toMatchObject({
      smallBlind: 25,
      bigBlind: 50,
      ante: { kind: 'none', amount: 0 },
      maxSeats: 9,
      buttonMode: 'dead',
      gameType: 'tournament',
      buyIn: null,
    });
    expect(tableRulesAt(structure, 3, 9)).toMatchObject({ smallBlind: 100, bigBlind: 200, ante: { kind: 'big-blind', amount: 200 } });
    expect(tableRulesAt(structure, 2, 9)).toBeNull();
    // The engine takes these rules and refuses a straddle, a chop or running it twice on top of them.
    const open = (extra: object) =>
      tableDecider.decide(
        { type: 'OpenTable', tableId: 't1', rules: { ...tableRulesAt(structure, 3, 9)!, ...extra } },
        tableDecider.initialState,
      );
    expect(open({}).ok).toBe(true);
    for (const houseOptions of [{ straddle: true }, { chop: true }, { runItTwice: true }]) expect(open({ houseOptions }).ok).toBe(false);
  });

  it('seats the draw under pseudonyms with the starting stacks, and reads a hand end back as RecordHand', () => {
    const { state: before } = registered(12, 2);
    const { state, events } = play([{ type: 'DrawSeats', at: T(2), permutation: identity(12) }], before);
    const orders = tableOrdersFor(events[0]!, state);
    const seats = orders.filter((o) => o.command.type === 'SeatPlayer');
    const drawn = (events[0] as Extract<TournamentEvent, { type: 'SeatsDrawn' }>).seats;
    expect(seats.map((o) => [o.tableId, o.command])).toEqual(
      drawn.map((d) => [
        d.tableId,
        { type: 'SeatPlayer', seat: d.seat, playerId: `e${d.entryId.slice(1, d.entryId.indexOf('#'))}`, buyIn: 10000 },
      ]),
    );
    expect(orders.filter((o) => o.command.type === 'DrawForButton').map((o) => o.tableId)).toEqual(['t1', 't2']);
    expect(new Set(orders.map((o) => `${o.tableId}/${o.key}`)).size).toBe(orders.length);
    expect(tablePlayerId(state, 'p3#1')).toBe('e3');
    expect(entryIdOfTablePlayer(state, 'e3')).toBe('p3#1');
    expect(entryIdOfTablePlayer(state, 'e13')).toBeNull();
    expect(entryIdOfTablePlayer(state, 'p3#1')).toBeNull();
    expect(
      recordHandOf(state, 't1', 1, [
        { playerId: 'e1', stack: 9000 },
        { playerId: 'e3', stack: 11000 },
      ]),
    ).toEqual({
      type: 'RecordHand',
      tableId: 't1',
      button: 1,
      stacks: [
        { entryId: 'p1#1', chips: 9000 },
        { entryId: 'p3#1', chips: 11000 },
      ],
    });
    expect(recordHandOf(state, 't1', 1, [{ playerId: 'walk-in', stack: 500 }])).toBeNull();
  });

  it("completes a table's hand end with a player moved there whose seat the table has not taken yet", () => {
    // 12 entries, 6 a table; two bust at t1 (their 20,000 chips won by a third): t1 has 4, t2 6, and a move from t2 is proposed.
    const { state: before } = registered(12, 2);
    let { state } = play(
      [
        { type: 'DrawSeats', at: T(2), permutation: identity(12) },
        { type: 'StartClock', at: T(3) },
      ],
      before,
    );
    const stacksOf = (s: TournamentState, tableId: string) => seatedAt(s, tableId).map((e) => ({ entryId: e.entryId, chips: e.chips }));
    const t1 = stacksOf(state, 't1');
    const bust = t1.map((e, i) => ({ entryId: e.entryId, chips: i < 2 ? 0 : i === 2 ? 30000 : e.chips }));
    ({ state } = play([{ type: 'RecordHand', at: T(4), tableId: 't1', button: 1, stacks: bust }], state));
    expect(state.moves).toHaveLength(1);
    // t2's hand end makes the move: the player takes their 10,000 chips to t1, where the API seats them next.
    const moved = state.moves[0]!.entryId;
    ({ state } = play([{ type: 'RecordHand', at: T(5), tableId: 't2', button: 1, stacks: stacksOf(state, 't2') }], state));
    expect(seatedAt(state, 't1').map((e) => e.entryId)).toContain(moved);

    // t1's hand ended before that seat reached it: its seats lack the player, who has played no hand there.
    const read = { type: 'RecordHand' as const, at: T(6), tableId: 't1', button: 2, stacks: bust.slice(2) };
    expect(tournamentDecider.decide(read, state)).toMatchObject({ ok: false, rejection: { code: 'STACKS_DO_NOT_MATCH_TABLE' } });
    const completed = withArrivals(read, state);
    expect(completed.stacks).toEqual([...bust.slice(2), { entryId: moved, chips: 10000 }]);
    expect(tournamentDecider.decide(completed, state).ok).toBe(true);
    // A table that shows all its players is recorded as it is.
    expect(withArrivals(completed, state)).toBe(completed);
  });

  it("deals a hand asked for once the clock's level has ended at the next level, before the timer records it (TDA 23)", () => {
    const { state: before } = registered(4, 1);
    expect(stepDealtAt(before, T(2))).toBe(0);
    // The first level runs 20 minutes from 19:03.
    const { state } = play(
      [
        { type: 'DrawSeats', at: T(2), permutation: identity(4) },
        { type: 'StartClock', at: T(3) },
      ],
      before,
    );
    expect(state.clock.endsAt).toBe(T(23));
    expect([stepDealtAt(state, T(22, 59)), stepDealtAt(state, T(23)), stepDealtAt(state, T(23, 1))]).toEqual([0, 1, 1]);
    // Paused, the clock ends nowhere.
    const { state: paused } = play([{ type: 'PauseClock', at: T(10) }], state);
    expect(stepDealtAt(paused, T(40))).toBe(0);
  });

  it('unseats a bust, and moves a player with exactly their chips', () => {
    const at = { tableId: 't1', seat: 2 };
    const to = { tableId: 't2', seat: 5 };
    const { state } = registered(2, 2);
    expect(
      tableOrdersFor({ type: 'PlayerBusted', at: T(3), entryId: 'p1#1', tableId: 't1', seat: 2, round: 1, startStack: 300 }, state),
    ).toEqual([{ tableId: 't1', key: 'bust', command: { type: 'LeaveTable', seat: 2 } }]);
    expect(tableOrdersFor({ type: 'PlayerMoved', at: T(3), entryId: 'p2#1', from: at, to, chips: 12345 }, state)).toEqual([
      { tableId: 't1', key: 'leave', command: { type: 'LeaveTable', seat: 2 } },
      { tableId: 't2', key: 'arrive', command: { type: 'SeatPlayer', seat: 5, playerId: 'e2', buyIn: 12345 } },
    ]);
  });

  it("races a colour-up's odd chips off the engine tables: every seat ends with the tournament's chips (TDA chip race)", () => {
    // 12 entries on two tables; the clock to the first break (a colour-up of the 25s for 100s).
    const created = registered(12, 2);
    const { state, events } = play(
      [
        { type: 'DrawSeats', at: T(2), permutation: identity(12) },
        { type: 'StartClock', at: T(5) },
        { type: 'AdvanceLevel', at: T(6), fromStep: 0, early: true },
        { type: 'AdvanceLevel', at: T(7), fromStep: 1, early: true },
        // p1 (t1 seat 1) 3 odd 25s, p2 (t1 seat 2) 2, p7 (t2 seat 1) 1: 150 → two 100s; keys 9 and 8 are p2's, 5 p1's.
        {
          type: 'ColourUp',
          at: T(8),
          odd: [
            { entryId: 'p1#1', chips: 3 },
            { entryId: 'p2#1', chips: 2 },
            { entryId: 'p7#1', chips: 1 },
          ],
          keys: [5, 1, 1, 9, 8, 2],
        },
      ],
      created.state,
    );
    const tables = new Map<string, TableState>();
    const apply = (tableId: string, command: TableCommand) => {
      const at = tables.get(tableId) ?? tableDecider.initialState;
      const decision = tableDecider.decide(command, at);
      if (!decision.ok) throw new Error(`${command.type} at ${tableId}: ${decision.rejection.code} ${decision.rejection.message}`);
      tables.set(tableId, decision.events.reduce(tableDecider.evolve, at));
    };
    let folded = created.state;
    for (const e of [...created.events, ...events]) {
      folded = tournamentDecider.evolve(folded, e);
      for (const order of tableOrdersFor(e, folded))
        if (order.command.type !== 'DrawForButton') apply(order.tableId, order.command as TableCommand);
    }
    const race = events.find((e) => e.type === 'ChipRaceRun')!;
    const orders = tableOrdersFor(race, state);
    expect(orders.map((o) => [o.tableId, o.key, o.command])).toEqual([
      [
        't1',
        'race-t1',
        {
          type: 'RaceChips',
          chip: 25,
          nextChip: 100,
          seats: [
            { seat: 1, removed: 75, won: 1 },
            { seat: 2, removed: 50, won: 1 },
          ],
        },
      ],
      ['t2', 'race-t2', { type: 'RaceChips', chip: 25, nextChip: 100, seats: [{ seat: 1, removed: 25, won: 0 }] }],
    ]);
    for (const entry of state.entries) {
      const table = tables.get(entry.seat!.tableId)!;
      expect(table.seats[entry.seat!.seat - 1]!.stack).toBe(entry.chips);
    }
    expect(state.raceAdjustment).toBe(50);
  });
});
