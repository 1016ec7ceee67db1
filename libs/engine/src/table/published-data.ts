/**
 * What of an event the public may see: one rule per secret, the one home of both the published zod schemas
 * (event-schemas.ts derives the queue's contract from secretRuleOf) and the plain function every read path strips
 * events with (publishedEventData: the queue's jobs, read models, a reader who may not see a hand's secrets, through
 * libs/projections' audience.ts). No zod here: the projections strip many events, so stripping is a switch, never a
 * parse.
 */

/** How a secret-holding event is published. */
export type SecretRule =
  /** No deck, salt or seed (the recorded shape holds none: old logs' HandStarted held them all). */
  | 'without-deck'
  /** Each hand's seat, its cards null (secret until HandShown shows them). */
  | 'dealt-cards-withheld'
  /** The seat, its cards null (a reader's record of a live hand). */
  | 'cards-withheld'
  /** The hand number only (a deck, a seed, a salt, the hole cards' key). */
  | 'hand-number-only';

/**
 * The secret-holding events' rules by type; every other event (null) is published as recorded. A switch, not a
 * table: the projections ask it for every event they strip, and an event type is data (an old log's, a forged one:
 * `constructor` is no rule). event-schemas.ts asks it for every core event type.
 */
export function secretRuleOf(type: string): SecretRule | null {
  switch (type) {
    case 'HandStarted':
      return 'without-deck';
    case 'HoleCardsDealt':
      return 'dealt-cards-withheld';
    case 'HoleCardsReported':
      return 'cards-withheld';
    case 'DeckSealed':
    case 'DeckRevealed':
    case 'HoleCardsRevealed':
      return 'hand-number-only';
    default:
      return null;
  }
}

/** A shuffle record without its seed (old logs carried one in HandStarted and hand histories). */
export function shuffleWithoutSeed<T>(shuffle: T): T {
  if (typeof shuffle !== 'object' || shuffle === null || !('seed' in shuffle)) return shuffle;
  const { seed: _seed, ...rest } = shuffle as T & { seed: unknown };
  return rest as T;
}

/**
 * An event's data (without its type) as the public may see it, by its type: also types this engine does not know and
 * old logs' shapes, and the event store's sealed forms (a sealed envelope is dropped with everything but the seats).
 * What a rule keeps is all that is kept: a member the contract does not declare never reaches the public.
 */
export function publishedEventData(type: string, data: unknown): unknown {
  const rule = secretRuleOf(type);
  if (rule === null) return data;
  // A malformed record (not an object) is read as an empty one: nothing of it is published.
  const record = (typeof data === 'object' && data !== null ? data : {}) as Readonly<Record<string, unknown>>;
  switch (rule) {
    case 'hand-number-only':
      return { handNumber: record.handNumber };
    case 'cards-withheld':
      return { seat: record.seat, cards: null };
    case 'dealt-cards-withheld':
      return {
        hands: Array.isArray(record.hands)
          ? record.hands.map((hand: { readonly seat?: unknown } | null) => ({ seat: hand?.seat, cards: null }))
          : [],
      };
    case 'without-deck': {
      const { deck: _deck, salt: _salt, seed: _seed, ...rest } = record;
      return 'shuffle' in rest ? { ...rest, shuffle: shuffleWithoutSeed(rest.shuffle) } : rest;
    }
  }
}
