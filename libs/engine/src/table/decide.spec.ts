import { createHash } from 'node:crypto';
import {
  deciderSpec,
  tableDecider,
  parseCard,
  chipsOnTable,
  type TableCommand,
  type TableEvent,
  type TableRulesInput,
  legalActions,
  shuffledDeck,
  drbgShuffledDeck,
} from '../index';

/** Given/when/then for every command: the events it produces, each rejection, and the no-op. */
const spec = deciderSpec(tableDecider);
const SALT = '00112233445566778899aabbccddeeff';
const HEX_SEED = '9f'.repeat(32);
const NL: TableRulesInput = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 };

/** Runs commands from an empty table and returns the events, failing loudly on a rejection. */
function history(...commands: TableCommand[]): TableEvent[] {
  let state = tableDecider.initialState;
  const events: TableEvent[] = [];
  for (const c of commands) {
    const d = tableDecider.decide(c, state);
    if (!d.ok) throw new Error(`setup command ${JSON.stringify(c)} refused: ${d.rejection.code}`);
    for (const e of d.events) {
      state = tableDecider.evolve(state, e);
      events.push(e);
    }
  }
  return events;
}

const open = (rules: TableRulesInput = NL): TableCommand => ({ type: 'OpenTable', tableId: 'T1', rules });
const sit = (seat: number, buyIn = 100): TableCommand => ({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn });
const threeHanded = () => history(open(), sit(1), sit(2), sit(3), { type: 'PlaceButton', seat: 1 });
/** Three players, button seat 1, SB seat 2, BB seat 3; blinds posted; seat 1 to act. */
const preflop = () =>
  history(
    open(),
    sit(1),
    sit(2),
    sit(3),
    { type: 'PlaceButton', seat: 1 },
    { type: 'StartHand', seed: 7 },
    { type: 'PostBlind', seat: 2 },
    { type: 'PostBlind', seat: 3 },
  );

describe('OpenTable', () => {
  it('records the normalized rules with their defaults', () =>
    spec
      .given([])
      .when(open())
      .then((events) => {
        expect(events).toHaveLength(1);
        const e = events[0] as Extract<TableEvent, { type: 'TableOpened' }>;
        expect(e.rules.buttonMode).toBe('dead');
        expect(e.rules.missedBlinds.missedSmallOnly).toBe('big-blind-live');
        expect(e.rules.structure).toEqual({ kind: 'no-limit', minimumBet: 'big-blind' });
      }));
  it("records dealerSeesHoleCards only when the dealer's console shows the hole cards (default off, docs/security.md)", () => {
    const rulesOf = (input: TableRulesInput) => (history(open(input))[0] as Extract<TableEvent, { type: 'TableOpened' }>).rules;
    expect(rulesOf(NL)).not.toHaveProperty('dealerSeesHoleCards');
    expect(rulesOf({ ...NL, dealerSeesHoleCards: false })).not.toHaveProperty('dealerSeesHoleCards');
    expect(rulesOf({ ...NL, dealerSeesHoleCards: true }).dealerSeesHoleCards).toBe(true);
  });
  it('refuses a second opening', () => spec.given(history(open())).when(open()).thenRejected({ code: 'TABLE_ALREADY_OPEN' }));
  it.each([
    [{ ...NL, bigBlind: 0 }, 'rules.bigBlind'],
    [{ ...NL, smallBlind: 3 }, 'rules.smallBlind'],
    [{ ...NL, bigBlind: 2.5 }, 'rules.bigBlind'],
    [{ ...NL, maxSeats: 11 }, 'rules.maxSeats'],
    [{ ...NL, structure: { kind: 'spread-limit', min: 2, max: 1 } }, 'rules.structure.max'],
    [{ ...NL, structure: { kind: 'fixed-limit', smallBet: 4, bigBet: 2 } }, 'rules.structure.bigBet'],
    [{ ...NL, structure: { kind: 'razz' } }, 'rules.structure.kind'],
    [{ ...NL, ante: { kind: 'everyone', amount: 0 } }, 'rules.ante.amount'],
    [{ ...NL, missedBlinds: { missedSmallOnly: 'never' } }, 'rules.missedBlinds.missedSmallOnly'],
    [{ ...NL, dealerSeesHoleCards: 'yes' as unknown as boolean }, 'rules.dealerSeesHoleCards'],
  ] as [TableRulesInput, string][])('refuses senseless rules (%#) naming the field', (rules, field) =>
    spec.given([]).when(open(rules)).thenRejected({ code: 'INVALID_RULES', field }),
  );
  it('refuses a bad table id', () =>
    spec.given([]).when({ type: 'OpenTable', tableId: 'a b', rules: NL }).thenRejected({ code: 'INVALID_COMMAND', field: 'tableId' }));
});

describe('commands before opening', () => {
  it('are refused', () => spec.given([]).when(sit(1)).thenRejected({ code: 'TABLE_NOT_OPEN' }));
});

describe('SeatPlayer', () => {
  it('seats a player with a buy-in', () =>
    spec
      .given(history(open()))
      .when(sit(2, 150))
      .then([{ type: 'PlayerSeated', seat: 2, playerId: 'p2', buyIn: 150, postToEnter: false }]));
  it('refuses a taken seat', () =>
    spec
      .given(history(open(), sit(2)))
      .when({ ...sit(2), playerId: 'x' } as TableCommand)
      .thenRejected({ code: 'SEAT_TAKEN' }));
  it('refuses a player already seated', () =>
    spec
      .given(history(open(), sit(2)))
      .when({ type: 'SeatPlayer', seat: 3, playerId: 'p2', buyIn: 10 })
      .thenRejected({ code: 'PLAYER_ALREADY_SEATED' }));
  it.each([0, -5, 1.5, Number.MAX_SAFE_INTEGER + 2, '100'])('refuses the buy-in %p', (buyIn) =>
    spec
      .given(history(open()))
      .when({ type: 'SeatPlayer', seat: 1, playerId: 'a', buyIn } as unknown as TableCommand)
      .thenRejected({ code: 'INVALID_AMOUNT' }),
  );
  it.each([0, 7, 2.5, '1'])('refuses the seat %p', (seat) =>
    spec
      .given(history(open()))
      .when({ type: 'SeatPlayer', seat, playerId: 'a', buyIn: 10 } as unknown as TableCommand)
      .thenRejected({ code: 'SEAT_OUT_OF_RANGE' }),
  );
  it('keeps buy-ins inside the table range', () =>
    spec
      .given(history(open({ ...NL, buyIn: { min: 40, max: 200 } })))
      .when(sit(1, 20))
      .thenRejected({ code: 'BUY_IN_OUT_OF_RANGE' }));
});

describe('LeaveTable, SitOut, SitIn, AddChips', () => {
  it('cashes out the stack on leaving', () =>
    spec
      .given(history(open(), sit(1, 80)))
      .when({ type: 'LeaveTable', seat: 1 })
      .then([{ type: 'PlayerLeft', seat: 1, playerId: 'p1', cashOut: 80 }]));
  it('refuses leaving an empty seat', () =>
    spec.given(history(open())).when({ type: 'LeaveTable', seat: 1 }).thenRejected({ code: 'SEAT_EMPTY' }));
  it('refuses leaving while still in a hand', () =>
    spec.given(preflop()).when({ type: 'LeaveTable', seat: 1 }).thenRejected({ code: 'PLAYER_IN_HAND' }));
  it('lets a folded player leave with what is behind', () =>
    spec
      .given([...preflop(), { type: 'PlayerFolded', seat: 1 }])
      .when({ type: 'LeaveTable', seat: 1 })
      .then([{ type: 'PlayerLeft', seat: 1, playerId: 'p1', cashOut: 100 }]));
  it('sits out, and sitting out twice is a no-op', () => {
    spec
      .given(history(open(), sit(1)))
      .when({ type: 'SitOut', seat: 1 })
      .then([{ type: 'PlayerSatOut', seat: 1 }]);
    spec
      .given(history(open(), sit(1), { type: 'SitOut', seat: 1 }))
      .when({ type: 'SitOut', seat: 1 })
      .then([]);
  });
  it('sits back in, waiting for the big blind if asked', () =>
    spec
      .given(history(open(), sit(1), { type: 'SitOut', seat: 1 }))
      .when({ type: 'SitIn', seat: 1, waitForBigBlind: true })
      .then([{ type: 'PlayerSatIn', seat: 1, waitForBigBlind: true }]));
  it('adds chips between hands', () =>
    spec
      .given(history(open(), sit(1)))
      .when({ type: 'AddChips', seat: 1, amount: 50 })
      .then([{ type: 'ChipsAdded', seat: 1, amount: 50 }]));
  it('refuses adding chips to a player in the hand', () =>
    spec.given(preflop()).when({ type: 'AddChips', seat: 2, amount: 50 }).thenRejected({ code: 'PLAYER_IN_HAND' }));
  it('refuses a negative add-on', () =>
    spec
      .given(history(open(), sit(1)))
      .when({ type: 'AddChips', seat: 1, amount: -5 })
      .thenRejected({ code: 'INVALID_AMOUNT' }));
});

describe('DrawForButton and PlaceButton', () => {
  it('gives the button to the highest card, suits breaking ties in bridge order', () => {
    const deck = [
      'Ah',
      'As',
      'Kd',
      ...'23456789TJQ'.split('').flatMap((r) => ['c', 'd', 'h', 's'].map((s) => r + s)),
      'Ac',
      'Ad',
      'Kc',
      'Kh',
      'Ks',
    ];
    spec
      .given(history(open(), sit(1), sit(2), sit(4)))
      .when({ type: 'DrawForButton', deck })
      .then([
        {
          type: 'ButtonDrawn',
          draws: [
            { seat: 1, card: parseCard('Ah')! },
            { seat: 2, card: parseCard('As')! },
            { seat: 4, card: parseCard('Kd')! },
          ],
          button: 2,
          shuffle: { kind: 'supplied' },
        },
      ]);
  });
  it('refuses a deck with a repeated card', () =>
    spec
      .given(history(open(), sit(1), sit(2)))
      .when({ type: 'DrawForButton', deck: Array(52).fill('As') })
      .thenRejected({ code: 'INVALID_DECK' }));
  it('refuses a draw with one player', () =>
    spec
      .given(history(open(), sit(1)))
      .when({ type: 'DrawForButton', seed: 1 })
      .thenRejected({ code: 'NOT_ENOUGH_PLAYERS' }));
  it('places the button; placing it again on the same seat is a no-op', () => {
    spec
      .given(history(open(), sit(1)))
      .when({ type: 'PlaceButton', seat: 1 })
      .then([{ type: 'ButtonPlaced', seat: 1 }]);
    spec.given(threeHanded()).when({ type: 'PlaceButton', seat: 1 }).then([]);
  });
});

describe('StartHand and PostBlind', () => {
  it('starts a hand: positions, forced bets due, the deck sealed after a commitment that shows no card or seed', () =>
    spec
      .given(threeHanded())
      .when({ type: 'StartHand', seed: 7, salt: SALT })
      .then((events) => {
        const e = events[0] as Extract<TableEvent, { type: 'HandStarted' }>;
        const sealed = events[1] as Extract<TableEvent, { type: 'DeckSealed' }>;
        expect(events.map((x) => x.type)).toEqual(['HandStarted', 'DeckSealed']);
        expect([e.button, e.smallBlindSeat, e.bigBlindSeat]).toEqual([1, 2, 3]);
        expect(e.players.map((p) => p.seat)).toEqual([2, 3, 1]);
        expect(e.forcedBets).toEqual([
          { seat: 2, kind: 'small-blind', amount: 1, live: true },
          { seat: 3, kind: 'big-blind', amount: 2, live: true },
        ]);
        expect(e.shuffle).toEqual({ kind: 'seeded', prng: 'mulberry32-fisher-yates' });
        expect('deck' in e).toBe(false);
        expect(JSON.stringify(e)).not.toContain('"seed"');
        expect(sealed).toEqual({
          type: 'DeckSealed',
          handNumber: 1,
          deck: shuffledDeck(7),
          shuffle: { kind: 'seeded', prng: 'mulberry32-fisher-yates', seed: 7 },
          salt: SALT,
        });
        expect(e.deckCommitment).toBe(
          createHash('sha256')
            .update(Buffer.from(SALT, 'hex'))
            .update(Buffer.from(shuffledDeck(7)))
            .digest('hex'),
        );
      }));
  it('derives a house deck from a 256-bit hex seed with HMAC_DRBG', () =>
    spec
      .given(threeHanded())
      .when({ type: 'StartHand', seed: HEX_SEED, salt: SALT })
      .then((events) => {
        expect(events[0]).toMatchObject({ shuffle: { kind: 'seeded', prng: 'hmac-drbg-sha256-fisher-yates' } });
        expect(events[1]).toMatchObject({
          deck: drbgShuffledDeck(Buffer.from(HEX_SEED, 'hex')),
          shuffle: { kind: 'seeded', prng: 'hmac-drbg-sha256-fisher-yates', seed: HEX_SEED },
        });
      }));
  it('refuses a seed that does not fit the named derivation, and a malformed salt', () => {
    spec
      .given(threeHanded())
      .when({ type: 'StartHand', seed: 7, prng: 'hmac-drbg-sha256-fisher-yates' })
      .thenRejected({ code: 'INVALID_DECK', field: 'seed' });
    spec
      .given(threeHanded())
      .when({ type: 'StartHand', seed: HEX_SEED, prng: 'mulberry32-fisher-yates' })
      .thenRejected({ code: 'INVALID_DECK', field: 'seed' });
    spec
      .given(threeHanded())
      .when({ type: 'StartHand', seed: HEX_SEED.slice(2) })
      .thenRejected({ code: 'INVALID_DECK', field: 'seed' });
    spec
      .given(threeHanded())
      .when({ type: 'StartHand', seed: HEX_SEED.toUpperCase() })
      .thenRejected({ code: 'INVALID_DECK', field: 'seed' });
    spec.given(threeHanded()).when({ type: 'StartHand', seed: 7, salt: 'abcd' }).thenRejected({ code: 'INVALID_DECK', field: 'salt' });
  });
  it('refuses to start without a button', () =>
    spec
      .given(history(open(), sit(1), sit(2)))
      .when({ type: 'StartHand', seed: 1 })
      .thenRejected({ code: 'BUTTON_NOT_PLACED' }));
  it('refuses to start with fewer than two players', () =>
    spec
      .given(history(open(), sit(1), sit(2), { type: 'PlaceButton', seat: 1 }, { type: 'SitOut', seat: 2 }))
      .when({ type: 'StartHand', seed: 1 })
      .thenRejected({ code: 'NOT_ENOUGH_PLAYERS' }));
  it('refuses a bad seed and a short deck', () => {
    spec.given(threeHanded()).when({ type: 'StartHand', seed: -1 }).thenRejected({ code: 'INVALID_DECK', field: 'seed' });
    spec
      .given(threeHanded())
      .when({ type: 'StartHand', deck: ['As'] })
      .thenRejected({ code: 'INVALID_DECK', field: 'deck' });
  });
  it('refuses a second hand while one is in progress', () =>
    spec.given(preflop()).when({ type: 'StartHand', seed: 1 }).thenRejected({ code: 'HAND_IN_PROGRESS' }));
  it('posts a blind; the last one deals the hole cards', () =>
    spec
      .given(
        history(
          open(),
          sit(1),
          sit(2),
          sit(3),
          { type: 'PlaceButton', seat: 1 },
          { type: 'StartHand', seed: 7 },
          { type: 'PostBlind', seat: 2 },
        ),
      )
      .when({ type: 'PostBlind', seat: 3 })
      .then((events) => {
        expect(events[0]).toEqual({ type: 'BlindPosted', seat: 3, kind: 'big-blind', amount: 2, live: true, allIn: false });
        expect(events[1].type).toBe('HoleCardsDealt');
      }));
  it('posts a short blind all-in', () =>
    spec
      .given(history(open(), sit(1), sit(2), sit(3, 1), { type: 'PlaceButton', seat: 1 }, { type: 'StartHand', seed: 7 }))
      .when({ type: 'PostBlind', seat: 3 })
      .then([{ type: 'BlindPosted', seat: 3, kind: 'big-blind', amount: 1, live: true, allIn: true }]));
  it('refuses a blind that is not due', () =>
    spec
      .given(history(open(), sit(1), sit(2), sit(3), { type: 'PlaceButton', seat: 1 }, { type: 'StartHand', seed: 7 }))
      .when({ type: 'PostBlind', seat: 1 })
      .thenRejected({ code: 'BLIND_NOT_DUE' }));
  it('refuses betting before the blinds are in', () =>
    spec
      .given(history(open(), sit(1), sit(2), sit(3), { type: 'PlaceButton', seat: 1 }, { type: 'StartHand', seed: 7 }))
      .when({ type: 'Call', seat: 1 })
      .thenRejected({ code: 'BLINDS_PENDING' }));
});

describe('betting actions', () => {
  it('calls, raises, checks and folds in turn', () => {
    spec
      .given(preflop())
      .when({ type: 'Call', seat: 1 })
      .then([{ type: 'PlayerCalled', seat: 1, amount: 2, allIn: false }]);
    spec
      .given(preflop())
      .when({ type: 'Raise', seat: 1, to: 6 })
      .then([{ type: 'RaisePlaced', seat: 1, to: 6, allIn: false, full: true }]);
    spec
      .given(preflop())
      .when({ type: 'Raise', seat: 1, to: 100 })
      .then([{ type: 'RaisePlaced', seat: 1, to: 100, allIn: true, full: true }]);
  });
  it('refuses acting out of turn', () =>
    spec
      .given(preflop())
      .when({ type: 'Call', seat: 2 })
      .thenRejected({ code: 'NOT_YOUR_TURN', message: "It is seat 1's turn to act, not seat 2's." }));
  it('refuses a seat that is not in the hand', () =>
    spec.given(preflop()).when({ type: 'Fold', seat: 5 }).thenRejected({ code: 'NOT_IN_HAND' }));
  it('refuses a check facing a bet', () => spec.given(preflop()).when({ type: 'Check', seat: 1 }).thenRejected({ code: 'CANNOT_CHECK' }));
  it('refuses a bet when there is a bet to raise', () =>
    spec.given(preflop()).when({ type: 'Bet', seat: 1, amount: 10 }).thenRejected({ code: 'BET_NOT_ALLOWED' }));
  it('refuses a raise below the minimum and beyond the stack', () => {
    spec.given(preflop()).when({ type: 'Raise', seat: 1, to: 3 }).thenRejected({ code: 'RAISE_BELOW_MINIMUM', field: 'to' });
    spec.given(preflop()).when({ type: 'Raise', seat: 1, to: 101 }).thenRejected({ code: 'INSUFFICIENT_CHIPS' });
  });
  it('gives the big blind the option, and nothing to call', () => {
    const limped = [
      ...preflop(),
      { type: 'PlayerCalled', seat: 1, amount: 2, allIn: false } as TableEvent,
      { type: 'PlayerCalled', seat: 2, amount: 1, allIn: false } as TableEvent,
    ];
    spec.given(limped).when({ type: 'Call', seat: 3 }).thenRejected({ code: 'NOTHING_TO_CALL' });
    spec
      .given(limped)
      .when({ type: 'Check', seat: 3 })
      .then((events) => {
        expect(events[0]).toEqual({ type: 'PlayerChecked', seat: 3 });
        expect(events[1]).toMatchObject({ type: 'BoardDealt', street: 'flop' });
      });
  });
  it('ends the hand when everyone folds to a raise: the uncalled bet comes back and the pot is awarded', () =>
    spec
      .given([...preflop(), { type: 'RaisePlaced', seat: 1, to: 10, allIn: false, full: true }, { type: 'PlayerFolded', seat: 2 }])
      .when({ type: 'Fold', seat: 3 })
      .then([
        { type: 'PlayerFolded', seat: 3 },
        { type: 'UncalledBetReturned', seat: 1, amount: 8 },
        { type: 'PotAwarded', pot: 0, amount: 5, eligible: [1], winners: [{ seat: 1, amount: 5 }] },
        {
          type: 'HandEnded',
          handNumber: 1,
          stacks: [
            { seat: 1, stack: 103 },
            { seat: 2, stack: 99 },
            { seat: 3, stack: 98 },
          ],
        },
        {
          type: 'DeckRevealed',
          handNumber: 1,
          deck: shuffledDeck(7),
          shuffle: { kind: 'seeded', prng: 'mulberry32-fisher-yates', seed: 7 },
          salt: '',
        },
      ]));
  it('offers exactly what decide accepts', () => {
    const state = preflop().reduce(tableDecider.evolve, tableDecider.initialState);
    expect(legalActions(state)).toEqual({
      seat: 1,
      actions: [
        { type: 'Fold', seat: 1 },
        { type: 'Call', seat: 1, amount: 2 },
        { type: 'Raise', seat: 1, min: 4, max: 100 },
      ],
    });
  });
});

describe('showdown and VoidHand', () => {
  const toShowdown = () => {
    const events = preflop();
    const more = history(
      open(),
      sit(1),
      sit(2),
      sit(3),
      { type: 'PlaceButton', seat: 1 },
      { type: 'StartHand', seed: 7 },
      { type: 'PostBlind', seat: 2 },
      { type: 'PostBlind', seat: 3 },
      { type: 'Call', seat: 1 },
      { type: 'Call', seat: 2 },
      { type: 'Check', seat: 3 },
      ...[0, 1, 2].flatMap(() => [2, 3, 1].map((seat) => ({ type: 'Check', seat }) as TableCommand)),
    );
    return more.length > events.length ? more : events;
  };
  it('asks the first seat left of the button to table first when the river was checked', () => {
    const state = toShowdown().reduce(tableDecider.evolve, tableDecider.initialState);
    expect(state.hand?.showdownOrder).toEqual([2, 3, 1]);
  });
  it('refuses a muck out of turn, allows an early show', () => {
    spec.given(toShowdown()).when({ type: 'MuckHand', seat: 3 }).thenRejected({ code: 'NOT_YOUR_TURN_TO_SHOW' });
    spec
      .given(toShowdown())
      .when({ type: 'ShowHand', seat: 3 })
      .then((events) => expect(events[0].type).toBe('HandShown'));
  });
  it('awards the pot to the last hand when the others muck', () =>
    spec
      .given([...toShowdown(), { type: 'HandMucked', seat: 2 }])
      .when({ type: 'MuckHand', seat: 3 })
      .then((events) => {
        expect(events.map((e) => e.type)).toEqual(['HandMucked', 'PotAwarded', 'HandEnded', 'DeckRevealed']);
        expect(events[1]).toMatchObject({ winners: [{ seat: 1, amount: 6 }] });
      }));
  it('refuses show and muck before the showdown', () =>
    spec.given(preflop()).when({ type: 'ShowHand', seat: 1 }).thenRejected({ code: 'NOT_SHOWDOWN' }));
  it('voids a hand and returns every chip', () =>
    spec
      .given(preflop())
      .when({ type: 'VoidHand', reason: 'misdeal: card exposed' })
      .then([
        {
          type: 'HandVoided',
          handNumber: 1,
          reason: 'misdeal: card exposed',
          refunds: [
            { seat: 2, amount: 1 },
            { seat: 3, amount: 2 },
          ],
        },
        {
          type: 'DeckRevealed',
          handNumber: 1,
          deck: shuffledDeck(7),
          shuffle: { kind: 'seeded', prng: 'mulberry32-fisher-yates', seed: 7 },
          salt: '',
        },
      ]));
  it('still plays a hand of an old log, whose HandStarted (schema version 1) held the deck: same cards, no reveal', () => {
    const at = preflop().findIndex((e) => e.type === 'HandStarted');
    const [started, sealed, ...rest] = preflop().slice(at);
    expect([started!.type, sealed!.type]).toEqual(['HandStarted', 'DeckSealed']);
    const { deckCommitment: _c, ...v1 } = started as Extract<TableEvent, { type: 'HandStarted' }>;
    const legacy = {
      ...v1,
      deck: (sealed as Extract<TableEvent, { type: 'DeckSealed' }>).deck,
      shuffle: (sealed as Extract<TableEvent, { type: 'DeckSealed' }>).shuffle,
    } as unknown as TableEvent;
    const before = preflop().slice(0, at);
    const oldLog = [...before, legacy, ...rest];
    const newState = preflop().reduce(tableDecider.evolve, tableDecider.initialState);
    const oldState = oldLog.reduce(tableDecider.evolve, tableDecider.initialState);
    expect(oldState.hand!.deck).toEqual(newState.hand!.deck);
    expect(oldState.hand!.seal).toBeNull();
    spec
      .given(oldLog)
      .when({ type: 'VoidHand', reason: 'misdeal' })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['HandVoided']));
  });
  it('refuses a void without a reason or without a hand', () => {
    spec.given(preflop()).when({ type: 'VoidHand', reason: ' ' }).thenRejected({ code: 'INVALID_COMMAND' });
    spec.given(threeHanded()).when({ type: 'VoidHand', reason: 'x' }).thenRejected({ code: 'HAND_NOT_IN_PROGRESS' });
  });
});

describe('CloseTable', () => {
  it('cashes everyone out and closes', () =>
    spec
      .given(history(open(), sit(1, 40)))
      .when({ type: 'CloseTable' })
      .then([{ type: 'PlayerLeft', seat: 1, playerId: 'p1', cashOut: 40 }, { type: 'TableClosed' }]));
  it('refuses while a hand is in progress, and everything after closing', () => {
    spec.given(preflop()).when({ type: 'CloseTable' }).thenRejected({ code: 'HAND_IN_PROGRESS' });
    spec
      .given(history(open(), { type: 'CloseTable' }))
      .when(sit(1))
      .thenRejected({ code: 'TABLE_CLOSED' });
  });
  it('refuses unknown commands', () =>
    spec
      .given(history(open()))
      .when({ type: 'Dance' } as unknown as TableCommand)
      .thenRejected({ code: 'INVALID_COMMAND' }));
});

describe('chips on the table', () => {
  it('do not count a folded player who left mid-hand twice', () => {
    const events = [
      ...preflop(),
      { type: 'PlayerFolded', seat: 1 } as TableEvent,
      { type: 'PlayerLeft', seat: 1, playerId: 'p1', cashOut: 100 } as TableEvent,
    ];
    const state = events.reduce(tableDecider.evolve, tableDecider.initialState);
    // 300 bought in, 100 cashed out: 200 remain (the blinds' 3 in the pot, 197 behind).
    expect(chipsOnTable(state)).toBe(200);
  });
});
