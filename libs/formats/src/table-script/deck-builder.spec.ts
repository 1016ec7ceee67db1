import { buildDeck, boardPositions } from './deck-builder';

describe('buildDeck', () => {
  const order = [2, 3, 1]; // three players, button on seat 1

  it('puts hole cards in dealing order, one at a time, and the board after the burn cards', () => {
    const result = buildDeck({
      dealingOrder: order,
      holeCards: new Map([
        [2, 'AsKd'],
        [1, 'Qh Jh'],
      ]),
      board: 'Qc9d7s4h2c',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const deck = result.deck;
    // Round one: seats 2, 3, 1; round two: seats 2, 3, 1.
    expect([deck[0], deck[3]]).toEqual(['As', 'Kd']);
    expect([deck[2], deck[5]]).toEqual(['Qh', 'Jh']);
    // Burn (6), flop 7-9, burn (10), turn 11, burn (12), river 13.
    expect(boardPositions(3)).toEqual([7, 8, 9, 11, 13]);
    expect([deck[7], deck[8], deck[9], deck[11], deck[13]]).toEqual(['Qc', '9d', '7s', '4h', '2c']);
    expect(new Set(deck).size).toBe(52);
  });

  it('fills the open positions the same way every time, and differently with another seed', () => {
    const a = buildDeck({ dealingOrder: order, holeCards: new Map(), board: 'AsAhAd' });
    const b = buildDeck({ dealingOrder: order, holeCards: new Map(), board: 'AsAhAd' });
    const c = buildDeck({ dealingOrder: order, holeCards: new Map(), board: 'AsAhAd', fillSeed: 9 });
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
  });

  it('explains a card given twice, a seat not dealt in, and bad card text', () => {
    expect(buildDeck({ dealingOrder: order, holeCards: new Map([[2, 'AsKd']]), board: 'As' })).toEqual({
      ok: false,
      why: 'As is given twice (seat 2 and the board)',
    });
    expect(buildDeck({ dealingOrder: order, holeCards: new Map([[5, 'AsKd']]) })).toEqual({
      ok: false,
      why: 'seat 5 is not dealt in this hand (dealt: 2, 3, 1)',
    });
    expect(buildDeck({ dealingOrder: order, holeCards: new Map([[2, 'AsK']]) })).toMatchObject({
      ok: false,
      why: expect.stringMatching(/two cards/),
    });
    expect(buildDeck({ dealingOrder: order, holeCards: new Map(), board: '2c3c4c5c6c7c' })).toMatchObject({
      ok: false,
      why: expect.stringMatching(/up to five cards/),
    });
  });
});
