import type { ForcedBetKind } from './events';
import type { BoardStreet } from './commands';
import type { HouseLegalAction } from './extensions';

/**
 * One thing the seat may do now, with its bounds: exactly what `decide` will accept. The house options' actions
 * are declared in their modules (merged into table/extensions.ts's HouseLegalActions).
 */
export type LegalAction = CoreLegalAction | HouseLegalAction;

type CoreLegalAction =
  | { readonly type: 'PostBlind'; readonly seat: number; readonly blind: ForcedBetKind; readonly amount: number }
  | { readonly type: 'Deal'; readonly seat: null }
  | { readonly type: 'Fold'; readonly seat: number }
  | { readonly type: 'Check'; readonly seat: number }
  | { readonly type: 'Call'; readonly seat: number; readonly amount: number }
  | { readonly type: 'Bet'; readonly seat: number; readonly min: number; readonly max: number }
  | { readonly type: 'Raise'; readonly seat: number; readonly min: number; readonly max: number }
  /** cardsToEnter: on a live table whose reader did not report this hand, the two cards shown must be entered. */
  | { readonly type: 'ShowHand'; readonly seat: number; readonly cardsToEnter?: number }
  | { readonly type: 'MuckHand'; readonly seat: number }
  /** Live cards: the dealer enters the next street (any cards not yet seen in the hand). */
  | { readonly type: 'DealBoard'; readonly seat: null; readonly street: BoardStreet; readonly cardsToEnter: number }
  /** Live cards: a reader may report this seat's hole cards. */
  | { readonly type: 'ReportHoleCards'; readonly seat: number; readonly cardsToEnter: number };

export interface LegalActions {
  /** Whose decision the hand waits for; null between hands or when the dealer has nothing to ask. */
  readonly seat: number | null;
  readonly actions: readonly LegalAction[];
}
