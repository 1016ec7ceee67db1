import {
  deciderSpec,
  tableDecider,
  parseCards,
  legalActions,
  readerConflicts,
  readerRecordStands,
  type TableCommand,
  type TableEvent,
  type TableRulesInput,
} from '../index';
import { TableUnderTest } from './table-under-test.test-support';

/** Given/when/then for live cards: each command, each refusal, and what legalActions offers at each step. */
const spec = deciderSpec(tableDecider);
const LIVE: TableRulesInput = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6, cardSource: 'live' };
const cards = (text: string) => parseCards(text)!;

const READER_CONFLICT_SENTENCE =
  'The reader reported cards that conflict with what is already recorded in this hand: nothing was recorded; check the reader (the floor is alerted).';

/** Three players (button 1, small blind 2, big blind 3), 100 each, a live hand started and the blinds posted. */
function preflop(rules: TableRulesInput = LIVE): TableUnderTest {
  const t = TableUnderTest.open(
    rules,
    [1, 2, 3].map((seat) => ({ seat, id: `p${seat}`, stack: 100 })),
    1,
  );
  t.do({ type: 'StartHand' }, { type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 });
  return t;
}

/** Preflop, everyone calls and the big blind checks: the flop is due. */
function flopDue(): TableUnderTest {
  const t = preflop();
  t.do({ type: 'Call', seat: 1 }, { type: 'Call', seat: 2 }, { type: 'Check', seat: 3 });
  return t;
}

/** Checked down to the river, then to the showdown: seats 2, 3, 1 table in that order. */
function atShowdown(): TableUnderTest {
  const t = flopDue();
  t.do({ type: 'DealBoard', cards: ['Ah', 'Kd', '7c'] });
  return atShowdownWith(t);
}

/** `t`, its flop dealt, checked down to the showdown. */
function atShowdownWith(t: TableUnderTest): TableUnderTest {
  const checkAround = () => t.do({ type: 'Check', seat: 2 }, { type: 'Check', seat: 3 }, { type: 'Check', seat: 1 });
  checkAround();
  t.do({ type: 'DealBoard', cards: ['2s'] });
  checkAround();
  t.do({ type: 'DealBoard', cards: ['9h'] });
  checkAround();
  return t;
}

describe('live card source (rules)', () => {
  it('is recorded in the rules when live, and absent (a deck) by default', () => {
    spec
      .given([])
      .when({ type: 'OpenTable', tableId: 'L', rules: LIVE })
      .then((events) => expect((events[0] as Extract<TableEvent, { type: 'TableOpened' }>).rules.cardSource).toBe('live'));
    spec
      .given([])
      .when({ type: 'OpenTable', tableId: 'D', rules: { ...LIVE, cardSource: undefined } })
      .then((events) => expect('cardSource' in (events[0] as Extract<TableEvent, { type: 'TableOpened' }>).rules).toBe(false));
  });
  it('refuses an unknown card source naming the field', () =>
    spec
      .given([])
      .when({ type: 'OpenTable', tableId: 'L', rules: { ...LIVE, cardSource: 'rfid' as never } })
      .thenRejected({ code: 'INVALID_RULES', field: 'rules.cardSource' }));
});

describe('StartHand on a live table', () => {
  it('starts without a deck: shuffle live, no commitment, and every hole card unknown once dealt', () => {
    const t = preflop();
    expect(t.of('HandStarted')[0]).toMatchObject({ shuffle: { kind: 'live' }, deckCommitment: null });
    expect('deck' in t.of('HandStarted')[0]).toBe(false);
    expect(t.of('HoleCardsDealt')[0].hands).toEqual([
      { seat: 2, cards: null },
      { seat: 3, cards: null },
      { seat: 1, cards: null },
    ]);
    expect(t.state.hand!.players.every((p) => p.holeCards.length === 0)).toBe(true);
  });
  it.each([
    [{ type: 'StartHand', seed: 7 }, 'seed'],
    [{ type: 'StartHand', deck: ['As'] }, 'deck'],
  ] as [TableCommand, string][])('refuses a deck or a seed (%#)', (command, field) => {
    const t = TableUnderTest.open(
      LIVE,
      [1, 2].map((seat) => ({ seat, id: `p${seat}`, stack: 100 })),
      1,
    );
    expect(t.refuses(command, 'DECK_NOT_ALLOWED')).toMatch(/live cards/);
    spec.given(t.events).when(command).thenRejected({ field });
  });
});

describe('DealBoard', () => {
  it('records the flop the dealer entered once the preflop betting is over, and offers exactly that', () => {
    const t = flopDue();
    expect(legalActions(t.state)).toEqual({
      seat: null,
      actions: [
        { type: 'DealBoard', seat: null, street: 'flop', cardsToEnter: 3 },
        { type: 'ReportHoleCards', seat: 1, cardsToEnter: 2 },
        { type: 'ReportHoleCards', seat: 2, cardsToEnter: 2 },
        { type: 'ReportHoleCards', seat: 3, cardsToEnter: 2 },
      ],
    });
    spec
      .given(t.events)
      .when({ type: 'DealBoard', cards: ['Ah', 'Kd', '7c'] })
      .then([{ type: 'BoardDealt', street: 'flop', cards: cards('AhKd7c') }]);
  });
  it('refuses a board card before the betting round is over', () => {
    const t = preflop();
    expect(t.refuses({ type: 'DealBoard', cards: ['Ah', 'Kd', '7c'] }, 'BETTING_NOT_OVER')).toBe(
      'The flop is dealt once the preflop betting is over; seat 1 is still to act.',
    );
  });
  it('refuses the wrong number of cards, a non-card, a card entered twice and a street out of order', () => {
    const t = flopDue();
    expect(t.refuses({ type: 'DealBoard', cards: ['Ah', 'Kd'] }, 'WRONG_CARD_COUNT')).toBe('The flop is 3 cards; 2 were entered.');
    t.refuses({ type: 'DealBoard', cards: ['Ah', 'Kd', '1x'] }, 'INVALID_CARD');
    t.refuses({ type: 'DealBoard', cards: ['Ah', 'Kd', 'Ah'] }, 'CARD_ALREADY_SEEN');
    expect(t.refuses({ type: 'DealBoard', cards: ['Ah'], street: 'turn' }, 'BOARD_NOT_DUE')).toBe('The flop is next, not the turn.');
  });
  it('refuses a card already on the board', () => {
    const t = flopDue();
    t.do(
      { type: 'DealBoard', cards: ['Ah', 'Kd', '7c'] },
      { type: 'Check', seat: 2 },
      { type: 'Check', seat: 3 },
      { type: 'Check', seat: 1 },
    );
    expect(t.refuses({ type: 'DealBoard', cards: ['Kd'] }, 'CARD_ALREADY_SEEN')).toBe(
      'The Kd was already seen in this hand, on the board.',
    );
  });
  it('reads the whole entry before comparing any card: a bad card is refused before one already seen', () => {
    const t = flopDue();
    t.do(
      { type: 'DealBoard', cards: ['Ah', 'Kd', '7c'] },
      { type: 'Check', seat: 2 },
      { type: 'Check', seat: 3 },
      { type: 'Check', seat: 1 },
    );
    t.refuses({ type: 'DealBoard', cards: ['Kd', '1x'] }, 'WRONG_CARD_COUNT');
    t.refuses({ type: 'DealBoard', cards: ['1x'] }, 'INVALID_CARD');
    const s = atShowdown();
    expect(s.refuses({ type: 'ShowHand', seat: 2, cards: ['Ah', '1x'] }, 'INVALID_CARD')).toMatch(/"1x" is not a card/);
    expect(s.refuses({ type: 'ShowHand', seat: 2, cards: ['Qd', 'Qd'] }, 'CARD_ALREADY_SEEN')).toBe('The Qd was entered twice.');
  });
  it("takes a board card a reader's record holds, answering exactly as with any other record, and sets that record aside", () => {
    // Two tables alike but for what the reader recorded for seat 3: the dealer's flop holds one of its cards in one.
    const holding = flopDue();
    holding.do({ type: 'ReportHoleCards', seat: 3, cards: ['Qs', 'Qh'] });
    const other = flopDue();
    other.do({ type: 'ReportHoleCards', seat: 3, cards: ['Js', 'Jh'] });
    const flop: TableCommand = { type: 'DealBoard', cards: ['Ah', 'Qh', '7c'] };
    const a = tableDecider.decide(flop, holding.state);
    const b = tableDecider.decide(flop, other.state);
    expect(a).toMatchObject({ ok: true, events: [{ type: 'BoardDealt', street: 'flop', cards: cards('AhQh7c') }] });
    expect(a.ok && b.ok && a.events).toEqual(b.ok && b.events);
    expect(legalActions(a.ok ? a.state : holding.state)).toEqual(legalActions(b.ok ? b.state : other.state));
    // The API learns of it from the engine, for the security event; the record no longer stands.
    expect(readerConflicts(flop, holding.state)).toBe(true);
    expect(readerConflicts(flop, other.state)).toBe(false);
    holding.do(flop);
    expect(
      readerRecordStands(
        holding.state.hand!,
        holding.state.hand!.players.find((p) => p.seat === 3)!,
      ),
    ).toBe(false);
  });
  it('refuses board cards on a table dealt from a deck', () => {
    const t = TableUnderTest.open(
      { ...LIVE, cardSource: 'deck' },
      [1, 2].map((seat) => ({ seat, id: `p${seat}`, stack: 100 })),
      1,
    );
    t.do({ type: 'StartHand', seed: 1 });
    t.refuses({ type: 'DealBoard', cards: ['Ah', 'Kd', '7c'] }, 'NOT_A_LIVE_TABLE');
    t.refuses({ type: 'ReportHoleCards', seat: 1, cards: ['Ah', 'Kd'] }, 'NOT_A_LIVE_TABLE');
  });
  it('refuses a board at the showdown', () =>
    expect(atShowdown().refuses({ type: 'DealBoard', cards: ['3c'] }, 'BOARD_NOT_DUE')).toMatch(/complete/));
});

describe('ReportHoleCards', () => {
  it('records what the reader read, secret like the deal', () =>
    spec
      .given(preflop().events)
      .when({ type: 'ReportHoleCards', seat: 1, cards: ['As', 'Ks'] })
      .then([{ type: 'HoleCardsReported', seat: 1, cards: cards('AsKs') }]));
  it('is a no-op when the reader repeats itself, and refuses a different reading with one answer naming no card or seat', () => {
    const t = preflop();
    t.do({ type: 'ReportHoleCards', seat: 1, cards: ['As', 'Ks'] });
    spec
      .given(t.events)
      .when({ type: 'ReportHoleCards', seat: 1, cards: ['Ks', 'As'] })
      .then([]);
    expect(t.refuses({ type: 'ReportHoleCards', seat: 1, cards: ['As', 'Qs'] }, 'READER_CONFLICT')).toBe(READER_CONFLICT_SENTENCE);
  });
  it("refuses, with the same answer, a card in another seat's record or face up; then a folded seat and a report before the deal", () => {
    const t = preflop();
    t.do({ type: 'ReportHoleCards', seat: 1, cards: ['As', 'Ks'] });
    expect(t.refuses({ type: 'ReportHoleCards', seat: 2, cards: ['As', '2d'] }, 'READER_CONFLICT')).toBe(READER_CONFLICT_SENTENCE);
    t.do({ type: 'Fold', seat: 1 });
    t.refuses({ type: 'ReportHoleCards', seat: 1, cards: ['As', 'Ks'] }, 'NOT_IN_HAND');
    const s = TableUnderTest.open(
      LIVE,
      [1, 2, 3].map((seat) => ({ seat, id: `p${seat}`, stack: 100 })),
      1,
    );
    s.do({ type: 'StartHand' });
    s.refuses({ type: 'ReportHoleCards', seat: 2, cards: ['As', 'Ks'] }, 'DEAL_PENDING');
    const f = flopDue();
    f.do({ type: 'DealBoard', cards: ['Ah', 'Kd', '7c'] });
    expect(f.refuses({ type: 'ReportHoleCards', seat: 2, cards: ['7c', '2d'] }, 'READER_CONFLICT')).toBe(READER_CONFLICT_SENTENCE);
  });
  it('reads the whole entry first: a malformed report is refused for its form, whatever the records hold', () => {
    const t = preflop();
    t.do({ type: 'ReportHoleCards', seat: 1, cards: ['As', 'Ks'] });
    t.refuses({ type: 'ReportHoleCards', seat: 2, cards: ['As', 'Zz'] }, 'INVALID_CARD');
    t.refuses({ type: 'ReportHoleCards', seat: 2, cards: ['As'] }, 'WRONG_CARD_COUNT');
    t.refuses({ type: 'ReportHoleCards', seat: 2, cards: ['As', 'As'] }, 'CARD_ALREADY_SEEN');
  });
});

describe('the showdown on a live table', () => {
  it('asks for the shown cards, ranks what was shown and awards it; the mucked hand stays unknown', () => {
    const t = atShowdown();
    expect(legalActions(t.state).actions).toEqual([
      { type: 'ShowHand', seat: 2, cardsToEnter: 2 },
      { type: 'MuckHand', seat: 2 },
      { type: 'ShowHand', seat: 3, cardsToEnter: 2 },
      { type: 'ShowHand', seat: 1, cardsToEnter: 2 },
      { type: 'ReportHoleCards', seat: 1, cardsToEnter: 2 },
      { type: 'ReportHoleCards', seat: 2, cardsToEnter: 2 },
      { type: 'ReportHoleCards', seat: 3, cardsToEnter: 2 },
    ]);
    t.refuses({ type: 'ShowHand', seat: 2 }, 'CARDS_REQUIRED');
    t.do({ type: 'ShowHand', seat: 2, cards: ['Ac', 'Qd'] });
    t.do({ type: 'MuckHand', seat: 3 });
    // Seat 1 tables two pair and wins the 6 in the pot; seat 3's cards are never known.
    t.do({ type: 'ShowHand', seat: 1, cards: ['Kh', '7d'] });
    expect(t.of('PotAwarded')).toEqual([
      { type: 'PotAwarded', pot: 0, amount: 6, eligible: [1, 2, 3], winners: [{ seat: 1, amount: 4 + 2 }] },
    ]);
    expect(t.stacks()).toEqual({ p1: 104, p2: 98, p3: 98 });
    expect(t.state.hand!.players.find((p) => p.seat === 3)!.holeCards).toEqual([]);
  });
  it("refuses a shown card already face up; takes the dealer's entry over a reader's record, whose own cards show without one", () => {
    const t = atShowdown();
    expect(t.refuses({ type: 'ShowHand', seat: 2, cards: ['Ah', 'Qd'] }, 'CARD_ALREADY_SEEN')).toMatch(/on the board/);
    t.do({ type: 'ReportHoleCards', seat: 3, cards: ['Jc', 'Jd'] });
    t.refuses({ type: 'ShowHand', seat: 2, cards: ['Qd'] }, 'WRONG_CARD_COUNT');
    // A card in seat 3's face-down record is not "seen": the entry for seat 2 is taken, and the record set aside.
    const other: TableCommand = { type: 'ShowHand', seat: 2, cards: ['Jc', 'Qd'] };
    spec
      .given(t.events)
      .when(other)
      .then((events) => expect(events[0]).toEqual({ type: 'HandShown', seat: 2, cards: cards('JcQd') }));
    expect(readerConflicts(other, t.state)).toBe(true);
    // The dealer's entry for seat 3 itself is the truth of what is face up, even where the reader read otherwise.
    const contradicting: TableCommand = { type: 'ShowHand', seat: 3, cards: ['Jc', 'Js'] };
    spec
      .given(t.events)
      .when(contradicting)
      .then((events) => expect(events[0]).toEqual({ type: 'HandShown', seat: 3, cards: cards('JcJs') }));
    expect(readerConflicts(contradicting, t.state)).toBe(true);
    const tabled = tableDecider.evolve(t.state, { type: 'HandShown', seat: 3, cards: cards('JcJs') });
    expect(tabled.hand!.players.find((p) => p.seat === 3)!.holeCards).toEqual(cards('JcJs'));
    // The reader's record is shown as it is when the dealer enters nothing (or the same cards, in any order).
    spec
      .given(t.events)
      .when({ type: 'ShowHand', seat: 3 })
      .then((events) => expect(events[0]).toEqual({ type: 'HandShown', seat: 3, cards: cards('JcJd') }));
    spec
      .given(t.events)
      .when({ type: 'ShowHand', seat: 3, cards: ['Jd', 'Jc'] })
      .then((events) => expect(events[0]).toEqual({ type: 'HandShown', seat: 3, cards: cards('JcJd') }));
    expect(readerConflicts({ type: 'ShowHand', seat: 3, cards: ['Jd', 'Jc'] }, t.state)).toBe(false);
  });
  it('asks for the cards of a seat whose record the board contradicted, and does not table it at an all-in showdown', () => {
    const t = preflop();
    t.do(
      { type: 'ReportHoleCards', seat: 3, cards: ['Qs', 'Qh'] },
      { type: 'Fold', seat: 1 },
      { type: 'Call', seat: 2 },
      { type: 'Check', seat: 3 },
    );
    t.do({ type: 'DealBoard', cards: ['Ah', 'Qh', '7c'] });
    const allIn = t.do({ type: 'Bet', seat: 2, amount: 98 }, { type: 'Call', seat: 3 });
    expect(allIn.map((e) => e.type)).not.toContain('HandShown');
    expect(legalActions(t.state).actions).toContainEqual({ type: 'ShowHand', seat: 3, cardsToEnter: 2 });
    t.refuses({ type: 'ShowHand', seat: 3 }, 'CARDS_REQUIRED');
  });
  it('refuses entered cards on a table dealt from a deck', () => {
    const t = TableUnderTest.open(
      { ...LIVE, cardSource: 'deck' },
      [1, 2].map((seat) => ({ seat, id: `p${seat}`, stack: 100 })),
      1,
    );
    // Heads-up: the button (seat 1) posts the small blind and acts first before the flop, last after it.
    t.do(
      { type: 'StartHand', seed: 1 },
      { type: 'PostBlind', seat: 1 },
      { type: 'PostBlind', seat: 2 },
      { type: 'Call', seat: 1 },
      { type: 'Check', seat: 2 },
    );
    for (let i = 0; i < 3; i++) t.do({ type: 'Check', seat: 2 }, { type: 'Check', seat: 1 });
    t.refuses({ type: 'ShowHand', seat: 1, cards: ['As', 'Ks'] }, 'NOT_A_LIVE_TABLE');
  });
});

describe('an uncontested pot and an all-in runout on a live table', () => {
  it('awards a fold-out without any card known', () => {
    const t = preflop();
    t.do({ type: 'Fold', seat: 1 }, { type: 'Fold', seat: 2 });
    expect(t.state.hand!.phase).toBe('complete');
    expect(t.stacks()).toEqual({ p1: 100, p2: 99, p3: 101 });
    expect(t.of('BoardDealt')).toEqual([]);
  });
  it("rules version 1: waits for the dealer at every street of an all-in runout, then tables the reader's hands and asks for the rest", () => {
    const t = preflop({ ...LIVE, version: 1 });
    t.do({ type: 'Fold', seat: 1 }, { type: 'Raise', seat: 2, to: 100 }, { type: 'Call', seat: 3 });
    expect(legalActions(t.state).actions[0]).toEqual({ type: 'DealBoard', seat: null, street: 'flop', cardsToEnter: 3 });
    t.do({ type: 'ReportHoleCards', seat: 3, cards: ['Qs', 'Qh'] });
    t.do({ type: 'DealBoard', cards: ['Ah', 'Kd', '7c'] });
    expect(legalActions(t.state).actions[0]).toEqual({ type: 'DealBoard', seat: null, street: 'turn', cardsToEnter: 1 });
    t.do({ type: 'DealBoard', cards: ['2s'] });
    // The river completes the board; the reader's hand is tabled at once (all-in), seat 2's must be entered.
    const river = t.do({ type: 'DealBoard', cards: ['9h'] });
    expect(river.map((e) => e.type)).toEqual(['BoardDealt', 'ShowdownStarted', 'HandShown']);
    expect(river[2]).toEqual({ type: 'HandShown', seat: 3, cards: cards('QsQh') });
    t.do({ type: 'ShowHand', seat: 2, cards: ['Ac', '3d'] });
    expect(t.stacks()).toEqual({ p1: 100, p2: 200, p3: 0 });
  });
  it("rules version 2: tables every hand first (the reader's at once, the others entered), then the dealer enters the rest of the board, then the award", () => {
    const t = preflop();
    const allIn = t.do({ type: 'Fold', seat: 1 }, { type: 'Raise', seat: 2, to: 100 }, { type: 'Call', seat: 3 });
    expect(allIn.map((e) => e.type).slice(-1)).toEqual(['ShowdownStarted']);
    expect(t.state.hand!.board).toEqual([]);
    // The board waits for the hands: DealBoard is neither offered nor accepted while a hand is not tabled.
    expect(legalActions(t.state).actions.map((a) => a.type)).not.toContain('DealBoard');
    expect(t.refuses({ type: 'DealBoard', cards: ['Ah', 'Kd', '7c'] }, 'BOARD_NOT_DUE')).toMatch(/tabled before the flop/);
    expect(t.do({ type: 'ReportHoleCards', seat: 3, cards: ['Qs', 'Qh'] }).map((e) => e.type)).toEqual(['HoleCardsReported', 'HandShown']);
    expect(legalActions(t.state).actions[0]).toEqual({ type: 'ShowHand', seat: 2, cardsToEnter: 2 });
    expect(t.do({ type: 'ShowHand', seat: 2, cards: ['Ac', '3d'] }).map((e) => e.type)).toEqual(['HandShown']);
    // Every hand tabled: the dealer enters the flop, the turn and the river in the showdown phase; no award before.
    expect(legalActions(t.state)).toEqual({ seat: null, actions: [{ type: 'DealBoard', seat: null, street: 'flop', cardsToEnter: 3 }] });
    t.refuses({ type: 'DealBoard', cards: ['Ah', 'Kd'] }, 'WRONG_CARD_COUNT');
    t.refuses({ type: 'DealBoard', cards: ['Ah', 'Kd', 'Qs'] }, 'CARD_ALREADY_SEEN');
    expect(t.do({ type: 'DealBoard', cards: ['Ah', 'Kd', '7c'] }).map((e) => e.type)).toEqual(['BoardDealt']);
    expect(t.state.hand!.phase).toBe('showdown');
    expect(legalActions(t.state).actions).toEqual([{ type: 'DealBoard', seat: null, street: 'turn', cardsToEnter: 1 }]);
    t.do({ type: 'DealBoard', cards: ['2s'] });
    expect(t.of('PotAwarded')).toEqual([]);
    const river = t.do({ type: 'DealBoard', cards: ['9h'] });
    expect(river[0]).toEqual({ type: 'BoardDealt', street: 'river', cards: cards('9h') });
    expect(river.map((e) => e.type)).toContain('HandEnded');
    expect(t.stacks()).toEqual({ p1: 100, p2: 200, p3: 0 });
    t.refuses({ type: 'DealBoard', cards: ['3c'] }, 'HAND_NOT_IN_PROGRESS');
  });
  it('rules version 2: a hand mucked at an all-in showdown leaves the pot to the other without any board', () => {
    const t = preflop();
    t.do({ type: 'Fold', seat: 1 }, { type: 'Raise', seat: 2, to: 100 }, { type: 'Call', seat: 3 });
    t.do({ type: 'MuckHand', seat: 2 });
    expect(t.of('BoardDealt')).toEqual([]);
    expect(t.stacks()).toEqual({ p1: 100, p2: 0, p3: 200 });
  });
});
