import type { DealMethod } from './deals';
import type { SeatRef } from './events';

/**
 * What the floor (and the clock's timer) asks of a tournament. Time comes in on every command (`at`, ISO-8601, set
 * by the API); randomness too: `permutation` for the seat draw and `keys` (uint32 from the server's CSPRNG) for any
 * seat the command may draw (a late entry's, a broken table's players'). The library reads no clock and draws
 * nothing itself.
 */
export type TournamentCommand =
  | { readonly type: 'CreateTournament'; readonly at: string; readonly tournamentId: string; readonly structure: unknown }
  | { readonly type: 'AddTable'; readonly at: string; readonly tableId: string }
  | { readonly type: 'Register'; readonly at: string; readonly playerId: string; readonly alias: string; readonly keys?: readonly number[] }
  | { readonly type: 'ReEnter'; readonly at: string; readonly playerId: string; readonly keys?: readonly number[] }
  | { readonly type: 'Unregister'; readonly at: string; readonly entryId: string }
  | { readonly type: 'DrawSeats'; readonly at: string; readonly permutation: readonly number[] }
  | { readonly type: 'StartClock'; readonly at: string }
  | { readonly type: 'PauseClock'; readonly at: string }
  | { readonly type: 'ResumeClock'; readonly at: string }
  | { readonly type: 'AddTime'; readonly at: string; readonly seconds: number }
  /** `fromStep`: the step the sender saw (the timer's job names it), so a late or repeated job moves nothing. */
  | { readonly type: 'AdvanceLevel'; readonly at: string; readonly fromStep: number; readonly early?: boolean }
  | {
      readonly type: 'RecordHand';
      readonly at: string;
      readonly tableId: string;
      readonly button: number;
      readonly stacks: readonly { readonly entryId: string; readonly chips: number }[];
      readonly keys?: readonly number[];
    }
  | { readonly type: 'OverrideMove'; readonly at: string; readonly entryId: string; readonly to: SeatRef; readonly reason: string }
  /**
   * The colour-up at a break: each player's odd chips of the denomination taken out (after exchanging full units),
   * raced off with one key per odd chip (chip-race.ts). Players not listed have none.
   */
  | {
      readonly type: 'ColourUp';
      readonly at: string;
      readonly odd: readonly { readonly entryId: string; readonly chips: number }[];
      readonly keys?: readonly number[];
    }
  /** Hand-for-hand near the money (TDA): each table plays one hand, then waits for the others. */
  | { readonly type: 'HandForHand'; readonly at: string; readonly on: boolean }
  /**
   * A final-table deal every remaining player agreed to (`consents`: each of their entry ids, as the floor heard them).
   * `leaveToPlayFor`: currency units kept back from the open prizes for the last player standing; play goes on.
   */
  | {
      readonly type: 'Deal';
      readonly at: string;
      readonly method: DealMethod;
      readonly consents: readonly string[];
      readonly leaveToPlayFor?: number;
    }
  | { readonly type: 'Rebuy'; readonly at: string; readonly entryId: string }
  | { readonly type: 'AddOn'; readonly at: string; readonly entryId: string };

export type TournamentCommandType = TournamentCommand['type'];
