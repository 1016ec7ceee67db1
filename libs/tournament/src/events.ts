import type { DealMethod } from './deals';
import type { PrizePool } from './payouts';
import type { Fees, TournamentStructure } from './structure';

/**
 * What happened in a tournament: one stream per tournament ("tournament-<id>", tournament-stream.ts), in the same
 * store and hash chain as the tables. Every event carries its time (`at`); deadlines (a level's end) are recorded,
 * never recomputed; the random draws that came in on commands are recorded on the events they decided.
 */
export interface SeatRef {
  readonly tableId: string;
  readonly seat: number;
}

/** A deal's share: the player's chips when it was made and what the deal pays them. */
export interface DealShare {
  readonly entryId: string;
  readonly chips: number;
  readonly amount: number;
}

/** Why a player moves: balancing, a table breaking, or the floor's override. */
export type MoveReason = 'balance' | 'break';

export type TournamentEvent =
  | { readonly type: 'TournamentCreated'; readonly at: string; readonly tournamentId: string; readonly structure: TournamentStructure }
  | { readonly type: 'TableAdded'; readonly at: string; readonly tableId: string; readonly seats: number }
  | {
      readonly type: 'PlayerRegistered';
      readonly at: string;
      readonly entryId: string;
      readonly playerId: string;
      readonly alias: string;
      /** 1 for a first entry, 2 for the first re-entry, ... */
      readonly entryNumber: number;
      /** What the player paid (the receipt): the split of the entry fee at the time. */
      readonly fees: Fees;
      readonly chips: number;
      /** A late entry's seat (drawn with `key`); null before the seat draw. */
      readonly seat: SeatRef | null;
      readonly key: number | null;
    }
  | { readonly type: 'PlayerUnregistered'; readonly at: string; readonly entryId: string; readonly refund: number }
  | {
      readonly type: 'SeatsDrawn';
      readonly at: string;
      /** The random permutation the server drew (entry i in registration order takes seat permutation[i]). */
      readonly permutation: readonly number[];
      readonly seats: readonly ({ readonly entryId: string } & SeatRef)[];
    }
  | { readonly type: 'ClockStarted'; readonly at: string; readonly step: number; readonly endsAt: string }
  /** A new step of the structure (a level or a break): it takes effect on each table's next hand (TDA). */
  | {
      readonly type: 'LevelStarted';
      readonly at: string;
      readonly step: number;
      /** null while the clock is paused (then remainingMs says how long the step lasts). */
      readonly endsAt: string | null;
      readonly remainingMs: number | null;
      /** The floor moved the clock on before the time ran out. */
      readonly early: boolean;
    }
  | { readonly type: 'ClockPaused'; readonly at: string; readonly remainingMs: number }
  /** `step`: the step running (the timer, which reads events alone, names it in the AdvanceLevel it sends at endsAt). */
  | { readonly type: 'ClockResumed'; readonly at: string; readonly step: number; readonly endsAt: string }
  | {
      readonly type: 'TimeAdded';
      readonly at: string;
      readonly step: number;
      readonly seconds: number;
      readonly endsAt: string | null;
      readonly remainingMs: number | null;
    }
  | {
      readonly type: 'HandRecorded';
      readonly at: string;
      readonly tableId: string;
      /** The button's seat in the hand just played (where the next big blind is). */
      readonly button: number;
      readonly stacks: readonly { readonly entryId: string; readonly chips: number }[];
    }
  | {
      readonly type: 'PlayerBusted';
      readonly at: string;
      readonly entryId: string;
      readonly tableId: string;
      readonly seat: number;
      /** Busts of one hand share a round; within it the bigger stack at the start of the hand finishes higher. */
      readonly round: number;
      readonly startStack: number;
    }
  | {
      readonly type: 'MoveProposed';
      readonly at: string;
      readonly entryId: string;
      readonly from: SeatRef;
      readonly to: SeatRef;
      readonly reason: MoveReason;
      /** The random key that ordered a broken table's players (null for a balancing move). */
      readonly key: number | null;
    }
  | { readonly type: 'MoveOverridden'; readonly at: string; readonly entryId: string; readonly to: SeatRef; readonly reason: string }
  /** The move happens after the player's current hand: their chips go with them. */
  | {
      readonly type: 'PlayerMoved';
      readonly at: string;
      readonly entryId: string;
      readonly from: SeatRef;
      readonly to: SeatRef;
      readonly chips: number;
    }
  | { readonly type: 'TableBroken'; readonly at: string; readonly tableId: string }
  /** A colour-up's chip race: each listed player's odd chips taken off, at most one new chip won; the keys that decided it. */
  | {
      readonly type: 'ChipRaceRun';
      readonly at: string;
      readonly step: number;
      readonly chip: number;
      readonly nextChip: number;
      readonly results: readonly { readonly entryId: string; readonly removed: number; readonly won: number }[];
      readonly keys: readonly number[];
    }
  /** Hand-for-hand began (`round`: the bust round its first hand's busts share) or ended. */
  | { readonly type: 'HandForHandStarted'; readonly at: string; readonly round: number }
  | { readonly type: 'HandForHandEnded'; readonly at: string }
  /** Every table in play reported its hand-for-hand hand: the next one may be dealt everywhere. */
  | { readonly type: 'HandForHandRoundEnded'; readonly at: string; readonly round: number }
  /**
   * A deal: each remaining player's chips and what they are paid. Without `leftToPlayFor` the tournament finishes with
   * it; with it, play goes on for that amount (the last player standing takes it on top of their share).
   */
  | {
      readonly type: 'DealMade';
      readonly at: string;
      readonly method: DealMethod;
      readonly consents: readonly string[];
      readonly shares: readonly DealShare[];
      readonly leftToPlayFor?: number;
    }
  | { readonly type: 'Rebought'; readonly at: string; readonly entryId: string; readonly fees: Fees; readonly chips: number }
  | { readonly type: 'AddOnTaken'; readonly at: string; readonly entryId: string; readonly fees: Fees; readonly chips: number }
  | {
      readonly type: 'TournamentFinished';
      readonly at: string;
      readonly pool: PrizePool;
      /** Every entry's place (tied entries share the best of their places) and prize, first place first. */
      readonly results: readonly { readonly entryId: string; readonly playerId: string; readonly place: number; readonly prize: number }[];
    };

export type TournamentEventType = TournamentEvent['type'];

export const TOURNAMENT_EVENT_TYPES: readonly TournamentEventType[] = [
  'TournamentCreated',
  'TableAdded',
  'PlayerRegistered',
  'PlayerUnregistered',
  'SeatsDrawn',
  'ClockStarted',
  'LevelStarted',
  'ClockPaused',
  'ClockResumed',
  'TimeAdded',
  'HandRecorded',
  'PlayerBusted',
  'MoveProposed',
  'MoveOverridden',
  'PlayerMoved',
  'TableBroken',
  'ChipRaceRun',
  'HandForHandStarted',
  'HandForHandEnded',
  'HandForHandRoundEnded',
  'DealMade',
  'Rebought',
  'AddOnTaken',
  'TournamentFinished',
];

export const TOURNAMENT_EVENT_SCHEMA_VERSION = 1;
