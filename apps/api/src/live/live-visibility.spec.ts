import type { Audience } from '@felt/projections';
import { checkDownHand, scriptedTable } from '../../../../libs/projections/src/scripted-table.test-support';
import type { RecordedLog } from '../../../../libs/projections/src/recorded-log.test-support';
import { eventView } from '../tables/table-view';
import { eventViewFor, tableViewFor } from './live-visibility';

const AUDIENCES: readonly Audience[] = ['public', 'dealer', 'regulator', { player: 'ann' }];

function holeCardsSeen(log: RecordedLog, audience: Audience): Record<string, string | null> {
  const state = log.state('t1');
  const view = tableViewFor('t1', { state, version: log.events.length, snapshotVersion: 0 }, audience);
  return Object.fromEntries(view.hand!.players.map((p) => [p.playerId, p.holeCards]));
}

describe('what each audience sees of a table (GET /tables/:id and /live)', () => {
  it('hides unshown hole cards from the public, shows a player their own, the dealer and the regulator all', () => {
    const log = scriptedTable(); // hand 1 ends without a showdown: nobody tabled their cards
    const all = holeCardsSeen(log, 'dealer');
    expect(Object.values(all).every((cards) => typeof cards === 'string' && cards.length === 4)).toBe(true);
    expect(holeCardsSeen(log, 'regulator')).toEqual(all);
    expect(holeCardsSeen(log, 'public')).toEqual({ ann: null, bob: null, cy: null });
    expect(holeCardsSeen(log, { player: 'ann' })).toEqual({ ann: all.ann, bob: null, cy: null });
  });

  it('shows everyone the hands tabled at the showdown', () => {
    const log = scriptedTable();
    checkDownHand(log); // every hand shown
    expect(holeCardsSeen(log, 'public')).toEqual(holeCardsSeen(log, 'dealer'));
  });

  it('keeps the deck, the seed and the dealt cards out of the events the public and the players get', () => {
    const log = scriptedTable();
    const started = log.events.find((e) => e.type === 'HandStarted')!;
    const dealt = log.events.find((e) => e.type === 'HoleCardsDealt')!;
    for (const audience of ['public', { player: 'ann' }] as const) {
      const startedSeen = eventViewFor(started, audience);
      expect(startedSeen.data).not.toHaveProperty('deck');
      expect(startedSeen.data).toMatchObject({ shuffle: { kind: 'seeded', prng: 'mulberry32-fisher-yates' }, handNumber: 1, button: 1 });
      expect(JSON.stringify(startedSeen.data)).not.toContain('seed"');
      expect(eventViewFor(dealt, audience).data).toEqual({ hands: [{ seat: 2, cards: null }, { seat: 3, cards: null }, { seat: 1, cards: null }] });
    }
    for (const audience of ['dealer', 'regulator'] as const) {
      expect(eventViewFor(started, audience)).toEqual(eventView(started));
      expect(eventViewFor(dealt, audience)).toEqual(eventView(dealt));
    }
  });

  it("keeps a reader's record of a live hand (HoleCardsReported) from the public and the players, as the deal", () => {
    const dealt = scriptedTable().events.find((e) => e.type === 'HoleCardsDealt')!;
    const reported = { ...dealt, type: 'HoleCardsReported', data: { seat: 2, cards: [51, 47] } };
    for (const audience of ['public', { player: 'ann' }] as const) expect(eventViewFor(reported, audience).data).toEqual({ seat: 2, cards: null });
    for (const audience of ['dealer', 'regulator'] as const) expect(eventViewFor(reported, audience)).toEqual(eventView(reported));
  });

  it('shows the public and the players only the hand number of DeckSealed and DeckRevealed', () => {
    const log = scriptedTable();
    checkDownHand(log);
    const decks = log.events.filter((e) => e.type === 'DeckSealed' || e.type === 'DeckRevealed');
    expect(decks.map((e) => e.type)).toEqual(expect.arrayContaining(['DeckSealed', 'DeckRevealed']));
    for (const audience of ['public', { player: 'ann' }] as const) for (const e of decks) expect(eventViewFor(e, audience).data).toEqual({ handNumber: (e.data as { handNumber: number }).handNumber });
  });

  it('leaves every other event as it is stored, for every audience', () => {
    const log = scriptedTable();
    checkDownHand(log);
    const others = log.events.filter((e) => !['HandStarted', 'HoleCardsDealt', 'DeckSealed', 'DeckRevealed'].includes(e.type));
    expect(others.map((e) => e.type)).toEqual(expect.arrayContaining(['BoardDealt', 'HandShown', 'PotAwarded']));
    for (const audience of AUDIENCES) for (const event of others) expect(eventViewFor(event, audience)).toEqual(eventView(event));
  });
});
