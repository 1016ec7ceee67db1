import type { TableRulesInput } from './rules';
import type { Prng } from './events';

/**
 * Commands: what floor staff ask of a table. Seats are numbered 1..maxSeats. The deck (or a seed) arrives on
 * StartHand and DrawForButton, with StartHand's salt for the deck's commitment (random, from the API; a script
 * may leave it out, and its commitment then hides nothing); the engine never shuffles on its own. Actor, time and command id travel in the
 * envelope the application keeps beside the command (they end up in each event's metadata).
 */
export type DeckSource =
  /** The dealer's deck order, top card first, as card codes ("As", "Td", ...). All 52 cards, each once. */
  | { readonly deck: readonly string[]; readonly seed?: undefined; readonly prng?: undefined; readonly salt?: string }
  /**
   * A seed for a named deck derivation (table/deck.ts): 64 lower-case hex digits for the house's
   * "hmac-drbg-sha256-fisher-yates" (the API draws them from the operating system's CSPRNG), or a whole number
   * below 2^32 for "mulberry32-fisher-yates", which table scripts, tests and demos use and which anyone can
   * predict. `prng` may name the derivation; the seed's form must fit it.
   */
  | { readonly seed: string | number; readonly prng?: Prng; readonly deck?: undefined; readonly salt?: string }
  /** Live-cards tables: nothing; the cards are entered as they are dealt (table/live-cards.ts). */
  | { readonly deck?: undefined; readonly seed?: undefined; readonly prng?: undefined; readonly salt?: string };

export type BoardStreet = 'flop' | 'turn' | 'river';

export type TableCommand =
  | { readonly type: 'OpenTable'; readonly tableId: string; readonly rules: TableRulesInput }
  | { readonly type: 'CloseTable' }
  | { readonly type: 'SeatPlayer'; readonly seat: number; readonly playerId: string; readonly buyIn: number; readonly postToEnter?: boolean }
  | { readonly type: 'LeaveTable'; readonly seat: number }
  | { readonly type: 'SitOut'; readonly seat: number }
  | { readonly type: 'SitIn'; readonly seat: number; readonly waitForBigBlind?: boolean }
  | { readonly type: 'AddChips'; readonly seat: number; readonly amount: number }
  /** Moves a player to an empty seat while they are not dealt in (table/seat-change.ts). */
  | { readonly type: 'ChangeSeat'; readonly from: number; readonly to: number; readonly postToEnter?: boolean }
  | ({ readonly type: 'DrawForButton' } & DeckSource)
  | { readonly type: 'PlaceButton'; readonly seat: number }
  | ({ readonly type: 'StartHand' } & DeckSource)
  | { readonly type: 'PostBlind'; readonly seat: number; readonly blind?: ForcedBetKind }
  /** House option: a live straddle before the deal (house-options/straddle.ts). */
  | { readonly type: 'Straddle'; readonly seat: number }
  /** House option: a voluntary kill, an overblind before the deal (house-options/kill-pot.ts). */
  | { readonly type: 'KillPot'; readonly seat: number; readonly amount?: number }
  /** Deals the hole cards once the forced bets are in, on tables where straddles or kills may be posted first. */
  | { readonly type: 'Deal' }
  /** House option: the blinds take their money back when everyone else folded (house-options/chop.ts). */
  | { readonly type: 'ChopBlinds'; readonly consents: readonly { readonly seat: number; readonly by: string }[] }
  /** Floor only, between hands: new rules from the next hand on (a new game for the kill button). */
  | { readonly type: 'ChangeRules'; readonly rules: TableRulesInput }
  | { readonly type: 'Fold'; readonly seat: number }
  | { readonly type: 'Check'; readonly seat: number }
  | { readonly type: 'Call'; readonly seat: number }
  | { readonly type: 'Bet'; readonly seat: number; readonly amount: number }
  | { readonly type: 'Raise'; readonly seat: number; readonly to: number }
  /** On live-cards tables the cards tabled are entered, unless a reader already reported them. */
  | { readonly type: 'ShowHand'; readonly seat: number; readonly cards?: readonly string[] }
  /** Live cards: the dealer enters the flop (3 cards), turn or river (1) as dealt, once the betting round is over. */
  | { readonly type: 'DealBoard'; readonly cards: readonly string[]; readonly street?: BoardStreet }
  /** Live cards: a reader (RFID shoe or table) reports a player's hole cards. */
  | { readonly type: 'ReportHoleCards'; readonly seat: number; readonly cards: readonly string[] }
  | { readonly type: 'MuckHand'; readonly seat: number }
  | { readonly type: 'VoidHand'; readonly reason: string }
  /** Floor only: takes back the hand's `action`-th standing betting action and every one after it (table/corrections.ts). */
  | { readonly type: 'CorrectAction'; readonly action: number; readonly reason: string };

export type TableCommandType = TableCommand['type'];

export type ForcedBetKind = 'small-blind' | 'big-blind' | 'ante' | 'make-up-big' | 'make-up-small' | 'new-player' | 'straddle' | 'kill-blind' | 'kill-pot';

export const COMMAND_TYPES: readonly TableCommandType[] = [
  'OpenTable', 'CloseTable', 'SeatPlayer', 'LeaveTable', 'SitOut', 'SitIn', 'AddChips', 'DrawForButton', 'PlaceButton',
  'StartHand', 'PostBlind', 'Straddle', 'KillPot', 'Deal', 'ChopBlinds', 'ChangeRules', 'Fold', 'Check', 'Call', 'Bet', 'Raise', 'ShowHand', 'MuckHand', 'VoidHand',
  'DealBoard', 'ReportHoleCards', 'ChangeSeat', 'CorrectAction',
];
