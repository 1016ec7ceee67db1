/**
 * Who sees which card, and when: the one rule every read path applies (docs/security.md has the matrix, role ×
 * hand phase × data). Pure: the callers say who is looking (an Audience, from the role and the table) and whether
 * the hand a secret belongs to is over; this file says what of it they may see.
 *
 * Secrets: undealt cards, the deck, the seed and the salt; each seat's face-down hole cards (mucked ones too).
 * Shown cards (tabled at the showdown) and the board once dealt are public.
 *
 * | audience      | who                                                     | live hand: hole cards | hand over: hole cards, mucked, deck, seed |
 * |---------------|---------------------------------------------------------|-----------------------|-------------------------------------------|
 * | public        | no token, a service, a dealer not at this table, a dealer at a table without `dealerSeesHoleCards` | no | no (shown only) |
 * | dealer        | the table's assigned dealer where its rules set `dealerSeesHoleCards` | every seat's | no (shown only)    |
 * | floor         | a floor supervisor                                      | no                    | yes (disputes)                            |
 * | regulator     | a regulator                                             | no                    | yes                                       |
 * | surveillance  | a regulator where FELT_LIVE_SURVEILLANCE=1               | every seat's          | yes                                       |
 * | {player}      | the player (no such token yet; kept for player apps)    | their own             | no (shown only)                           |
 * The undealt deck, the seed and the salt of a live hand: nobody, by any path.
 */
import { publishedEventData } from '@felt/engine';

export { shuffleWithoutSeed } from '@felt/engine';

export type Audience = 'public' | 'dealer' | 'floor' | 'regulator' | 'surveillance' | { readonly player: string };

/** The roles an audience is made from (apps/api/src/auth/roles.ts, plus the public with no token). */
export type ViewerRole = 'public' | 'service' | 'timer' | 'dealer' | 'floor' | 'regulator';

export interface AudienceContext {
  /** A dealer: assigned to this table by a floor supervisor. */
  readonly assignedDealer: boolean;
  /** The table's rules say the cards are read electronically and the dealer's console shows them (default false). */
  readonly dealerSeesHoleCards: boolean;
  /** The deployment enables a live surveillance role for regulators (FELT_LIVE_SURVEILLANCE=1, default off). */
  readonly liveSurveillance: boolean;
}

/** The audience of a role at one table: the matrix's rows. */
export function audienceOf(role: ViewerRole, context: AudienceContext): Audience {
  switch (role) {
    case 'dealer':
      return context.assignedDealer && context.dealerSeesHoleCards ? 'dealer' : 'public';
    case 'floor':
      return 'floor';
    case 'regulator':
      return context.liveSurveillance ? 'surveillance' : 'regulator';
    default:
      return 'public';
  }
}

/** Sees face-down cards of a hand in progress: every seat's. */
function seesLiveHoleCards(audience: Audience): boolean {
  return audience === 'dealer' || audience === 'surveillance';
}

/** Sees every secret of a hand that is over: hole cards, mucked ones, the deck, the seed, the salt. */
function seesFinishedHands(audience: Audience): boolean {
  return audience === 'floor' || audience === 'regulator' || audience === 'surveillance';
}

export interface HoleCardsOf {
  /** Whose cards (a player audience sees their own); null when unknown (an event names seats, not players). */
  readonly playerId: string | null;
  /** Tabled at the showdown: from then on everyone may see them. */
  readonly shown: boolean;
  /** The hand they were dealt in is over (ended or voided). */
  readonly handOver: boolean;
}

/** Whether `audience` may see one seat's hole cards. */
export function maySeeHoleCards(audience: Audience, cards: HoleCardsOf): boolean {
  if (cards.shown) return true;
  if (cards.handOver ? seesFinishedHands(audience) : seesLiveHoleCards(audience)) return true;
  return typeof audience === 'object' && cards.playerId !== null && audience.player === cards.playerId;
}

/** Whether `audience` may see a hand's deck, seed and salt: only once the hand is over, and only the floor and regulators. */
export function maySeeDeck(audience: Audience, handOver: boolean): boolean {
  return handOver && seesFinishedHands(audience);
}

/** A key per distinct audience, so one rendering serves every reader who sees the same thing. */
export function audienceKey(audience: Audience): string {
  return typeof audience === 'string' ? audience : `player:${audience.player}`;
}

/**
 * An event's `data` as `audience` may see it, by its type (also types this engine version does not know yet, and
 * old logs' shapes). `handOver`: the hand the event belongs to is over when it is read. Where the audience may not
 * see a secret, the event is what the public sees: the engine's rule (publishedEventData, one rule per secret, the
 * home of the queue's published schemas too).
 * - HandStarted: as recorded only where the deck may be seen (old logs held the deck and seed).
 * - DeckSealed: the public share for everyone (its content is sealed; DeckRevealed tells it after the hand).
 * - DeckRevealed, HoleCardsRevealed (a hand's hole-card key): as recorded only where the deck may be seen.
 * - HoleCardsDealt, HoleCardsReported: as recorded only where the cards may be seen and they are not stored sealed
 *   (the events name seats, so a player audience is treated like the public here; the table view shows a player
 *   their own).
 * Every other event holds nothing secret.
 */
export function eventDataFor(type: string, data: unknown, audience: Audience, handOver: boolean): unknown {
  return seesAsRecorded(type, data, audience, handOver) ? data : publishedEventData(type, data);
}

/** Whether `audience` sees this event's data as recorded (an event without secrets: everyone). */
function seesAsRecorded(type: string, data: unknown, audience: Audience, handOver: boolean): boolean {
  switch (type) {
    case 'DeckSealed':
      return false;
    case 'HandStarted':
    case 'DeckRevealed':
    case 'HoleCardsRevealed':
      return maySeeDeck(audience, handOver);
    case 'HoleCardsDealt':
    case 'HoleCardsReported':
      // As stored while the hand is live, the event also holds its sealed envelope and hand number: not for views.
      return (
        maySeeHoleCards(audience, { playerId: null, shown: false, handOver }) &&
        typeof data === 'object' &&
        data !== null &&
        !('sealed' in data)
      );
    default:
      return true;
  }
}

/** Event types that belong to a hand and may hold a secret: a read path must know whether their hand is over. */
export const SECRET_BEARING_EVENTS: ReadonlySet<string> = new Set([
  'HandStarted',
  'DeckSealed',
  'DeckRevealed',
  'HoleCardsDealt',
  'HoleCardsReported',
  'HoleCardsRevealed',
]);

/**
 * The public form of an event's data, for those who are no audience at all (the public queue, read models): the
 * engine's rule itself (the public sees no secret as recorded), with no audience to weigh on this hot path.
 */
export function publicEventData(type: string, data: unknown): unknown {
  return publishedEventData(type, data);
}
