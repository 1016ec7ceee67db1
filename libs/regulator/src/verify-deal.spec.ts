import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deckCommitment, drbgShuffledDeck, legalActions, type Card, type TableCommand } from '@felt/engine';
import { computeEventHash, type RecordedEvent } from '@felt/event-store';
import { readJsonl } from './jsonl';
import { randomTableLog, TableRecorder } from './random-table-log';
import { verifyEvents } from './verify-log';

const copy = (events: RecordedEvent[]): RecordedEvent[] => JSON.parse(JSON.stringify(events));
const rechain = (events: RecordedEvent[]): RecordedEvent[] => {
  let prev = '0'.repeat(64);
  for (const e of events) {
    e.prevHash = prev;
    e.hash = computeEventHash(prev, e);
    prev = e.hash;
  }
  return events;
};
type Sealed = { handNumber: number; deck: Card[]; shuffle: { kind: string; prng?: string; seed?: string | number }; salt: string };
const data = <T>(e: RecordedEvent) => e.data as unknown as T;

/** A table dealt as the API deals: a 256-bit hex seed and a 16-byte salt per hand. */
function houseTable(hands: number): RecordedEvent[] {
  const t = new TableRecorder('house');
  t.apply({ type: 'OpenTable', tableId: 'house', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 } });
  for (let seat = 1; seat <= 3; seat++) t.apply({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 200 });
  t.apply({ type: 'DrawForButton', seed: 'ab'.repeat(32) });
  for (let h = 1; h <= hands; h++) {
    t.apply({ type: 'StartHand', seed: h.toString(16).padStart(64, '0'), salt: h.toString(16).padStart(32, 'c') });
    // Everyone checks or calls to the showdown.
    for (let guard = 0; guard < 60; guard++) {
      const { actions } = legalActions(t.state);
      const a = actions.find((x) => x.type === 'PostBlind' || x.type === 'ShowHand' || x.type === 'Check' || x.type === 'Call');
      if (!a) break;
      t.apply(
        a.type === 'PostBlind' ? { type: 'PostBlind', seat: a.seat, blind: a.blind } : ({ type: a.type, seat: a.seat } as TableCommand),
      );
    }
  }
  return t.recorded;
}

const house = houseTable(3);
const index = (events: RecordedEvent[], type: string, nth = 0) =>
  events.map((e, i) => (e.type === type ? i : -1)).filter((i) => i >= 0)[nth]!;

describe('felt verify: sealed decks', () => {
  it('checks every hand of a house table: commitment, HMAC_DRBG derivation, dealt cards and the rules', () => {
    expect(house.filter((e) => e.type === 'DeckRevealed')).toHaveLength(3);
    const report = verifyEvents(house);
    expect(report.violations).toEqual([]);
    expect(report.hands).toBe(3);
    expect(report.sealedHands).toEqual([]);
    // The recorded deck is the documented derivation of the seed, and HandStarted published its commitment.
    const revealed = data<Sealed>(house[index(house, 'DeckRevealed')]!);
    expect(revealed.deck).toEqual(drbgShuffledDeck(Buffer.from(revealed.shuffle.seed as string, 'hex')));
    expect(data<{ deckCommitment: string }>(house[index(house, 'HandStarted')]!).deckCommitment).toBe(
      deckCommitment(revealed.salt, revealed.deck),
    );
  });

  it('needs no key: DeckSealed stored as ciphertext verifies from the DeckRevealed after it', () => {
    const events = copy(house);
    for (const e of events)
      if (e.type === 'DeckSealed')
        e.data = {
          handNumber: (e.data as { handNumber: number }).handNumber,
          sealed: { alg: 'aes-256-gcm', iv: 'x', tag: 'y', ciphertext: 'z' },
        };
    expect(verifyEvents(rechain(events)).violations).toEqual([]);
  });

  it('reports a hand still being played at the end of the log as sealed, not as a violation', () => {
    const cut = copy(house).slice(0, index(house, 'BoardDealt', 3) + 1); // hand 2's flop
    const report = verifyEvents(cut);
    expect(report.violations).toEqual([]);
    expect(report.sealedHands).toEqual([{ streamId: 'table-house', handNumber: 2, version: index(house, 'HandStarted', 1) + 1 }]);
  });

  it('names a revealed deck that does not match the commitment', () => {
    const events = copy(house);
    const i = index(events, 'DeckRevealed');
    data<Sealed>(events[i]!).salt = 'dd'.repeat(16);
    const report = verifyEvents(rechain(events));
    expect(report.violations.filter((v) => v.kind === 'chain')).toEqual([]);
    expect(report.violations).toContainEqual(
      expect.objectContaining({ kind: 'deal', version: i + 1, message: expect.stringMatching(/hand 1: .*not to the commitment/) }),
    );
  });

  it('names a revealed deck whose seed does not derive it, and dealt cards that are not its cards', () => {
    // The insider's story: deal from another order, then reveal that order with a fresh commitment-consistent salt.
    const events = copy(house);
    const started = index(events, 'HandStarted');
    const reveal = index(events, 'DeckRevealed');
    const sealed = data<Sealed>(events[reveal]!);
    [sealed.deck[0], sealed.deck[51]] = [sealed.deck[51]!, sealed.deck[0]!];
    (events[started]!.data as { deckCommitment: string }).deckCommitment = deckCommitment(sealed.salt, sealed.deck);
    (events[index(events, 'DeckSealed')]!.data as unknown as Sealed).deck = sealed.deck;
    const violations = verifyEvents(rechain(events)).violations;
    expect(violations).toContainEqual(
      expect.objectContaining({
        kind: 'deal',
        version: reveal + 1,
        message: 'hand 1: hmac-drbg-sha256-fisher-yates does not derive the revealed deck from the revealed seed',
      }),
    );
    const dealt = index(events, 'HoleCardsDealt');
    expect(violations).toContainEqual(
      expect.objectContaining({
        kind: 'deal',
        version: dealt + 1,
        message: expect.stringMatching(/hand 1: seat \d was dealt .* but the revealed deck gives/),
      }),
    );
    expect(violations.some((v) => v.message.includes('not to the commitment'))).toBe(false);
  });

  it('names a deck sealed in the clear that differs from the one revealed', () => {
    const events = copy(house);
    const i = index(events, 'DeckSealed');
    const deck = data<Sealed>(events[i]!).deck;
    [deck[10], deck[11]] = [deck[11]!, deck[10]!];
    expect(verifyEvents(rechain(events)).violations).toContainEqual(
      expect.objectContaining({
        kind: 'deal',
        version: i + 1,
        message: 'hand 1: the deck sealed at the start is not the deck revealed at the end',
      }),
    );
  });

  it('names a hand whose deck is never revealed', () => {
    const events = copy(house);
    events.splice(index(events, 'DeckRevealed'), 1);
    for (let v = 0; v < events.length; v++) events[v]!.streamVersion = v + 1;
    const violations = verifyEvents(rechain(events)).violations;
    expect(violations).toContainEqual(
      expect.objectContaining({ kind: 'deal', message: expect.stringMatching(/hand 1 .*ended without its deck being revealed/) }),
    );
  });

  it('accepts a random table dealt with mulberry32 (scripts and demos): sealed and revealed the same way', () => {
    const log = randomTableLog({ tableId: 'r', seed: 3, events: 600 });
    expect(log.some((e) => e.type === 'DeckSealed')).toBe(true);
    expect(verifyEvents(log).violations).toEqual([]);
  });
});

/** A house-shuffled hand run twice: three players, one folds, two all in on the flop, both runs dealt. */
function runTwiceTable(): RecordedEvent[] {
  const t = new TableRecorder('twice');
  t.apply({
    type: 'OpenTable',
    tableId: 'twice',
    rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6, houseOptions: { runItTwice: true } },
  });
  for (let seat = 1; seat <= 3; seat++) t.apply({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 100 });
  t.apply({ type: 'PlaceButton', seat: 1 });
  t.apply({ type: 'StartHand', seed: 'e7'.repeat(32), salt: '5a'.repeat(16) });
  for (const seat of [2, 3]) t.apply({ type: 'PostBlind', seat });
  for (const command of [
    { type: 'Call', seat: 1 },
    { type: 'Call', seat: 2 },
    { type: 'Check', seat: 3 },
    { type: 'Bet', seat: 2, amount: 98 },
    { type: 'Fold', seat: 3 },
    { type: 'Call', seat: 1 },
  ] as TableCommand[])
    t.apply(command);
  t.apply({
    type: 'RunItTwice',
    consents: [
      { seat: 1, by: 'p1' },
      { seat: 2, by: 'p2' },
    ],
  });
  return t.recorded;
}

describe('felt verify: a hand run twice', () => {
  const twice = runTwiceTable();

  it('checks the second run against the revealed deck: after the first run, a burn before each street', () => {
    const seconds = twice.filter((e) => e.type === 'SecondBoardDealt').map((e) => data<{ street: string; cards: Card[] }>(e));
    expect(seconds.map((s) => s.street)).toEqual(['turn', 'river']);
    const deck = data<Sealed>(twice[index(twice, 'DeckRevealed')]!).deck;
    // 3 players: hole cards 0..5, burn 6, flop 7..9, burn, turn 11, burn, river 13; the second run: burn, 15, burn, 17.
    expect(seconds.map((s) => s.cards)).toEqual([[deck[15]], [deck[17]]]);
    const report = verifyEvents(twice);
    expect(report.violations).toEqual([]);
    expect(report.hands).toBe(1);
  });

  it("names a second-run card that is not the revealed deck's", () => {
    const events = copy(twice);
    const i = index(events, 'SecondBoardDealt', 1);
    const deck = data<Sealed>(events[index(events, 'DeckRevealed')]!).deck;
    // The insider's swap: the river of the second run becomes a card from the bottom of the deck.
    data<{ cards: Card[] }>(events[i]!).cards = [deck[51]!];
    const violations = verifyEvents(rechain(events)).violations;
    expect(violations.filter((v) => v.kind === 'chain')).toEqual([]);
    expect(violations).toContainEqual(
      expect.objectContaining({
        kind: 'deal',
        version: i + 1,
        message: expect.stringMatching(/^hand 1: the second run's river was .., but the revealed deck gives ..$/),
      }),
    );
  });
});

describe('felt verify: logs written before decks were sealed', () => {
  // Recorded by the engine as it was before DeckSealed (HandStarted schema version 1 held the deck and seed).
  const fixture = readJsonl(readFileSync(join(__dirname, '..', 'test-fixtures', 'legacy-v1-table.jsonl'), 'utf8'));

  it('still verifies: chain, rules and chips, every hand re-decided from the deck in HandStarted', () => {
    expect(fixture.problems).toEqual([]);
    const started = fixture.events.find((e) => e.type === 'HandStarted')!;
    expect(started.schemaVersion).toBe(1);
    expect((started.data as { deck?: unknown }).deck).toHaveLength(52);
    const report = verifyEvents(fixture.events);
    expect(report.violations).toEqual([]);
    expect(report.hands).toBe(8);
  });

  it('still catches a changed card there', () => {
    const events = copy(fixture.events);
    const i = events.findIndex((e) => e.type === 'BoardDealt');
    const cards = (events[i]!.data as { cards: number[] }).cards;
    cards[0] = (cards[0]! + 1) % 52;
    const violations = verifyEvents(rechain(events)).violations;
    expect(violations[0]).toMatchObject({ kind: 'rules', version: i + 1 });
  });
});
