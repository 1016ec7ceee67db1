/**
 * Missed blinds (docs/rules.md Part A "Missed blinds", Part B M7).
 * A seat that sits out while a blind passes it owes that blind when it comes back: it either posts the make-up
 * now (and is dealt in at once) or waits for the big blind, which clears the debt.
 *
 * Part A (the seeds) wins over Part B on the default: a missed small blind alone costs a big-blind amount, live.
 * Part B's room practice (post the small blind dead) and waiting for the big blind are options.
 *
 * As a rule module (always on: its policy is `rules.missedBlinds`, with defaults): a seat's debt is its seat
 * slice (`missedSmall`, `missedBig`); the blinds a hand passed by are HandStarted's `missedBlinds`, kept in the
 * hand's slice and owed once the hand ends (a voided hand owes nothing); a seat that owes posts to enter (or
 * waits for the big blind), and never between the big blind and the button unless the house allows it.
 * With a kill game (kill-game.ts): a killed pot keeps new players out before they are asked to post.
 */
import { handInProgress, houseWith, seatWith, tableWith, type SeatState, type TableState } from '../table/state';
import { rejection } from '../table/rejections';
import { seatAfter, countBetween } from '../table/seat-order';
import { ruleModule, type HandPlanContext, type SeatEntry } from './rule-module';
import { seatSchema } from '../table/event-schemas';
import { z } from 'zod';
import { DEFAULT_MISSED_BLIND_POLICY, entryObligation, validateMissedBlindPolicy, type MissedBlindPolicy } from './entry-obligation';
import { MISSED_BLIND_POLICY_SCHEMA } from './missed-blind-policy';
import type { InferShape } from '../table/schema-types';

/** HandStarted's field: the seats a blind passed while they sat out. Its type is this. */
const MISSED_BLINDS_STARTED = Object.freeze({
  missedBlinds: z.array(z.strictObject({ seat: seatSchema(), blind: z.enum(['small', 'big']) })),
});
export type MissedBlindsHandStarted = InferShape<typeof MISSED_BLINDS_STARTED>;
type MissedBlind = MissedBlindsHandStarted['missedBlinds'][number];

/** What a seat owes for blinds it missed while sitting out (SeatState). */
export interface MissedBlindsSeatSlice {
  readonly missedSmall: boolean;
  readonly missedBig: boolean;
}

/** Seats that a blind passed while they sat out in this hand: owed when it ends (HandState.house). */
export interface MissedBlindsHandSlice {
  readonly missedBlinds: readonly MissedBlind[];
}

/** Where the policy lives in the rules (it came before houseOptions), and what a client sends. */
export interface MissedBlindsRules {
  readonly missedBlinds: MissedBlindPolicy;
}
export interface MissedBlindsRulesInput {
  readonly missedBlinds?: Partial<MissedBlindPolicy>;
}

/** The seats the blinds passed while they sat out (or were not dealt in) since the last hand. */
function missedSince(ctx: HandPlanContext): readonly MissedBlind[] {
  const last = ctx.last;
  const missedBlinds: MissedBlind[] = [];
  if (last === null) return missedBlinds;
  const max = ctx.rules.maxSeats;
  const bb = ctx.bigBlindSeat;
  for (let i = 1, k = countBetween(last.bigBlind, bb, max); i <= k; i++) {
    const n = seatAfter(last.bigBlind, i, max);
    if (missable(ctx, n)) missedBlinds.push({ seat: n, blind: 'big' });
  }
  // The seats between the last small blind and this one, then this one.
  const sbPosition = ctx.smallBlindPosition;
  const passedSmall = countBetween(last.smallBlind, sbPosition, max);
  for (let i = 1; i <= passedSmall + 1; i++) {
    const n = i <= passedSmall ? seatAfter(last.smallBlind, i, max) : sbPosition;
    if (n !== last.smallBlind && missable(ctx, n) && n !== bb) missedBlinds.push({ seat: n, blind: 'small' });
  }
  return missedBlinds;
}

/** A seat a blind can pass by: taken, not dealt in, and not a newcomer who owes nothing yet. */
function missable(ctx: HandPlanContext, n: number): boolean {
  const s = ctx.state.seats[n - 1] ?? null;
  return s !== null && !ctx.isDealt(n) && !(s.isNew && !s.missedBig && !s.missedSmall);
}

/** A seat's debt when a hand ends: paid by the players dealt in, owed by those a blind passed (HandEnded). */
function debtsAfterHand(state: TableState): TableState {
  const hand = state.hand!;
  let seats: (SeatState | null)[] | null = null;
  const set = (n: number, change: Partial<MissedBlindsSeatSlice>) => {
    seats ??= state.seats.slice();
    seats[n - 1] = seatWith(seats[n - 1]!, change);
  };
  for (const p of hand.players) {
    const seat = state.seats[p.seat - 1];
    if (seat && seat.playerId === p.playerId && (seat.missedSmall || seat.missedBig)) set(p.seat, CLEARED);
  }
  for (const m of hand.house.missedBlinds) {
    const seat = (seats ?? state.seats)[m.seat - 1];
    if (seat && !hand.players.some((p) => p.seat === seat.seat && p.playerId === seat.playerId))
      set(m.seat, m.blind === 'big' ? OWES_BIG : OWES_SMALL);
  }
  return seats === null ? state : tableWith(state, { seats });
}

const CLEARED: Partial<MissedBlindsSeatSlice> = Object.freeze({ missedSmall: false, missedBig: false });
const OWES_BIG: Partial<MissedBlindsSeatSlice> = Object.freeze({ missedBig: true });
const OWES_SMALL: Partial<MissedBlindsSeatSlice> = Object.freeze({ missedSmall: true });
const WAITS: SeatEntry = Object.freeze({ kind: 'wait-for-big-blind' });

export const missedBlinds = ruleModule<MissedBlindPolicy>({
  startedSchema: MISSED_BLINDS_STARTED,
  recordedSchema: MISSED_BLIND_POLICY_SCHEMA,
  name: 'missedBlinds',
  handSliceStart: { missedBlinds: Object.freeze([]) as readonly MissedBlind[] },
  where: 'rules',
  params: (rules) => rules.missedBlinds,
  defaults: DEFAULT_MISSED_BLIND_POLICY,
  validate: (policy) => validateMissedBlindPolicy(policy),
  evolve: {
    HandStarted: (state, e) => {
      const missed = (e as Partial<MissedBlindsHandStarted>).missedBlinds;
      if (!missed || missed.length === 0) return state;
      return houseWith(state, { missedBlinds: missed });
    },
    HandEnded: debtsAfterHand,
  },
  // A blind this hand passes the seat by is owed at the seat it passed: the player moves once the hand is over.
  seatMayGo: (state, seat, how) =>
    how === 'change-seat' && handInProgress(state) && state.hand!.house.missedBlinds.some((m) => m.seat === seat)
      ? rejection('HAND_IN_PROGRESS', `Seat ${seat} misses a blind in this hand; change seats after it ends.`, 'from')
      : null,
  seatEntry: (seat, ctx, policy) => {
    // Most seats owe nothing (the planner asks for every seat before every hand): entryObligation's 'none'.
    if (!seat.missedSmall && !seat.missedBig && !(seat.isNew && ctx.gameRunning)) return null;
    const rules = ctx.state.rules!;
    const obligation = entryObligation(
      { missedSmall: seat.missedSmall, missedBig: seat.missedBig, isNew: seat.isNew && ctx.gameRunning },
      policy,
      rules.smallBlind,
      rules.bigBlind,
    );
    switch (obligation.kind) {
      case 'none':
        return null;
      case 'wait-for-big-blind':
        return WAITS;
      case 'posts':
        return { kind: 'posts', posts: obligation.posts, barredBetweenBlindsAndButton: !policy.allowEntryBetweenBlindsAndButton };
    }
  },
  startedDefaults: Object.freeze({ missedBlinds: Object.freeze([]) }),
  forcedBets: (ctx, forcedBets) => ({ forcedBets, started: { missedBlinds: missedSince(ctx) } }),
});

/** This module's part of the core's records (table/extensions.ts): declaration merging, so the core imports no module. */
/* eslint-disable @typescript-eslint/no-empty-object-type -- an interface merged with this module's slice */
declare module '../table/extensions' {
  interface HouseHandStarted extends MissedBlindsHandStarted {}
  interface HouseRules extends MissedBlindsRules {}
  interface HouseRulesInput extends MissedBlindsRulesInput {}
  interface HouseSeatSlice extends MissedBlindsSeatSlice {}
  interface HouseHandSlice extends MissedBlindsHandSlice {}
}
