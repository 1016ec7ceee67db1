import fc from 'fast-check';
import type { TournamentEvent } from './events';
import { decideHandEnds, type HandEndDecision, type TableHandEnd } from './hand-ends';
import { isAlive, seatedAt, type TournamentState } from './state';
import { entryIdOfTablePlayer, tableOrdersFor } from './table-link';
import { DAILY, mulberry32, play, randomHand, registered, T } from './tournament.test-support';

/** The engine tables as the tournament's orders leave them: each table's seats (seat → player id and stack). */
type Tables = Map<string, Map<number, { playerId: string; stack: number }>>;

function applyOrders(tables: Tables, events: readonly TournamentEvent[], after: TournamentState): void {
  for (const event of events)
    for (const { tableId, command } of tableOrdersFor(event, after)) {
      const seats = tables.get(tableId) ?? new Map<number, { playerId: string; stack: number }>();
      tables.set(tableId, seats);
      if (command.type === 'SeatPlayer') {
        if (seats.has(command.seat)) throw new Error(`seat ${tableId}/${command.seat} is taken`);
        seats.set(command.seat, { playerId: command.playerId, stack: command.buyIn });
      }
      if (command.type === 'LeaveTable') seats.delete(command.seat);
      if (command.type === 'CloseTable') seats.clear();
    }
}

const applyDecisions = (tables: Tables, decisions: readonly HandEndDecision[]) => {
  for (const d of decisions) if (d.ok) applyOrders(tables, d.events, d.after);
};

const copy = (tables: Tables): Tables =>
  new Map([...tables].map(([id, seats]) => [id, new Map([...seats].map(([n, s]) => [n, { ...s }]))]));

/** A table's seats in seat order, as the API reads them. */
const seatsOf = (tables: Tables, tableId: string) =>
  [...(tables.get(tableId) ?? [])].sort(([a], [b]) => a - b).map(([seat, s]) => ({ seat, playerId: s.playerId, stack: s.stack }));

/** The hand ends one at a time, each table's seats read once the orders of the ones before it reached the tables. */
function oneAtATime(state: TournamentState, tables: Tables, ends: readonly Omit<TableHandEnd, 'seats'>[]) {
  let s = state;
  const decisions: HandEndDecision[] = [];
  for (const end of ends) {
    const {
      decisions: [decision],
      state: after,
    } = decideHandEnds(s, [{ ...end, seats: seatsOf(tables, end.tableId) }]);
    decisions.push(decision!);
    applyDecisions(tables, [decision!]);
    s = after;
  }
  return { decisions, state: s };
}

/** Some of the tables that can deal end a hand (played by who sat there when it began), and the tables of one a move waits for. */
function handEnds(state: TournamentState, tables: Tables, next: () => number): Omit<TableHandEnd, 'seats'>[] {
  const waiting = state.handForHand?.reported ?? [];
  const ready = state.tables.filter((t) => {
    const n = seatsOf(tables, t.tableId).length;
    if (t.broken) return false;
    return (n >= 2 && !waiting.includes(t.tableId)) || (n === 1 && state.moves.some((m) => m.from.tableId === t.tableId));
  });
  const ending = ready.filter(() => next() % 3 !== 0);
  return (ending.length > 0 ? ending : ready).map((t) => {
    const seats = seatsOf(tables, t.tableId);
    const entries = seats.map((s) => ({ entryId: entryIdOfTablePlayer(state, s.playerId)!, chips: s.stack }));
    const after = randomHand(entries, next, 4);
    seats.forEach((s, i) => (tables.get(t.tableId)!.get(s.seat)!.stack = after[i]!.chips));
    return {
      tableId: t.tableId,
      button: seats[next() % seats.length]!.seat,
      at: T(10),
      keys: Array.from({ length: 10 }, () => next() % 1000),
    };
  });
}

describe('hand ends decided together (decideHandEnds)', () => {
  it('decides exactly what one at a time decides, each table read before the earlier hand ends reached it', () => {
    fc.assert(
      fc.property(
        fc.record({
          players: fc.integer({ min: 4, max: 40 }),
          seatsPerTable: fc.integer({ min: 2, max: 10 }),
          seed: fc.integer({ min: 1, max: 0x7fffffff }),
        }),
        ({ players, seatsPerTable, seed }) => {
          const next = mulberry32(seed);
          const start = registered(players, Math.ceil(players / seatsPerTable) + 1, { ...DAILY, seatsPerTable }).state;
          const weights = Array.from({ length: players }, () => next());
          const order = Array.from({ length: players }, (_, i) => i).sort((a, b) => weights[a]! - weights[b]! || a - b);
          const drawn = play(
            [
              { type: 'DrawSeats', at: T(2), permutation: order },
              { type: 'StartClock', at: T(5) },
            ],
            start,
          );
          let state = drawn.state;
          const tables: Tables = new Map();
          applyOrders(tables, drawn.events, state);
          for (let round = 0; round < 500 && state.status !== 'finished'; round++) {
            if (!state.handForHand && state.entries.filter(isAlive).length * 3 <= players)
              state = play([{ type: 'HandForHand', at: T(9), on: true }], state).state;
            const ends = handEnds(state, tables, next);
            if (ends.length === 0) break;
            const alone = oneAtATime(state, copy(tables), ends);
            const together = decideHandEnds(
              state,
              ends.map((e) => ({ ...e, seats: seatsOf(tables, e.tableId) })),
            );
            expect(together.decisions).toEqual(alone.decisions);
            expect(together.state).toEqual(alone.state);
            const refused = together.decisions.find((d) => !d.ok);
            if (refused) throw new Error(`refused: ${JSON.stringify(refused)}`);
            applyDecisions(tables, together.decisions);
            state = together.state;
          }
          // Played to the last player (the tournament ends with them once late registration closes).
          expect(state.entries.filter(isAlive)).toHaveLength(1);
          // Until the end, the tables held exactly the tournament's players and chips.
          for (const t of state.tables.filter((t) => !t.broken))
            expect(seatsOf(tables, t.tableId).map((s) => [entryIdOfTablePlayer(state, s.playerId), s.stack])).toEqual(
              seatedAt(state, t.tableId).map((e) => [e.entryId, e.chips]),
            );
        },
      ),
      { numRuns: 20 },
    );
  });
});
