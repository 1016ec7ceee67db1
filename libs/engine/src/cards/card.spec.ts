import fc from 'fast-check';
import { FULL_DECK, formatCard, formatCards, isValidCard, makeCard, parseCard, parseCards, rankOf, suitOf } from './card';

describe('card encoding', () => {
  it('numbers cards rank * 4 + suit, deuce of clubs first, ace of spades last', () => {
    expect(parseCard('2c')).toBe(0);
    expect(parseCard('2d')).toBe(1);
    expect(parseCard('2h')).toBe(2);
    expect(parseCard('2s')).toBe(3);
    expect(parseCard('3c')).toBe(4);
    expect(parseCard('Ac')).toBe(48);
    expect(parseCard('As')).toBe(51);
    expect(rankOf(parseCard('Td')!)).toBe(8);
    expect(suitOf(parseCard('Td')!)).toBe(1);
    expect(makeCard(12, 3)).toBe(51);
  });

  it('orders by rank, then bridge suit order, as plain numbers', () => {
    const ordered = ['Kh', 'Ks', 'Ac', 'Ad', 'Ah', 'As'].map((text) => parseCard(text)!);
    expect([...ordered].sort((a, b) => a - b)).toEqual(ordered);
  });

  it('has a full deck of the 52 cards in order', () => {
    expect(FULL_DECK).toHaveLength(52);
    expect(FULL_DECK).toEqual([...Array(52).keys()]);
    expect(Object.isFrozen(FULL_DECK)).toBe(true);
    expect(formatCards(FULL_DECK.slice(0, 5))).toBe('2c 2d 2h 2s 3c');
  });

  it('validates cards', () => {
    expect(FULL_DECK.every(isValidCard)).toBe(true);
    for (const bad of [-1, 52, 1.5, NaN, Infinity, '3', null, undefined, {}]) {
      expect(isValidCard(bad)).toBe(false);
    }
    expect(() => makeCard(13, 0)).toThrow(RangeError);
    expect(() => makeCard(0, 4)).toThrow(RangeError);
    expect(() => formatCard(52)).toThrow(RangeError);
  });
});

describe('parseCard', () => {
  it('round-trips every card', () => {
    for (const card of FULL_DECK) expect(parseCard(formatCard(card))).toBe(card);
  });

  it('accepts any letter case and surrounding whitespace', () => {
    expect(parseCard('as')).toBe(51);
    expect(parseCard('AS')).toBe(51);
    expect(parseCard('tD')).toBe(parseCard('Td'));
    expect(parseCard(' Qh\n')).toBe(parseCard('Qh'));
  });

  it('returns undefined for bad text instead of throwing', () => {
    for (const bad of ['', 'A', 'Ax', '1s', '10s', 'AsK', 'sA', 'A s', 'Äs', 'Ａs', '\u0000s']) {
      expect(parseCard(bad)).toBeUndefined();
    }
    expect(parseCard(undefined as unknown as string)).toBeUndefined();
    expect(parseCard(42 as unknown as string)).toBeUndefined();
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 4 }), (text) => {
        const card = parseCard(text);
        expect(card === undefined || isValidCard(card)).toBe(true);
      }),
    );
  });
});

describe('parseCards', () => {
  it('reads concatenated cards', () => {
    expect(parseCards('AsKd7c')).toEqual([51, 45, 20]);
  });

  it('accepts whitespace and commas between cards', () => {
    expect(parseCards('As Kd 7c')).toEqual([51, 45, 20]);
    expect(parseCards(' As,Kd, 7c\t\n')).toEqual([51, 45, 20]);
    expect(parseCards('as,KD 7C')).toEqual([51, 45, 20]);
  });

  it('reads the empty list', () => {
    expect(parseCards('')).toEqual([]);
    expect(parseCards(' , ')).toEqual([]);
  });

  it('rejects bad text and repeated cards', () => {
    for (const bad of ['A', 'AsK', 'AsKx', 'As Kd 7', 'A s', 'AsAs', 'As,as', '10s', 'As;Kd']) {
      expect(parseCards(bad)).toBeUndefined();
    }
    expect(parseCards(null as unknown as string)).toBeUndefined();
  });

  it('round-trips any set of distinct cards, with or without separators', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 51 }), { maxLength: 52 }),
        fc.constantFrom('', ' ', ',', ', '),
        (cards, separator) => {
          expect(parseCards(formatCards(cards, separator))).toEqual(cards);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('never throws on arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => {
        const cards = parseCards(text);
        expect(cards === undefined || cards.every(isValidCard)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
