import {
  drbgShuffledDeck,
  FULL_DECK,
  formatCard,
  tableDecider,
  type DeckSourceRule,
  type TableCommand,
  type TableState,
} from '@felt/engine';
import { engineCommandFor } from './engine-command';
import type { CommandRequest } from './command-request';

const RULES = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 } as const;

/** A table of three as the API would have opened it (through engineCommandFor), with `deckSource` when given. */
function table(deckSource?: DeckSourceRule): TableState {
  let s = tableDecider.initialState;
  const apply = (c: TableCommand) => {
    const d = tableDecider.decide(c, s);
    if (!d.ok) throw new Error(d.rejection.code);
    for (const e of d.events) s = tableDecider.evolve(s, e);
  };
  const opened = engineCommandFor(
    body({ type: 'OpenTable', tableId: 't', rules: { ...RULES, ...(deckSource ? { deckSource } : {}) } }),
    s,
    NOBODY,
  );
  apply((opened as { command: TableCommand }).command);
  for (let seat = 1; seat <= 3; seat++) apply({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 100 });
  return s;
}

function withButton(state: TableState): TableState {
  const d = tableDecider.decide({ type: 'PlaceButton', seat: 1 }, state);
  return d.ok ? d.state : state;
}
const body = (command: object) => command as CommandRequest['command'];
const NOBODY = { shuffler: false };
const SHUFFLER = { shuffler: true };
const DECK = FULL_DECK.map(formatCard);

describe('the house shuffle (engineCommandFor)', () => {
  it('opens a deck table as house-shuffled unless the request names a source, a live table without one', () => {
    expect(table().rules!.deckSource).toBe('house');
    expect(table('training').rules!.deckSource).toBe('training');
    const live = engineCommandFor(
      body({ type: 'OpenTable', tableId: 'l', rules: { ...RULES, cardSource: 'live' } }),
      tableDecider.initialState,
      NOBODY,
    );
    expect((live as { command: { rules: object } }).command.rules).not.toHaveProperty('deckSource');
    const changed = engineCommandFor(body({ type: 'ChangeRules', rules: RULES }), table('training'), NOBODY);
    expect(changed).toEqual({ command: { type: 'ChangeRules', rules: { ...RULES, deckSource: 'house' } } });
  });

  it('deals a StartHand without cards from a fresh 256-bit CSPRNG seed with HMAC_DRBG, salted with 16 random bytes', () => {
    const commands = Array.from({ length: 20 }, () => engineCommandFor(body({ type: 'StartHand' }), table(), NOBODY));
    const seeds = new Set<string>();
    for (const built of commands) {
      expect(built).toMatchObject({
        command: {
          type: 'StartHand',
          prng: 'hmac-drbg-sha256-fisher-yates',
          seed: expect.stringMatching(/^[0-9a-f]{64}$/),
          salt: expect.stringMatching(/^[0-9a-f]{32}$/),
        },
      });
      seeds.add((built as { command: { seed: string } }).command.seed);
    }
    expect(seeds.size).toBe(20);
  });

  it('draws for the button the same way', () => {
    const state = table();
    const built = engineCommandFor(body({ type: 'DrawForButton' }), state, NOBODY) as { command: TableCommand & { seed: string } };
    expect(built.command).toMatchObject({
      type: 'DrawForButton',
      prng: 'hmac-drbg-sha256-fisher-yates',
      seed: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const decision = tableDecider.decide(built.command, state);
    expect(decision.ok).toBe(true);
    if (!decision.ok) return;
    const drawn = drbgShuffledDeck(Buffer.from(built.command.seed, 'hex')).slice(0, 3);
    expect(decision.events[0]).toMatchObject({
      type: 'ButtonDrawn',
      draws: [
        { seat: 1, card: drawn[0] },
        { seat: 2, card: drawn[1] },
        { seat: 3, card: drawn[2] },
      ],
    });
  });

  it.each([
    [{ type: 'StartHand', deck: DECK }, 'deck'],
    [{ type: 'StartHand', seed: 42 }, 'seed'],
    [{ type: 'StartHand', holeCards: { 1: 'AsAh' } }, 'holeCards'],
    [{ type: 'StartHand', board: 'AsAhAd' }, 'board'],
    [{ type: 'StartHand', secondRun: 'Kc' }, 'secondRun'],
    [{ type: 'DrawForButton', deck: DECK }, 'deck'],
    [{ type: 'DrawForButton', seed: 1 }, 'seed'],
  ])('refuses a house table any field that chooses cards, from anyone, even a shuffler (%#)', (command, field) => {
    for (const sender of [NOBODY, SHUFFLER]) {
      expect(engineCommandFor(body(command), table('house'), sender)).toEqual({
        rejection: { code: 'DECK_SOURCE_HOUSE', message: expect.stringMatching(/shuffled by the house/), field },
      });
    }
  });
});

describe('a deck table opened before the deck source existed (engineCommandFor)', () => {
  it('is treated as house-shuffled: its rules name no source, and a chosen deck is refused all the same', () => {
    let state = tableDecider.initialState;
    for (const command of [
      { type: 'OpenTable', tableId: 'old', rules: RULES },
      { type: 'SeatPlayer', seat: 1, playerId: 'a', buyIn: 100 },
    ] as TableCommand[]) {
      const decided = tableDecider.decide(command, state);
      if (decided.ok) state = decided.state;
    }
    expect(state.rules).not.toHaveProperty('deckSource');
    expect(engineCommandFor(body({ type: 'StartHand', seed: 7 }), state, NOBODY)).toMatchObject({
      rejection: { code: 'DECK_SOURCE_HOUSE', field: 'seed' },
    });
    expect(engineCommandFor(body({ type: 'StartHand' }), state, NOBODY)).toMatchObject({
      command: { prng: 'hmac-drbg-sha256-fisher-yates' },
    });
  });
});

describe("a shuffler table's decks (engineCommandFor)", () => {
  it('takes a deck from the shuffler device only; anyone else is forbidden', () => {
    expect(engineCommandFor(body({ type: 'StartHand', deck: DECK }), table('shuffler'), SHUFFLER)).toEqual({
      command: { type: 'StartHand', deck: DECK, salt: expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
    expect(engineCommandFor(body({ type: 'StartHand', deck: DECK }), table('shuffler'), NOBODY)).toEqual({
      forbidden: { code: 'SHUFFLER_DEVICE_REQUIRED', detail: expect.any(String) },
    });
    expect(engineCommandFor(body({ type: 'DrawForButton', deck: DECK }), table('shuffler'), NOBODY)).toMatchObject({
      forbidden: { code: 'SHUFFLER_DEVICE_REQUIRED' },
    });
  });
  it('refuses seeds and chosen cards, even from the shuffler; draws no house seed for a hand, but does for the button', () => {
    expect(engineCommandFor(body({ type: 'StartHand', seed: 4 }), table('shuffler'), SHUFFLER)).toMatchObject({
      rejection: { code: 'DECK_SOURCE_SHUFFLER', field: 'seed' },
    });
    expect(engineCommandFor(body({ type: 'StartHand', holeCards: { 1: 'AsAh' } }), table('shuffler'), SHUFFLER)).toMatchObject({
      rejection: { code: 'DECK_SOURCE_SHUFFLER', field: 'holeCards' },
    });
    const bare = engineCommandFor(body({ type: 'StartHand' }), table('shuffler'), NOBODY) as { command: TableCommand };
    expect(bare.command).toEqual({ type: 'StartHand', salt: expect.any(String) });
    expect(tableDecider.decide(bare.command, table('shuffler'))).toMatchObject({ ok: false, rejection: { code: 'DECK_SOURCE_SHUFFLER' } });
    expect(engineCommandFor(body({ type: 'DrawForButton' }), table('shuffler'), NOBODY)).toMatchObject({
      command: { type: 'DrawForButton', prng: 'hmac-drbg-sha256-fisher-yates' },
    });
  });
});

describe('a training table (engineCommandFor)', () => {
  it('salts a StartHand whose deck or seed the request gives, and keeps that deck; builds holeCards into a deck', () => {
    expect(engineCommandFor(body({ type: 'StartHand', seed: 42 }), table('training'), NOBODY)).toEqual({
      command: { type: 'StartHand', seed: 42, salt: expect.stringMatching(/^[0-9a-f]{32}$/) },
    });
    const built = engineCommandFor(
      body({ type: 'StartHand', holeCards: { 1: 'AsAh' } }),
      withButton(table('training')),
      NOBODY,
    ) as unknown as { command: { deck: string[] } };
    expect(built.command.deck).toHaveLength(52);
    expect(engineCommandFor(body({ type: 'StartHand' }), table('training'), NOBODY)).toMatchObject({
      command: { prng: 'hmac-drbg-sha256-fisher-yates' },
    });
  });
});
