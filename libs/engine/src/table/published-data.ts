/**
 * What of an event the public may see: one rule per secret, the one home of both the published zod schemas
 * (event-schemas.ts derives the queue's contract from this table) and the plain function every read path strips
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

/** The secret-holding events by type; every other event is published as recorded. */
export const SECRET_RULES = Object.freeze({
  HandStarted: 'without-deck',
  HoleCardsDealt: 'dealt-cards-withheld',
  HoleCardsReported: 'cards-withheld',
  DeckSealed: 'hand-number-only',
  DeckRevealed: 'hand-number-only',
  HoleCardsRevealed: 'hand-number-only',
} as const satisfies Readonly<Record<string, SecretRule>>);

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
  // Own keys only: an event type is data (an old log's, a forged one), and `constructor` is no rule.
  const rule: SecretRule | undefined = Object.hasOwn(SECRET_RULES, type) ? SECRET_RULES[type as keyof typeof SECRET_RULES] : undefined;
  if (rule === undefined) return data;
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
