import fc from 'fast-check';
import type { TournamentCommand } from './commands';
import { payoutsOf, placePrizes, prizePoolOf } from './payouts';
import { activeTables, effectiveCount, openSeats } from './balancing';
import { chipsInPlay, isAlive, registrationOpen, seatedAt, type TournamentState } from './state';
import { parseStructure, type TournamentStructureInput } from './structure';
import { tournamentDecider } from './tournament-decider';
import { DAILY, mulberry32, play, randomHand, registered, T } from './tournament.test-support';

/** Chips conserved and no seat shared after every event; tables within one after every decision. */
function checkInvariants(state: TournamentState, decided = true): void {
  const structure = state.structure!;
  const expected =
    structure.startingStack * state.buyIns.entries +
    (structure.rebuy?.chips ?? 0) * state.buyIns.rebuys +
    (structure.addOn?.chips ?? 0) * state.buyIns.addOns +
    state.raceAdjustment;
  expect(chipsInPlay(state)).toBe(expected);
  const seats = state.entries.filter((e) => e.status === 'seated').map((e) => `${e.seat!.tableId}/${e.seat!.seat}`);
  expect(new Set(seats).size).toBe(seats.length);
  for (const t of state.tables) expect(seatedAt(state, t.tableId).length).toBeLessThanOrEqual(t.seats);
  if (!decided) return;
  const counts = activeTables(state).map((t) => effectiveCount(state, t.tableId));
  if (counts.length < 2) return;
  // Within one, unless every seat of the shorter tables is still held by a player about to move, or the fuller
  // tables hold no player who could be moved (all of their count is players in transit to them): the moves wait for
  // the hands in progress, and the tables even out as they are made.
  const active = activeTables(state);
  const moving = new Set(state.moves.map((m) => m.entryId));
  const movable = active.map((t) => seatedAt(state, t.tableId).filter((e) => !moving.has(e.entryId)).length);
  const short = active.filter(
    (t, i) => openSeats(state, t).length > 0 && active.some((_, j) => counts[j]! > counts[i]! + 1 && movable[j]! > 0),
  );
  expect(short).toEqual([]);
}

const tournamentArb = fc.record({
  players: fc.integer({ min: 2, max: 40 }),
  seatsPerTable: fc.integer({ min: 2, max: 10 }),
  seed: fc.integer({ min: 1, max: 0x7fffffff }),
});

/** A deal may be made: registration closed, 2 to 10 players left, all in the money, none made yet. */
function dealOpen(state: TournamentState): boolean {
  const alive = state.entries.filter(isAlive).length;
  const structure = state.structure!;
  const paid = placePrizes(structure, prizePoolOf(structure, state.buyIns).prizePool, state.buyIns.entries).length;
  return state.status === 'running' && !registrationOpen(state) && !state.deal && alive >= 2 && alive <= Math.min(10, paid);
}

/** An ICM or chip-chop deal by every player left, leaving a random multiple of the unit below the open prizes. */
function partialDeal(state: TournamentState, next: () => number): TournamentState {
  const alive = state.entries.filter(isAlive);
  const structure = state.structure!;
  const prizes = placePrizes(structure, prizePoolOf(structure, state.buyIns).prizePool, state.buyIns.entries);
  const open = prizes.slice(0, alive.length).reduce((a, b) => a + b, 0);
  const units = Math.floor((open - 1) / structure.roundTo);
  const leaveToPlayFor = structure.roundTo * (1 + (next() % units));
  const method = next() % 2 === 0 ? ('icm' as const) : ('chip-chop' as const);
  const consents = alive.map((e) => e.entryId);
  if (state.handForHand) state = play([{ type: 'HandForHand', at: T(11), on: false }], state).state;
  const { state: after, events } = play([{ type: 'Deal', at: T(11), method, consents, leaveToPlayFor }], state);
  expect(events).toHaveLength(1);
  const shares = after.deal!.shares.reduce((n, s) => n + s.amount, 0);
  expect(shares + leaveToPlayFor).toBe(open);
  return after;
}

describe('tournament properties', () => {
  it('conserves chips at every event, keeps tables within one, and pays the pool exactly to a permutation of places, with or without a partial deal', () => {
    fc.assert(
      fc.property(tournamentArb, ({ players, seatsPerTable, seed }) => {
        const next = mulberry32(seed);
        const structure: TournamentStructureInput = { ...DAILY, seatsPerTable };
        const tables = Math.ceil(players / seatsPerTable) + 1;
        const start = registered(players, tables, structure).state;
        const weights = Array.from({ length: players }, () => next());
        const order = Array.from({ length: players }, (_, i) => i).sort((a, b) => weights[a]! - weights[b]! || a - b);
        let state = play(
          [
            { type: 'DrawSeats', at: T(2), permutation: order },
            { type: 'StartClock', at: T(5) },
            { type: 'AdvanceLevel', at: T(6), fromStep: 0, early: true },
            { type: 'AdvanceLevel', at: T(7), fromStep: 1, early: true },
          ],
          start,
        ).state;
        // The colour-up at the break: some players hold one to three odd 25s.
        const odd = state.entries.filter(isAlive).flatMap((e) => {
          const chips = next() % 4;
          return chips === 0 ? [] : [{ entryId: e.entryId, chips }];
        });
        const keys = Array.from({ length: odd.reduce((n, o) => n + o.chips, 0) }, () => next());
        state = play([{ type: 'ColourUp', at: T(8), odd, keys }], state).state;
        checkInvariants(state);
        // Half the runs make a deal leaving an amount to play for as soon as one may be made (hand-for-hand ended first).
        let deal = next() % 2 === 0;
        for (let step = 0; step < 2000 && state.status !== 'finished'; step++) {
          if (deal && dealOpen(state)) {
            state = partialDeal(state, next);
            deal = false;
            checkInvariants(state);
          }
          // Hand-for-hand once half the field is out: a table that has played the round's hand waits.
          if (!state.handForHand && state.entries.filter(isAlive).length * 2 <= players)
            state = play([{ type: 'HandForHand', at: T(9), on: true }], state).state;
          const waiting = state.handForHand?.reported ?? [];
          const live = state.tables.filter(
            (t) => t.inPlay && !t.broken && seatedAt(state, t.tableId).length > 0 && !waiting.includes(t.tableId),
          );
          const table = live[next() % live.length]!;
          const at = seatedAt(state, table.tableId);
          const stacks = randomHand(at, next);
          const button = at[next() % at.length]!.seat!.seat;
          const keys = Array.from({ length: 10 }, () => next() % 1000);
          const command: TournamentCommand = { type: 'RecordHand', at: T(10), tableId: table.tableId, button, stacks, keys };
          const decision = tournamentDecider.decide(command, state);
          if (!decision.ok) throw new Error(`${decision.rejection.code}: ${decision.rejection.message}`);
          for (const e of decision.events) {
            state = tournamentDecider.evolve(state, e);
            checkInvariants(state, false);
          }
          checkInvariants(state);
        }
        expect(state.status).toBe('finished');
        const { results, pool } = state.finished!;
        expect(results.reduce((n, x) => n + x.prize, 0)).toBe(pool.prizePool);
        expect(pool.prizePool).toBe(pool.collected + pool.overlay);
        expect(pool.paid).toBe(pool.collected + pool.houseFees + pool.staffFees);
        // Places: each tied group holds place p .. p+k-1; together they are 1..entries.
        const sorted = results.map((x) => x.place).sort((a, b) => a - b);
        expect(sorted[0]).toBe(1);
        expect(results).toHaveLength(players);
        for (let i = 1; i < sorted.length; i++) expect(sorted[i] === sorted[i - 1] || sorted[i] === i + 1).toBe(true);
        expect(state.entries.filter(isAlive)).toHaveLength(1);
        // After a deal: each of its players is paid their share, the winner the amount left on top.
        if (state.deal) {
          const prize = new Map(results.map((r) => [r.entryId, r]));
          for (const s of state.deal.shares) {
            const r = prize.get(s.entryId)!;
            expect(r.prize).toBe(s.amount + (r.place === 1 ? state.deal.leftToPlayFor! : 0));
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it('pays out exactly the pool, each place no more than the one above, and ties share to the unit', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 700 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: 100 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 10 }),
        (entries, guarantee, roundTo, tieSizes) => {
          const parsed = parseStructure({ ...DAILY, guarantee, roundTo });
          if (!parsed.ok) throw new Error(parsed.message);
          const structure = parsed.structure;
          const pool = prizePoolOf(structure, { entries, rebuys: 0, addOns: 0 }).prizePool;
          const prizes = placePrizes(structure, pool, entries);
          expect(prizes.reduce((a, b) => a + b, 0)).toBe(pool);
          for (let i = 1; i < prizes.length; i++) expect(prizes[i]!).toBeLessThanOrEqual(prizes[i - 1]!);
          for (let i = 1; i < prizes.length; i++) expect(prizes[i]! % roundTo).toBe(0);
          // Groups covering every place 1..n (n = the places the ties cover, up to the entries).
          let place = 1;
          const groups = [];
          for (const k of tieSizes) {
            if (place + k - 1 > entries) break;
            groups.push({ place, entryIds: Array.from({ length: k }, (_, i) => `e${place + i}`) });
            place += k;
          }
          const covered = place - 1;
          const paid = payoutsOf(structure, pool, entries, groups);
          expect(paid.reduce((n, p) => n + p.amount, 0)).toBe(prizes.slice(0, covered).reduce((a, b) => a + b, 0));
        },
      ),
    );
  });
});
