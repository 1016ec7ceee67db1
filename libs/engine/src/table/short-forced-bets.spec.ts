import { TableUnderTest } from './table-under-test.test-support';
import { legalActions, type TableEvent, type TableRulesInput } from '../index';

/**
 * A player who cannot cover every forced bet they owe: the blind comes first and what is left is the ante (TDA RP-11),
 * and from rules version 3 a player with nothing left owes nothing more, so the hand goes on at once. Versions 1 and 2
 * waited for a post of nothing (`PostBlind ante` of 0), and their logs hold that post, so they keep it.
 */
const BBA: TableRulesInput = {
  structure: { kind: 'no-limit' },
  smallBlind: 100,
  bigBlind: 200,
  ante: { kind: 'big-blind', amount: 200 },
  maxSeats: 6,
};
const EVERYONE: TableRulesInput = { ...BBA, ante: { kind: 'everyone', amount: 50 } };

/** Button 1, small blind 2, big blind 3, UTG 4; everyone 10,000 but the seats given. */
function table(rules: TableRulesInput, stacks: Record<number, number>): TableUnderTest {
  const players = [1, 2, 3, 4].map((seat) => ({ seat, id: `p${seat}`, stack: stacks[seat] ?? 10_000 }));
  const t = TableUnderTest.open(rules, players, 1);
  t.do({ type: 'StartHand', seed: 7 });
  return t;
}

const types = (events: readonly TableEvent[]) => events.map((e) => e.type);

describe('a big blind short of the blind, with a big-blind ante (rules version 3)', () => {
  it('posts all of it to the blind, owes no ante, and the cards are dealt at once', () => {
    const t = table(BBA, { 3: 150 });
    t.do({ type: 'PostBlind', seat: 2, blind: 'small-blind' });
    expect(legalActions(t.state).actions).toEqual([{ type: 'PostBlind', seat: 3, blind: 'big-blind', amount: 150 }]);
    const posted = t.do({ type: 'PostBlind', seat: 3, blind: 'big-blind' });
    expect(posted[0]).toEqual({ type: 'BlindPosted', seat: 3, kind: 'big-blind', amount: 150, live: true, allIn: true });
    expect(types(posted)).toEqual(['BlindPosted', 'HoleCardsDealt']);
    expect(t.state.hand!.forcedBetsDue).toEqual([]);
    expect(t.state.hand!.phase).toBe('betting');
    // UTG acts; the bring-in stays the full big blind.
    expect(legalActions(t.state)).toEqual({
      seat: 4,
      actions: [
        { type: 'Fold', seat: 4 },
        { type: 'Call', seat: 4, amount: 200 },
        { type: 'Raise', seat: 4, min: 400, max: 10_000 },
      ],
    });
    expect(t.refuses({ type: 'PostBlind', seat: 3, blind: 'ante' }, 'BLIND_NOT_DUE')).toBe('Seat 3 owes no ante now.');
    expect(t.of('BlindPosted').filter((e) => e.kind === 'ante')).toEqual([]);
    expect(t.chips()).toBe(30_150);
  });

  it('with the blind covered, owes the rest as the ante, even part of one', () => {
    const t = table(BBA, { 3: 250 });
    t.do({ type: 'PostBlind', seat: 2, blind: 'small-blind' }, { type: 'PostBlind', seat: 3, blind: 'big-blind' });
    expect(legalActions(t.state).actions).toEqual([{ type: 'PostBlind', seat: 3, blind: 'ante', amount: 50 }]);
    t.refuses({ type: 'Call', seat: 4 }, 'BLINDS_PENDING');
    const ante = t.do({ type: 'PostBlind', seat: 3, blind: 'ante' });
    expect(ante[0]).toEqual({ type: 'BlindPosted', seat: 3, kind: 'ante', amount: 50, live: false, allIn: true });
    expect(types(ante)).toEqual(['BlindPosted', 'HoleCardsDealt']);
  });

  it('with exactly the blind, owes no ante either', () => {
    const t = table(BBA, { 3: 200 });
    t.do({ type: 'PostBlind', seat: 2, blind: 'small-blind' });
    expect(types(t.do({ type: 'PostBlind', seat: 3, blind: 'big-blind' }))).toEqual(['BlindPosted', 'HoleCardsDealt']);
  });
});

describe('antes for everyone (rules version 3)', () => {
  it('a small blind all-in for part of the blind owes no ante; everyone else still posts theirs', () => {
    const t = table(EVERYONE, { 2: 60 });
    t.do({ type: 'PostBlind', seat: 2, blind: 'small-blind' });
    expect(t.state.hand!.forcedBetsDue.filter((f) => f.seat === 2)).toEqual([]);
    t.refuses({ type: 'PostBlind', seat: 2, blind: 'ante' }, 'BLIND_NOT_DUE');
    t.do({ type: 'PostBlind', seat: 3, blind: 'big-blind' });
    for (const seat of [1, 3]) t.do({ type: 'PostBlind', seat, blind: 'ante' });
    const last = t.do({ type: 'PostBlind', seat: 4, blind: 'ante' });
    expect(types(last)).toEqual(['BlindPosted', 'HoleCardsDealt']);
    expect(t.of('BlindPosted').map((e) => [e.seat, e.kind, e.amount])).toEqual([
      [2, 'small-blind', 60],
      [3, 'big-blind', 200],
      [1, 'ante', 50],
      [3, 'ante', 50],
      [4, 'ante', 50],
    ]);
  });
});

describe('tables under rules version 2 keep the old way (test/rules-v2-replay.spec.ts: their logs re-decide as played)', () => {
  it('wait for an ante of nothing from the all-in big blind, and only that post deals the cards', () => {
    const t = table({ ...BBA, version: 2 }, { 3: 150 });
    t.do({ type: 'PostBlind', seat: 2, blind: 'small-blind' });
    expect(types(t.do({ type: 'PostBlind', seat: 3, blind: 'big-blind' }))).toEqual(['BlindPosted']);
    expect(legalActions(t.state).actions).toEqual([{ type: 'PostBlind', seat: 3, blind: 'ante', amount: 0 }]);
    t.refuses({ type: 'Call', seat: 4 }, 'BLINDS_PENDING');
    const ante = t.do({ type: 'PostBlind', seat: 3, blind: 'ante' });
    expect(ante[0]).toEqual({ type: 'BlindPosted', seat: 3, kind: 'ante', amount: 0, live: false, allIn: true });
    expect(types(ante)).toEqual(['BlindPosted', 'HoleCardsDealt']);
  });
});
