import type { Audience } from '@felt/projections';
import { checkDownHand, scriptedTable } from '../../../../libs/projections/src/scripted-table.test-support';
import { RecordedLog } from '../../../../libs/projections/src/recorded-log.test-support';
import { eventView } from '../tables/table-view';
import { eventViewFor, tableViewFor } from './live-visibility';

const AUDIENCES: readonly Audience[] = ['public', 'dealer', 'floor', 'regulator', 'surveillance', { player: 'ann' }];

function holeCardsSeen(log: RecordedLog, audience: Audience): Record<string, string | null> {
  const state = log.state('t1');
  const view = tableViewFor('t1', { state, version: log.events.length, snapshotVersion: 0 }, audience);
  return Object.fromEntries(view.hand!.players.map((p) => [p.playerId, p.holeCards]));
}

/** A table in the middle of hand 1 (dealt, nobody acted yet). */
function preflop(): RecordedLog {
  const log = new RecordedLog();
  log.run('t1', { type: 'OpenTable', tableId: 't1', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 } });
  for (const [seat, playerId] of [
    [1, 'ann'],
    [2, 'bob'],
    [3, 'cy'],
  ] as const)
    log.run('t1', { type: 'SeatPlayer', seat, playerId, buyIn: 100 });
  log.run('t1', { type: 'PlaceButton', seat: 1 });
  log.run('t1', { type: 'StartHand', seed: 7 });
  log.run('t1', { type: 'PostBlind', seat: 2 });
  log.run('t1', { type: 'PostBlind', seat: 3 });
  return log;
}

describe('what each audience sees of a table (GET /tables/:id and /live)', () => {
  it('shows the hole cards of a hand in progress to the dealer console and live surveillance only, a player their own', () => {
    const log = preflop();
    const all = holeCardsSeen(log, 'surveillance');
    expect(Object.values(all).every((cards) => typeof cards === 'string' && cards.length === 4)).toBe(true);
    expect(holeCardsSeen(log, 'dealer')).toEqual(all);
    for (const audience of ['public', 'floor', 'regulator'] as const)
      expect(holeCardsSeen(log, audience)).toEqual({ ann: null, bob: null, cy: null });
    expect(holeCardsSeen(log, { player: 'ann' })).toEqual({ ann: all.ann, bob: null, cy: null });
  });

  it('shows the hole cards of a hand that is over (folded out, none tabled) to the floor and regulators only', () => {
    const log = scriptedTable();
    const all = holeCardsSeen(log, 'regulator');
    expect(Object.values(all).every((cards) => typeof cards === 'string' && cards.length === 4)).toBe(true);
    expect(holeCardsSeen(log, 'floor')).toEqual(all);
    expect(holeCardsSeen(log, 'surveillance')).toEqual(all);
    expect(holeCardsSeen(log, 'dealer')).toEqual({ ann: null, bob: null, cy: null });
    expect(holeCardsSeen(log, 'public')).toEqual({ ann: null, bob: null, cy: null });
  });

  it('shows everyone the hands tabled at the showdown', () => {
    const log = scriptedTable();
    checkDownHand(log);
    for (const audience of AUDIENCES) expect(holeCardsSeen(log, audience)).toEqual(holeCardsSeen(log, 'regulator'));
  });

  it("keeps the deck, the seed, the dealt cards and the hashes of a hand in progress out of every audience's events", () => {
    const log = preflop();
    const started = log.events.find((e) => e.type === 'HandStarted')!;
    const dealt = log.events.find((e) => e.type === 'HoleCardsDealt')!;
    for (const audience of AUDIENCES) {
      const startedSeen = eventViewFor(started, audience, started.streamVersion);
      expect(startedSeen.data).not.toHaveProperty('deck');
      expect(startedSeen.data).toMatchObject({ shuffle: { kind: 'seeded' }, handNumber: 1, button: 1 });
      expect(startedSeen.data).not.toHaveProperty('shuffle.seed');
      expect(startedSeen.hash).toBeNull();
      const dealtSeen = eventViewFor(dealt, audience, started.streamVersion);
      const seesCards = audience === 'dealer' || audience === 'surveillance';
      expect(dealtSeen.data).toEqual(
        seesCards
          ? dealt.data
          : {
              hands: [
                { seat: 2, cards: null },
                { seat: 3, cards: null },
                { seat: 1, cards: null },
              ],
            },
      );
    }
  });

  it('shows the floor and regulators the deck, seed, cards and hashes of hands that are over; nobody else', () => {
    const log = scriptedTable();
    const started = log.events.find((e) => e.type === 'HandStarted')!;
    const dealt = log.events.find((e) => e.type === 'HoleCardsDealt')!;
    for (const audience of AUDIENCES) {
      const full = audience === 'floor' || audience === 'regulator' || audience === 'surveillance';
      for (const event of [started, dealt]) {
        const seen = eventViewFor(event, audience, null);
        if (full) expect(seen).toEqual(eventView(event));
        else expect({ audience, data: seen.data, hash: seen.hash }).not.toEqual({ audience, data: event.data, hash: event.hash });
      }
    }
  });

  it("keeps a reader's record of a live hand (HoleCardsReported) as secret as the deal: during the hand and after it", () => {
    const log = scriptedTable();
    const started = log.events.find((e) => e.type === 'HandStarted')!;
    const dealt = log.events.find((e) => e.type === 'HoleCardsDealt')!;
    const reported = { ...dealt, type: 'HoleCardsReported', data: { seat: 2, cards: [51, 47] } };
    for (const audience of AUDIENCES) {
      const during = eventViewFor(reported, audience, started.streamVersion).data;
      expect({ audience, during }).toEqual({
        audience,
        during: audience === 'dealer' || audience === 'surveillance' ? reported.data : { seat: 2, cards: null },
      });
      const after = eventViewFor(reported, audience, null).data;
      expect({ audience, after }).toEqual({
        audience,
        after: audience === 'floor' || audience === 'regulator' || audience === 'surveillance' ? reported.data : { seat: 2, cards: null },
      });
    }
  });

  it('leaves every other event as it is stored; hashes only for the floor and regulators, metadata not for anonymous readers', () => {
    const log = scriptedTable();
    checkDownHand(log);
    const others = log.events.filter((e) => !['HandStarted', 'HoleCardsDealt', 'DeckSealed', 'DeckRevealed'].includes(e.type));
    expect(others.map((e) => e.type)).toEqual(expect.arrayContaining(['BoardDealt', 'HandShown', 'PotAwarded']));
    for (const audience of AUDIENCES) {
      for (const event of others) {
        const seen = eventViewFor(event, audience, null);
        expect(seen.data).toEqual(event.data);
        expect(seen.hash).toBe(audience === 'floor' || audience === 'regulator' || audience === 'surveillance' ? event.hash : null);
        expect(eventViewFor(event, audience, null, { anonymous: true }).metadata).toEqual({});
      }
    }
  });

  it('reduces DeckSealed to its hand number for everyone, and DeckRevealed too until the hand is over, except for the floor and regulators', () => {
    const base = scriptedTable().events.find((e) => e.type === 'HandStarted')!;
    const secret = {
      handNumber: 1,
      deck: [0, 1, 2],
      shuffle: { kind: 'seeded', prng: 'hmac-drbg-sha256-fisher-yates', seed: 'ab' },
      salt: 'cd',
    };
    const sealed = { ...base, type: 'DeckSealed', data: secret };
    const revealed = { ...base, type: 'DeckRevealed', data: secret };
    for (const audience of AUDIENCES) {
      expect(eventViewFor(sealed, audience, null).data).toEqual({ handNumber: 1 });
      expect(eventViewFor(sealed, audience, 1).data).toEqual({ handNumber: 1 });
      expect(eventViewFor(revealed, audience, 1).data).toEqual({ handNumber: 1 });
      const full = audience === 'floor' || audience === 'regulator' || audience === 'surveillance';
      expect(eventViewFor(revealed, audience, null).data).toEqual(full ? secret : { handNumber: 1 });
    }
  });
});
