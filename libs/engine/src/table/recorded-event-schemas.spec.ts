import { z } from 'zod';
import {
  DEFAULT_MODULES,
  FULL_DECK,
  formatCard,
  mulberry32,
  randomLegalCommand,
  type TableCommand,
  type TableEvent,
  type TableRulesInput,
} from '../index';
import { publishedEventSchemas, recordedEventSchemas } from './event-schemas';
import { CORE_EVENT_TYPES } from './events';
import { publishedEventData, secretRuleOf } from './published-data';
import { CORE_EVENT_SCHEMAS } from './recorded-event-schemas';
import { TableUnderTest } from './table-under-test.test-support';

/**
 * The core's events are the types of their recorded schemas, and nothing parses an event with them at run time, so
 * this checks that the schemas describe what the engine records: every event of random tables (deck tables shuffled
 * by the house, from a demo seed or a supplied deck; live tables; house options) parses with them. The published
 * schemas are the recorded ones but for the secrets.
 */

const RECORDED = recordedEventSchemas(DEFAULT_MODULES);
const PUBLISHED = publishedEventSchemas(DEFAULT_MODULES);
const SECRET = ['HoleCardsDealt', 'HoleCardsReported', 'DeckSealed', 'DeckRevealed', 'HoleCardsRevealed'];

const hex = (random: () => number, digits: number) => Array.from({ length: digits }, () => Math.floor(random() * 16).toString(16)).join('');
const shuffled = (random: () => number) =>
  [...FULL_DECK]
    .map((card) => ({ card, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ card }) => formatCard(card));

type Deal = (random: () => number) => Omit<Extract<TableCommand, { type: 'StartHand' }>, 'type'>;

/** Plays `hands` hands of six players with a random legal player; every command is accepted. */
function play(rules: TableRulesInput, deal: Deal, hands: number, seed: number): TableEvent[] {
  const random = mulberry32(seed);
  const t = new TableUnderTest();
  const apply = (command: TableCommand) => t.do(command);
  apply({ type: 'OpenTable', tableId: 'schemas', rules });
  for (let seat = 1; seat <= 6; seat++) apply({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 200 + seat * 37 });
  if (rules.cardSource === 'live') apply({ type: 'PlaceButton', seat: 2 });
  else apply({ type: 'DrawForButton', ...deal(random) });
  apply({ type: 'ChangeSeat', from: 6, to: 8 });
  for (let h = 0; h < hands; h++) {
    for (const seat of t.state.seats) if (seat && seat.stack === 0) apply({ type: 'AddChips', seat: seat.seat, amount: 300 });
    apply({ type: 'StartHand', ...deal(random) });
    for (let steps = 0; t.state.hand && t.state.hand.phase !== 'complete'; steps++) {
      if (steps > 500) throw new Error('a hand did not end');
      if (h === 1 && steps === 6) apply({ type: 'VoidHand', reason: 'a misdeal' });
      else apply(randomLegalCommand(t.state, random)!);
    }
  }
  return t.events;
}

/** The events that do not parse with their recorded schema, each with its first problem. */
function unparsed(events: readonly TableEvent[]): string[] {
  return events.flatMap((event) => {
    const result = RECORDED[event.type]?.safeParse(event);
    return result?.success ? [] : [`${event.type}: ${result ? JSON.stringify(result.error.issues[0]) : 'no schema'}`];
  });
}

const NO_LIMIT: TableRulesInput = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 9 };

describe('the recorded event schemas', () => {
  it('describe every event of house-shuffled hands, with the house options on', () => {
    const rules: TableRulesInput = {
      ...NO_LIMIT,
      deckSource: 'house',
      ante: { kind: 'big-blind', amount: 2 },
      houseOptions: { straddle: true, rake: true, chop: true, runItTwice: true, killPot: { size: 'double', overblindOnly: true } },
    } as TableRulesInput;
    const events = play(
      rules,
      (random) => ({ seed: hex(random, 64), prng: 'hmac-drbg-sha256-fisher-yates', salt: hex(random, 32) }),
      40,
      1,
    );
    expect(unparsed(events)).toEqual([]);
    const types = new Set(events.map((e) => e.type));
    for (const type of ['DeckSealed', 'DeckRevealed', 'HoleCardsDealt', 'HandVoided', 'SeatChanged', 'PotAwarded', 'RakeTaken'])
      expect(types).toContain(type);
  });

  it('describe demo-seeded and supplied decks, and a correction', () => {
    const seeded = play({ ...NO_LIMIT, structure: { kind: 'pot-limit' } }, (random) => ({ seed: Math.floor(random() * 2 ** 32) }), 20, 2);
    const supplied = play(NO_LIMIT, (random) => ({ deck: shuffled(random) }), 20, 3);
    expect(unparsed([...seeded, ...supplied])).toEqual([]);
    expect(supplied.find((e) => e.type === 'DeckSealed')).toMatchObject({ shuffle: { kind: 'supplied' } });

    const corrected = TableUnderTest.open(
      NO_LIMIT,
      [1, 2, 3].map((seat) => ({ seat, id: `p${seat}`, stack: 100 })),
      1,
    );
    corrected.do({ type: 'StartHand', seed: 5 }, { type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 });
    corrected.do({ type: 'Raise', seat: 1, to: 6 }, { type: 'Call', seat: 2 });
    corrected.do({ type: 'CorrectAction', action: 1, reason: 'keyed the wrong seat' });
    expect(corrected.events.at(-1)).toMatchObject({
      type: 'ActionCorrected',
      retracted: [{ type: 'RaisePlaced' }, { type: 'PlayerCalled' }],
    });
    expect(unparsed(corrected.events)).toEqual([]);
  });

  it('describe live tables: cards nobody knows, and a reader’s record', () => {
    const events = play({ ...NO_LIMIT, cardSource: 'live' }, () => ({}), 30, 4);
    expect(unparsed(events)).toEqual([]);
    expect(events.find((e) => e.type === 'HoleCardsDealt')).toMatchObject({ hands: expect.arrayContaining([{ seat: 1, cards: null }]) });
    expect(events.some((e) => e.type === 'HoleCardsReported')).toBe(true);
  });

  it('refuse what the engine never records: an unknown member, a card out of range, a short deck, a bad key', () => {
    const sealed = { type: 'DeckSealed', handNumber: 1, deck: [...FULL_DECK], shuffle: { kind: 'supplied' }, salt: '' };
    expect(RECORDED.DeckSealed!.safeParse(sealed).success).toBe(true);
    expect(RECORDED.DeckSealed!.safeParse({ ...sealed, deck: FULL_DECK.slice(1) }).success).toBe(false);
    expect(RECORDED.DeckSealed!.safeParse({ ...sealed, seed: 'ab' }).success).toBe(false);
    expect(RECORDED.HandShown!.safeParse({ type: 'HandShown', seat: 1, cards: [52, 0] }).success).toBe(false);
    expect(RECORDED.HoleCardsRevealed!.safeParse({ type: 'HoleCardsRevealed', handNumber: 1, key: 'f'.repeat(64) }).success).toBe(true);
    expect(RECORDED.HoleCardsRevealed!.safeParse({ type: 'HoleCardsRevealed', handNumber: 1, key: 'key' }).success).toBe(false);
  });

  it('are the core event types, in the order the engine lists them', () => {
    expect(CORE_EVENT_TYPES).toEqual(Object.keys(CORE_EVENT_SCHEMAS));
    expect(Object.keys(RECORDED).slice(0, CORE_EVENT_TYPES.length)).toEqual([...CORE_EVENT_TYPES]);
    expect(Object.isFrozen(CORE_EVENT_TYPES)).toBe(true);
  });
});

describe('the published event schemas, derived from the recorded ones', () => {
  const json = (schema: z.ZodType) => JSON.stringify(z.toJSONSchema(schema, { io: 'output' }));

  it('publish every event as recorded but the five that hold a secret', () => {
    expect(Object.keys(PUBLISHED)).toEqual(Object.keys(RECORDED));
    const same = Object.keys(RECORDED).filter((type) => json(RECORDED[type]!) === json(PUBLISHED[type]!));
    expect(Object.keys(RECORDED).filter((type) => !same.includes(type))).toEqual(SECRET);
    // One rule: the events derived differently are those with a rule (HandStarted's recorded shape holds no deck already).
    const ruled = Object.keys(RECORDED).filter((type) => secretRuleOf(type) !== null);
    expect(ruled.filter((type) => json(RECORDED[type]!) !== json(PUBLISHED[type]!))).toEqual(SECRET);
    expect(ruled.filter((type) => !SECRET.includes(type))).toEqual(['HandStarted']);
  });

  it('take every event of random tables as publishedEventData strips it, and events without a secret unchanged', () => {
    const house = play(
      { ...NO_LIMIT, houseOptions: { straddle: true, rake: true, chop: true, runItTwice: true } } as TableRulesInput,
      (random) => ({ seed: hex(random, 64), prng: 'hmac-drbg-sha256-fisher-yates', salt: hex(random, 32) }),
      20,
      5,
    );
    const live = play({ ...NO_LIMIT, cardSource: 'live' }, () => ({}), 20, 6);
    // The API appends the hole cards' key after a hand; the engine never records it.
    const revealed = { type: 'HoleCardsRevealed', handNumber: 1, key: 'a'.repeat(64) } as const;
    const events: readonly TableEvent[] = [...house, ...live, revealed];
    const refused = events.flatMap(({ type, ...data }) => {
      const published = publishedEventData(type, data);
      if (secretRuleOf(type) === null && published !== data) return [`${type}: changed`];
      const result = PUBLISHED[type]!.safeParse({ type, ...(published as object) });
      return result.success ? [] : [`${type}: ${JSON.stringify(result.error.issues[0])}`];
    });
    expect(refused).toEqual([]);
    const types = new Set(events.map((e) => e.type));
    for (const type of SECRET) expect(types).toContain(type);
  });

  it('refuse every secret the recorded event holds, and take the event without it', () => {
    const recorded = (type: string, event: object) => [RECORDED[type]!.safeParse(event).success, PUBLISHED[type]!.safeParse(event).success];
    expect(recorded('HoleCardsDealt', { type: 'HoleCardsDealt', hands: [{ seat: 1, cards: [0, 5] }] })).toEqual([true, false]);
    expect(recorded('HoleCardsReported', { type: 'HoleCardsReported', seat: 1, cards: [0, 5] })).toEqual([true, false]);
    const deck = { handNumber: 2, deck: [...FULL_DECK], shuffle: { kind: 'seeded', prng: 'mulberry32-fisher-yates', seed: 9 }, salt: '' };
    expect(recorded('DeckSealed', { type: 'DeckSealed', ...deck })).toEqual([true, false]);
    expect(recorded('DeckRevealed', { type: 'DeckRevealed', ...deck })).toEqual([true, false]);
    expect(recorded('HoleCardsRevealed', { type: 'HoleCardsRevealed', handNumber: 2, key: 'a'.repeat(64) })).toEqual([true, false]);

    expect(PUBLISHED.HoleCardsDealt!.safeParse({ type: 'HoleCardsDealt', hands: [{ seat: 1, cards: null }] }).success).toBe(true);
    expect(PUBLISHED.HoleCardsReported!.safeParse({ type: 'HoleCardsReported', seat: 1, cards: null }).success).toBe(true);
    for (const type of ['DeckSealed', 'DeckRevealed', 'HoleCardsRevealed'])
      expect(PUBLISHED[type]!.safeParse({ type, handNumber: 2 }).success).toBe(true);
  });
});
