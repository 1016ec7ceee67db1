import { badBeatOf, highHandsOf } from './qualifying-hands';
import { normalizeFundRules, qualifyingCards } from './funds';
import { playedHand } from './played-hand.test-support';

/**
 * Qualifying hands from real hands: each is played through the engine (a table script), folded into the one hand
 * record, then read by badBeatOf / highHandsOf.
 */
const rules = normalizeFundRules({ kind: 'bad-beat', name: 'Bad beat' });

describe('bad beats from the log', () => {
  it('aces full of kings beaten by four kings, both hole cards playing: a hit, with the folded button in the table share', () => {
    const hand = playedHand({ ann: '7c2d', bob: 'AhAd', cy: 'KcKs' }, 'AcKdKh5s2c');
    const beat = badBeatOf(hand, rules);
    expect(beat).toMatchObject({ tableId: hand.tableId, handNumber: 1, table: ['ann'] });
    expect(beat!.loser).toMatchObject({ playerId: 'bob', category: 'full-house', bothHoleCards: true });
    expect(beat!.winner).toMatchObject({ playerId: 'cy', category: 'four-of-a-kind', bothHoleCards: true });
  });

  it('the same losing hand with one hole card playing does not qualify, unless the posted rules waive it', () => {
    const hand = playedHand({ ann: '7c2d', bob: 'Ah5d', cy: 'KcKs' }, 'AsAcKdKh2c');
    expect(badBeatOf(hand, rules)).toBeNull();
    expect(badBeatOf(hand, { ...rules, bothHoleCards: false })?.loser.playerId).toBe('bob');
  });

  it('a losing hand below the posted one (kings full of aces) does not qualify', () => {
    // bob: kings full of aces; cy: a royal flush.
    const hand = playedHand({ ann: '7c2d', bob: 'AcKs', cy: 'AdTd' }, 'KhKdAsQdJd');
    expect(hand.pots[0]!.winners.map((w) => w.seat)).toEqual([3]);
    expect(badBeatOf(hand, rules)).toBeNull();
    expect(badBeatOf(hand, { ...rules, qualifyingHand: 'KKKAA' })?.loser.playerId).toBe('bob');
  });

  it("a training table's hand, whose cards anyone may choose, never qualifies", () => {
    const hand = playedHand({ ann: '7c2d', bob: 'AhAd', cy: 'KcKs' }, 'AcKdKh5s2c');
    expect(badBeatOf({ ...hand, deckSource: 'training' }, rules)).toBeNull();
    expect(highHandsOf([{ ...hand, deckSource: 'training' }], '2026-12-06T22:00:00.000Z', '2026-12-06T23:00:00.000Z', rules)).toEqual([]);
  });

  it('a lowered qualifying hand (any full house) makes the same hand a hit', () => {
    const hand = playedHand({ ann: '7c2d', bob: 'AhAd', cy: 'KcKs' }, 'AcKdKh5s2c');
    expect(badBeatOf(hand, { ...rules, qualifyingHand: '22233' })).not.toBeNull();
  });
});

describe('high hands of a period', () => {
  it('the best hand shown in the period wins; an equal hand ties; hands outside the period do not count', () => {
    const quads = playedHand({ ann: '7c2d', bob: 'AhAd', cy: 'KcKs' }, 'AcKdKh5s2c', '2026-12-06T22:10:00.000Z');
    const sameQuads = { ...quads, tableId: 't2', endedAt: '2026-12-06T22:50:00.000Z' };
    const later = playedHand({ ann: '7c2d', bob: 'AhAd', cy: 'KcKs' }, 'AcKdKh5s2c', '2026-12-06T23:10:00.000Z');
    const best = highHandsOf([quads, sameQuads, later], '2026-12-06T22:00:00.000Z', '2026-12-06T23:00:00.000Z', rules);
    expect(best.map((b) => [b.tableId, b.hand.playerId, b.hand.category])).toEqual([
      [quads.tableId, 'cy', 'four-of-a-kind'],
      ['t2', 'cy', 'four-of-a-kind'],
    ]);
  });

  it('a period with no hand shown has no high hand', () => {
    expect(highHandsOf([], '2026-12-06T22:00:00.000Z', '2026-12-06T23:00:00.000Z', rules)).toEqual([]);
  });
});

describe('posted qualifying hands, as ranks', () => {
  it('stand for five distinct cards of the hand named, a flush only when suited', () => {
    expect(qualifyingCards('AAAKK')).toEqual(['Ac', 'Ad', 'Ah', 'Ks', 'Kc']);
    expect(qualifyingCards('AKQJT suited')).toEqual(['As', 'Ks', 'Qs', 'Js', 'Ts']);
    expect(new Set(qualifyingCards('2468T')!.map((c) => c[1])).size).toBeGreaterThan(1);
  });

  it('refuse what is not a hand: six ranks, five of one, a suited pair, cards', () => {
    for (const bad of ['AAAKKQ', 'AAAAA', 'AAKKQ suited', 'AsAcAdKsKh', '', 'aaakk']) expect(qualifyingCards(bad)).toBeNull();
  });
});
