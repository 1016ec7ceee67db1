import {
  deciderSpec,
  tableDecider,
  normalizeRules,
  widensCardAccess,
  FULL_DECK,
  formatCard,
  DRBG_PRNG,
  type TableCommand,
  type TableEvent,
  type TableRules,
  type TableRulesInput,
} from '../index';
import { TableUnderTest } from './table-under-test.test-support';

/** The deck source rule (docs/security.md "Insiders", row 1): who may choose a deck table's order. */
const spec = deciderSpec(tableDecider);
const RULES: TableRulesInput = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 };
const DRBG_SEED = 'ab'.repeat(32);
const DECK = FULL_DECK.map(formatCard);

const HOUSE_DEAL: TableCommand = { type: 'StartHand', seed: DRBG_SEED, prng: DRBG_PRNG };
const SUPPLIED: TableCommand = { type: 'StartHand', deck: DECK };
const DEMO_SEED: TableCommand = { type: 'StartHand', seed: 7 };
const DRBG_UNNAMED: TableCommand = { type: 'StartHand', seed: DRBG_SEED };

function table(deckSource: TableRulesInput['deckSource']): TableUnderTest {
  return TableUnderTest.open(
    { ...RULES, deckSource },
    [1, 2, 3].map((seat) => ({ seat, id: `p${seat}`, stack: 100 })),
    1,
  );
}

function started(t: TableUnderTest, command: TableCommand): Extract<TableEvent, { type: 'HandStarted' }> {
  return t.do(command)[0] as Extract<TableEvent, { type: 'HandStarted' }>;
}

describe('deckSource in the rules', () => {
  it('is recorded only when given, so rules written before it read as they did', () => {
    const given = normalizeRules({ ...RULES, deckSource: 'house' });
    expect(given.ok && given.rules.deckSource).toBe('house');
    const left = normalizeRules(RULES);
    expect(left.ok && 'deckSource' in left.rules).toBe(false);
  });
  it('refuses an unknown source, and any source on a live-cards table, naming the field', () => {
    spec
      .given([])
      .when({ type: 'OpenTable', tableId: 'x', rules: { ...RULES, deckSource: 'dealer' as never } })
      .thenRejected({ code: 'INVALID_RULES', field: 'rules.deckSource' });
    spec
      .given([])
      .when({ type: 'OpenTable', tableId: 'x', rules: { ...RULES, cardSource: 'live', deckSource: 'house' } })
      .thenRejected({ code: 'INVALID_RULES', field: 'rules.deckSource' });
  });
});

describe('a house-shuffled table', () => {
  it('deals only from a seed for the house derivation, and says so in HandStarted', () => {
    expect(started(table('house'), HOUSE_DEAL)).toMatchObject({ shuffle: { kind: 'seeded', prng: DRBG_PRNG }, deckSource: 'house' });
    expect(started(table('house'), DRBG_UNNAMED).deckSource).toBe('house');
  });
  it.each([
    ['a supplied deck', SUPPLIED, 'deck'],
    ['the demo seed', DEMO_SEED, 'seed'],
    ['a demo seed named', { type: 'StartHand', seed: 7, prng: 'mulberry32-fisher-yates' }, 'seed'],
    ['no deck at all', { type: 'StartHand' }, 'seed'],
  ] as [string, TableCommand, string][])('refuses %s with DECK_SOURCE_HOUSE, changing nothing', (_, command, field) => {
    const t = table('house');
    expect(t.refuses(command, 'DECK_SOURCE_HOUSE')).toBe(
      'This table is shuffled by the house: nobody may choose its deck or seed; send the command without them.',
    );
    spec.given(t.events).when(command).thenRejected({ code: 'DECK_SOURCE_HOUSE', field });
  });
  it('draws for the button only from the house derivation', () => {
    const fresh = new TableUnderTest();
    fresh.do(
      { type: 'OpenTable', tableId: 'draw', rules: { ...RULES, deckSource: 'house' } },
      { type: 'SeatPlayer', seat: 1, playerId: 'a', buyIn: 100 },
      { type: 'SeatPlayer', seat: 2, playerId: 'b', buyIn: 100 },
    );
    fresh.refuses({ type: 'DrawForButton', deck: DECK }, 'DECK_SOURCE_HOUSE');
    fresh.refuses({ type: 'DrawForButton', seed: 1 }, 'DECK_SOURCE_HOUSE');
    expect(fresh.do({ type: 'DrawForButton', seed: DRBG_SEED, prng: DRBG_PRNG })[0]).toMatchObject({
      type: 'ButtonDrawn',
      shuffle: { kind: 'seeded', prng: DRBG_PRNG },
    });
  });
});

describe("a certified shuffler's table", () => {
  it("deals the shuffler's deck, and nothing else", () => {
    expect(started(table('shuffler'), SUPPLIED)).toMatchObject({ shuffle: { kind: 'supplied' }, deckSource: 'shuffler' });
    for (const command of [HOUSE_DEAL, DEMO_SEED, { type: 'StartHand' } as TableCommand])
      expect(table('shuffler').refuses(command, 'DECK_SOURCE_SHUFFLER')).toBe(
        "This table's decks come from its certified shuffler: the hand starts when the shuffler sends its deck.",
      );
  });
  it("lets the house draw for the button, or the shuffler's deck; never a demo seed", () => {
    const fresh = () => {
      const t = new TableUnderTest();
      t.do(
        { type: 'OpenTable', tableId: 'draw', rules: { ...RULES, deckSource: 'shuffler' } },
        { type: 'SeatPlayer', seat: 1, playerId: 'a', buyIn: 100 },
        { type: 'SeatPlayer', seat: 2, playerId: 'b', buyIn: 100 },
      );
      return t;
    };
    fresh().do({ type: 'DrawForButton', seed: DRBG_SEED, prng: DRBG_PRNG });
    fresh().do({ type: 'DrawForButton', deck: DECK });
    fresh().refuses({ type: 'DrawForButton', seed: 3 }, 'DECK_SOURCE_SHUFFLER');
  });
});

describe('a training table, and rules without a deck source', () => {
  it.each([HOUSE_DEAL, SUPPLIED, DEMO_SEED])('training deals from anything, labelled training in HandStarted (%#)', (command) => {
    expect(started(table('training'), command).deckSource).toBe('training');
  });
  it.each([HOUSE_DEAL, SUPPLIED, DEMO_SEED])(
    'rules without one deal from anything, and HandStarted reads as it always did (%#)',
    (command) => {
      expect('deckSource' in started(table(undefined), command)).toBe(false);
    },
  );
  it('changes between hands like any rule: the next hand follows the new source', () => {
    const t = table('training');
    t.do(DEMO_SEED, { type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 }, { type: 'Fold', seat: 1 }, { type: 'Fold', seat: 2 });
    t.do({ type: 'ChangeRules', rules: { ...RULES, deckSource: 'house' } });
    t.refuses(DEMO_SEED, 'DECK_SOURCE_HOUSE');
    expect(started(t, HOUSE_DEAL).deckSource).toBe('house');
  });
});

describe('widensCardAccess', () => {
  const rules = (input: Partial<TableRulesInput>): TableRules => {
    const normalized = normalizeRules({ ...RULES, ...input });
    if (!normalized.ok) throw new Error(normalized.rejection.message);
    return normalized.rules;
  };
  it('names each change that lets more people choose or see the cards', () => {
    expect(widensCardAccess(rules({ deckSource: 'house' }), rules({ deckSource: 'training' }))).toEqual(['deckSource: house → training']);
    expect(widensCardAccess(rules({ deckSource: 'house' }), rules({ deckSource: 'shuffler' }))).toEqual(['deckSource: house → shuffler']);
    expect(widensCardAccess(rules({ deckSource: 'shuffler' }), rules({ deckSource: 'training' }))).toEqual([
      'deckSource: shuffler → training',
    ]);
    // A table whose rules record no source is taken as house, as the API treats it.
    expect(widensCardAccess(rules({}), rules({ deckSource: 'training' }))).toEqual(['deckSource: house → training']);
    expect(widensCardAccess(rules({ deckSource: 'house' }), rules({ deckSource: 'house', dealerSeesHoleCards: true }))).toEqual([
      'dealerSeesHoleCards: turned on',
    ]);
    expect(widensCardAccess(rules({ deckSource: 'house' }), rules({ cardSource: 'live' }))).toEqual(['cardSource: deck → live']);
    expect(widensCardAccess(rules({ cardSource: 'live' }), rules({ deckSource: 'training' }))).toEqual([
      'deckSource: house → training',
      'cardSource: live → deck',
    ]);
  });
  it('opening a table is measured against a house-shuffled deck without a dealer who sees hole cards', () => {
    expect(widensCardAccess(null, rules({ deckSource: 'house' }))).toEqual([]);
    expect(widensCardAccess(null, rules({ cardSource: 'live' }))).toEqual([]);
    expect(widensCardAccess(null, rules({ deckSource: 'shuffler', dealerSeesHoleCards: true }))).toEqual([
      'deckSource: house → shuffler',
      'dealerSeesHoleCards: turned on',
    ]);
  });
  it('lists nothing for a change that narrows or keeps who sees the cards', () => {
    expect(widensCardAccess(rules({ deckSource: 'training' }), rules({ deckSource: 'house' }))).toEqual([]);
    expect(
      widensCardAccess(
        rules({ deckSource: 'house', dealerSeesHoleCards: true }),
        rules({ deckSource: 'house', dealerSeesHoleCards: true, bigBlind: 4, smallBlind: 2 }),
      ),
    ).toEqual([]);
    expect(widensCardAccess(rules({ dealerSeesHoleCards: true }), rules({}))).toEqual([]);
  });
});
