/**
 * The rule-module contract's part for the readers outside the engine (rule-module.ts `formats`): how a module's
 * events and forced bets read in hand summaries, exports, hand notes and the regulator's deal check. Data beside the
 * module's schemas, not hooks: the core never asks it.
 */
import type { TableEvent } from '../table/events';

/**
 * How one of a module's forced-bet kinds reads in hand summaries and exports (libs/formats, libs/projections): data
 * the formats look up by the post's kind, so none of them names the kind.
 */
export interface ForcedBetFormat {
  /** The summary's words for it ("posts the bomb-pot ante 5"); absent: "a <kind>". */
  readonly name?: string;
  /** OHH's action for it ("Straddle", "Post Ante"); absent: OHH's "Post Extra Blind", or "Post Dead" when dead. */
  readonly ohh?: string;
  /** Live money in the exports whatever its BlindPosted says (a bomb pot's ante: PHH writes it as a blind). */
  readonly live?: true;
  /**
   * The exports' note on a live post of this kind (a dead one is noted as any dead post is); null: no note (PHH
   * writes it as it is: a straddle); absent: the generic "written as a blind".
   */
  readonly note?: ForcedBetNote | null;
  /**
   * The exports' note on the whole hand when players posted this kind before the deal (a bomb pot's antes, and no
   * betting before the flop), at the hole cards' deal, given the most one player posted of it.
   */
  readonly dealNote?: DealNote;
  /** A post a seat owes before it is dealt in (a kill blind), which felt play lists with the make-ups. */
  readonly owed?: true;
}

/** An export note of a module's (docs/regulators.md lists the kinds). */
export interface ModuleNote {
  /** The note's kind, as the exports count and list them. */
  readonly kind: string;
  /** Another engine replays a hand with it to other stacks (a kill's raised limits): OHH keeps only such notes. */
  readonly replaysDifferently?: true;
}

/** The note on one post (ForcedBetFormat.note). */
export interface ForcedBetNote extends ModuleNote {
  /** With the player as the format names them and the chips the post put in (a kill pot: its live total). */
  text(player: string, amount: number): string;
}

/** The note on a hand whose players posted the kind before the deal (ForcedBetFormat.dealNote). */
export interface DealNote extends ModuleNote {
  text(most: number): string;
}

/** Cards one of a module's own events dealt from the hand's deck: a second run's street. */
export interface ModuleDeal {
  /** The board run (the engine deals a second run after the first run's river, a burn before each of its streets). */
  readonly run: 2;
  readonly street: 'flop' | 'turn' | 'river';
  readonly cards: readonly number[];
}

/**
 * One change a module's event makes to a hand's record (libs/projections hand-record.ts): the record's generic fields,
 * which the hand histories, the exports, the ledgers and the console read, whatever module made the change.
 */
export type RecordChange =
  /**
   * A post of one of the module's forced-bet kinds to a live total (a kill pot): recorded as an action of its own,
   * named by its kind, whose amount is the poster's live total (a blind already posted counts toward it).
   */
  | { readonly change: 'post-to-total'; readonly seat: number; readonly kind: string; readonly total: number }
  /** Chips a seat got back before any pot was made (the blinds chopped: what each blind took back). */
  | { readonly change: 'returned'; readonly seat: number; readonly amount: number }
  /**
   * Chips the house took from the hand: `byPot`, each pot's share (a rake), recorded with the pot's award; `fee`, a
   * fee taken instead of any pot (the blinds chopped), recorded apart as well. Both count in the record's rake.
   */
  | { readonly change: 'house-take'; readonly amount: number; readonly byPot?: readonly number[]; readonly fee?: true }
  /** The seat's time ran out: its next fold or check is marked as the clock's. */
  | { readonly change: 'timed-out'; readonly seat: number }
  /** The board is run a second time from the cards on it now (the module's `deals` deal the second run's streets). */
  | { readonly change: 'second-run' }
  /** What each run paid of pots already awarded. */
  | {
      readonly change: 'runs';
      readonly pots: readonly {
        readonly pot: number;
        readonly runs: readonly {
          readonly run: number;
          readonly amount: number;
          readonly winners: readonly { readonly seat: number; readonly amount: number }[];
        }[];
      }[];
    };

/**
 * How a module's events and forced bets read in hand histories, summaries, exports and the regulator's deal check:
 * data beside its schemas, not hooks. The readers (libs/formats, libs/projections, libs/regulator) iterate over the
 * table's modules and look up here, so none of them names a module's event or forced-bet kind.
 */
export interface ModuleFormats {
  /** Its forced-bet kinds (forcedBetKinds; a kill pot's KillPotPosted, recorded as a post of kind 'kill-pot'). */
  readonly forcedBets?: { readonly [kind: string]: ForcedBetFormat };
  /** Its own events that deal cards from the deck, by type: what each dealt. */
  readonly deals?: { readonly [type: string]: (event: TableEvent) => ModuleDeal };
  /**
   * How its own events change a hand's record, by type: the changes in order (none: the record only moves on). An
   * event the module has neither here nor in `deals` leaves the record as it was (its `describe` still says it).
   */
  readonly record?: { readonly [type: string]: (event: TableEvent) => readonly RecordChange[] };
}
