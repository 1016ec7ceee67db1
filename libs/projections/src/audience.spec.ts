import { audienceOf, eventDataFor, maySeeDeck, maySeeHoleCards, type Audience, type ViewerRole } from './audience';

const CONTEXTS = [false, true].flatMap((assignedDealer) =>
  [false, true].flatMap((dealerSeesHoleCards) =>
    [false, true].map((liveSurveillance) => ({ assignedDealer, dealerSeesHoleCards, liveSurveillance })),
  ),
);

describe('the visibility rule (docs/security.md)', () => {
  it('makes each role the audience the matrix says, for every table and deployment', () => {
    const seen = new Set<string>();
    for (const role of ['public', 'service', 'timer', 'dealer', 'floor', 'regulator'] as ViewerRole[]) {
      for (const context of CONTEXTS) {
        const expected: Audience =
          role === 'dealer' && context.assignedDealer && context.dealerSeesHoleCards
            ? 'dealer'
            : role === 'floor'
              ? 'floor'
              : role === 'regulator'
                ? context.liveSurveillance
                  ? 'surveillance'
                  : 'regulator'
                : 'public';
        expect({ role, context, audience: audienceOf(role, context) }).toEqual({ role, context, audience: expected });
        seen.add(expected as string);
      }
    }
    expect([...seen].sort()).toEqual(['dealer', 'floor', 'public', 'regulator', 'surveillance']);
  });

  it('gives face-down cards of a live hand to the dealer console, surveillance and their owner; of a hand over to the floor and regulators', () => {
    const cases: [Audience, boolean, boolean][] = [
      // audience, live hand, hand over
      ['public', false, false],
      ['dealer', true, false],
      ['floor', false, true],
      ['regulator', false, true],
      ['surveillance', true, true],
      [{ player: 'bob' }, false, false],
    ];
    for (const [audience, live, over] of cases) {
      expect({ audience, live: maySeeHoleCards(audience, { playerId: 'ann', shown: false, handOver: false }) }).toEqual({ audience, live });
      expect({ audience, over: maySeeHoleCards(audience, { playerId: 'ann', shown: false, handOver: true }) }).toEqual({ audience, over });
      expect(maySeeHoleCards(audience, { playerId: 'ann', shown: true, handOver: false })).toBe(true);
      expect(maySeeDeck(audience, false)).toBe(false);
      expect(maySeeDeck(audience, true)).toBe(over);
    }
    expect(maySeeHoleCards({ player: 'ann' }, { playerId: 'ann', shown: false, handOver: false })).toBe(true);
  });

  it('hides the secrets of event types this engine does not record yet (live cards) and leaves the others alone', () => {
    expect(eventDataFor('HoleCardsReported', { seat: 3, cards: [1, 2] }, 'floor', false)).toEqual({ seat: 3, cards: null });
    expect(eventDataFor('HoleCardsReported', { seat: 3, cards: [1, 2] }, 'floor', true)).toEqual({ seat: 3, cards: [1, 2] });
    expect(eventDataFor('BoardDealt', { street: 'flop', cards: [1, 2, 3] }, 'public', false)).toEqual({ street: 'flop', cards: [1, 2, 3] });
    expect(eventDataFor('HandStarted', { handNumber: 2, deckCommitment: 'ab', shuffle: { kind: 'live' } }, 'public', false)).toEqual({
      handNumber: 2,
      deckCommitment: 'ab',
      shuffle: { kind: 'live' },
    });
  });
});
