import { publishedEventData, shuffleWithoutSeed } from './published-data';

/**
 * The public share of an event, as every read path strips it (the queue, read models, an audience that may not see
 * a secret): what a rule keeps is all that is kept, whatever else the data holds (the event store's sealed forms, an
 * old log's deck and seed, a member a forger added), and odd data is stripped, never thrown on.
 */
describe('publishedEventData', () => {
  const envelope = { keyId: 'k', iv: 'i', data: 'd', tag: 't' };

  it('withholds hole cards, dealt or reported, also from the sealed form the event store keeps', () => {
    expect(
      publishedEventData('HoleCardsDealt', {
        hands: [
          { seat: 1, cards: [0, 5] },
          { seat: 4, cards: null },
        ],
      }),
    ).toEqual({
      hands: [
        { seat: 1, cards: null },
        { seat: 4, cards: null },
      ],
    });
    const storedDealt = { handNumber: 3, hands: [{ seat: 2, cards: null, note: 'x' }], sealed: envelope, extra: 1 };
    expect(publishedEventData('HoleCardsDealt', storedDealt)).toEqual({ hands: [{ seat: 2, cards: null }] });
    expect(publishedEventData('HoleCardsReported', { seat: 2, cards: [7, 9], handNumber: 3, sealed: envelope, extra: 1 })).toEqual({
      seat: 2,
      cards: null,
    });
  });

  it('publishes a deck, a seed or a key as the hand number only', () => {
    const deck = { handNumber: 3, deck: [1, 2], salt: 'ab', shuffle: { kind: 'seeded', prng: 'mulberry32-fisher-yates', seed: 7 } };
    for (const type of ['DeckSealed', 'DeckRevealed']) expect(publishedEventData(type, deck)).toEqual({ handNumber: 3 });
    expect(publishedEventData('DeckSealed', { handNumber: 3, sealed: envelope })).toEqual({ handNumber: 3 });
    expect(publishedEventData('HoleCardsRevealed', { handNumber: 3, key: 'a'.repeat(64) })).toEqual({ handNumber: 3 });
  });

  it("strips an old log's HandStarted of its deck, salt and seed, and leaves today's as recorded", () => {
    const old = { handNumber: 1, deck: [1, 2], salt: 'ab', seed: 5, shuffle: { kind: 'seeded', prng: 'mulberry32-fisher-yates', seed: 7 } };
    expect(publishedEventData('HandStarted', old)).toEqual({ handNumber: 1, shuffle: { kind: 'seeded', prng: 'mulberry32-fisher-yates' } });
    const today = { handNumber: 2, button: 1, shuffle: { kind: 'supplied' }, deckCommitment: null };
    expect(publishedEventData('HandStarted', today)).toEqual(today);
    expect(shuffleWithoutSeed({ kind: 'supplied' })).toEqual({ kind: 'supplied' });
  });

  it('publishes an event without a secret as it is, whatever its type names', () => {
    const data = { seat: 3, amount: 10 };
    for (const type of ['PlayerCalled', 'SomethingNewer', 'constructor', 'toString', '__proto__'])
      expect(publishedEventData(type, data)).toBe(data);
  });

  it('never throws on odd data: what it cannot read is not published', () => {
    expect(publishedEventData('HoleCardsDealt', { hands: 'all of them' })).toEqual({ hands: [] });
    expect(publishedEventData('HoleCardsDealt', null)).toEqual({ hands: [] });
    expect(publishedEventData('HoleCardsDealt', { hands: [null, { seat: 2, cards: [1, 2] }] })).toEqual({
      hands: [
        { seat: undefined, cards: null },
        { seat: 2, cards: null },
      ],
    });
    expect(publishedEventData('HoleCardsReported', 'cards')).toEqual({ seat: undefined, cards: null });
    expect(publishedEventData('DeckSealed', 42)).toEqual({ handNumber: undefined });
    expect(publishedEventData('HandStarted', null)).toEqual({});
  });
});
