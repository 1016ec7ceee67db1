import {
  derivePots,
  formatCards,
  handCategory,
  handValue,
  withoutRetracted,
  type AnyRuleModule,
  type ForcedBetKind,
  type Street,
  type TableEvent,
  type TableState,
} from '@felt/engine';

/**
 * Hand summaries read from the event stream alone (plus the live state for a hand the script stops in the middle
 * of): who sat where, every action by street, the board, the pots and who won them, and the stacks afterwards.
 */
export interface HandSummary {
  readonly handNumber: number;
  readonly status: 'complete' | 'voided' | 'in-progress';
  readonly button: number;
  /** The seats that posted the blinds; null where none was posted (a dead small blind; no blinds in a bomb pot). */
  readonly smallBlind: number | null;
  readonly bigBlind: number | null;
  /** Dealt-in players in dealing order, with their stacks when the hand started. */
  readonly players: readonly { readonly seat: number; readonly playerId: string; readonly stack: number; readonly holeCards: string }[];
  readonly actions: readonly ActionSummary[];
  /** Board cards as codes, flop first. */
  readonly board: readonly string[];
  /** Running it twice: the second run's whole board (the cards both runs share, then its own); absent otherwise. */
  readonly secondBoard?: readonly string[];
  /** Main pot first. For a hand still in progress: the pots as they stand, with no winners. */
  readonly pots: readonly PotSummary[];
  /** Chips each dealt-in player has behind when the hand ended (or now). */
  readonly stacks: Readonly<Record<string, number>>;
  /** Chips the house took (house option rake). */
  readonly rake: number;
  /** What house options' own events say, in their modules' words (a bounty paid); absent when none. */
  readonly notes?: readonly string[];
}

export interface PotSummary {
  /** 0 is the main pot; side pots follow in order of their level. */
  readonly pot: number;
  /** What the pot held, rake included. */
  readonly amount: number;
  /** The house's rake from this pot, when any was taken. */
  readonly rake?: number;
  readonly eligible: readonly string[];
  /** What each winner received, by player id. */
  readonly winners: Readonly<Record<string, number>>;
  /** Running it twice: what each run paid of this pot, by player id. */
  readonly runs?: readonly Readonly<Record<string, number>>[];
}

export interface ActionSummary {
  readonly street: Street | 'showdown';
  readonly seat: number;
  readonly playerId: string;
  readonly action: 'posts' | 'folds' | 'checks' | 'calls' | 'bets' | 'raises' | 'returned' | 'shows' | 'mucks';
  /** Chips added (posts, calls, bets, returned) or the street total (raises). */
  readonly amount?: number;
  readonly blind?: ForcedBetKind;
  readonly allIn?: boolean;
  readonly cards?: string;
  /** The hand a player showed, as the evaluator names its category ("one-pair"); only with a full board. */
  readonly category?: string;
  /** One line for a reader: "bob raises to 6". */
  readonly text: string;
}

const BLIND_NAMES: Record<string, string> = {
  'small-blind': 'the small blind',
  'big-blind': 'the big blind',
  ante: 'an ante',
  'make-up-big': 'a missed big blind',
  'make-up-small': 'a missed small blind',
  'new-player': "a new player's blind",
  'bomb-pot': 'the bomb-pot ante',
};

interface Building {
  handNumber: number;
  status: HandSummary['status'];
  button: number;
  smallBlind: number | null;
  bigBlind: number | null;
  players: { seat: number; playerId: string; stack: number; holeCards: string }[];
  actions: ActionSummary[];
  board: number[];
  secondBoard: number[] | null;
  pots: PotSummary[];
  stacks: Record<string, number>;
  street: Street | 'showdown';
  rakeByPot: readonly number[];
  notes: string[];
}

export function summarizeHands(events: readonly TableEvent[], state?: TableState, modules: readonly AnyRuleModule[] = []): HandSummary[] {
  const hands: Building[] = [];
  let hand: Building | null = null;
  const idOf = (seat: number) => hand?.players.find((p) => p.seat === seat)?.playerId ?? `seat ${seat}`;
  const act = (seat: number, action: ActionSummary['action'], text: string, extra: Partial<ActionSummary> = {}) =>
    hand!.actions.push({ street: hand!.street, seat, playerId: idOf(seat), action, ...extra, text: `${idOf(seat)} ${text}` });

  // The seat whose shot clock just ran out: its fold or check that follows says so.
  let timedOut: number | null = null;
  const onTheClock = (seat: number) => (timedOut === seat ? ((timedOut = null), ' (the clock ran out)') : '');
  // As finally played: the actions a floor correction took back are left out.
  for (const e of withoutRetracted(events)) {
    switch (e.type) {
      case 'ClockExpired':
        timedOut = e.seat;
        break;
      case 'HandStarted':
        hand = {
          handNumber: e.handNumber,
          status: 'in-progress',
          button: e.button,
          // A bomb pot asks no blinds: HandStarted keeps the positions only so that the button moves on as usual.
          smallBlind: e.bombPot ? null : e.smallBlindSeat,
          bigBlind: e.bombPot ? null : e.bigBlindSeat,
          players: e.players.map((p) => ({ seat: p.seat, playerId: p.playerId, stack: p.stack, holeCards: '' })),
          actions: [],
          board: [],
          secondBoard: null,
          pots: [],
          stacks: Object.fromEntries(e.players.map((p) => [p.playerId, p.stack])),
          street: 'preflop',
          rakeByPot: [],
          notes: [],
        };
        hands.push(hand);
        break;
      case 'BlindPosted':
        act(e.seat, 'posts', `posts ${BLIND_NAMES[e.kind] ?? `a ${e.kind}`} ${e.amount}${e.live ? '' : ' (dead)'}${e.allIn ? ' and is all-in' : ''}`, {
          amount: e.amount,
          blind: e.kind,
          allIn: e.allIn,
        });
        break;
      case 'HoleCardsDealt':
        for (const h of e.hands) {
          const p = hand!.players.find((x) => x.seat === h.seat);
          if (p && h.cards !== null) p.holeCards = formatCards(h.cards, '');
        }
        break;
      case 'PlayerFolded':
        act(e.seat, 'folds', `folds${onTheClock(e.seat)}`);
        break;
      case 'PlayerChecked':
        act(e.seat, 'checks', `checks${onTheClock(e.seat)}`);
        break;
      case 'PlayerCalled':
        act(e.seat, 'calls', `calls ${e.amount}${e.allIn ? ' and is all-in' : ''}`, { amount: e.amount, allIn: e.allIn });
        break;
      case 'BetPlaced':
        act(e.seat, 'bets', `bets ${e.amount}${e.allIn ? ' and is all-in' : ''}`, { amount: e.amount, allIn: e.allIn });
        break;
      case 'RaisePlaced':
        act(e.seat, 'raises', `raises to ${e.to}${e.allIn ? ' and is all-in' : ''}`, { amount: e.to, allIn: e.allIn });
        break;
      case 'UncalledBetReturned':
        act(e.seat, 'returned', `takes back the uncalled ${e.amount}`, { amount: e.amount });
        break;
      case 'BoardDealt':
        hand!.street = e.street;
        hand!.board.push(...e.cards);
        break;
      case 'RunItTwiceAgreed':
        hand!.secondBoard = hand!.board.slice();
        break;
      case 'SecondBoardDealt':
        (hand!.secondBoard ??= hand!.board.slice()).push(...e.cards);
        break;
      case 'RunsAwarded':
        hand!.pots = hand!.pots.map((p) => {
          const runs = e.pots.find((r) => r.pot === p.pot)?.runs;
          return runs ? { ...p, runs: runs.map((r) => Object.fromEntries(r.winners.map((w) => [idOf(w.seat), w.amount]))) } : p;
        });
        break;
      case 'ShowdownStarted':
        hand!.street = 'showdown';
        break;
      case 'HandShown': {
        const category = e.cards.length === 2 && hand!.board.length === 5 ? handCategory(handValue(e.cards, hand!.board)) : undefined;
        const cards = formatCards(e.cards);
        act(e.seat, 'shows', `shows ${cards}${category ? ` (${category})` : ''}`, { cards: formatCards(e.cards, ''), ...(category ? { category } : {}) });
        break;
      }
      case 'HandMucked':
        act(e.seat, 'mucks', 'mucks');
        break;
      case 'RakeTaken':
        hand!.rakeByPot = e.byPot;
        break;
      case 'BlindsChopped':
        // A chop leaves no pot to award; the house's fee (if any) is its take for the hand.
        hand!.rakeByPot = e.fee > 0 ? [e.fee] : [];
        break;
      case 'PotAwarded': {
        const rake = hand!.rakeByPot[e.pot] ?? 0;
        hand!.pots.push({
          pot: e.pot,
          amount: e.amount + rake,
          ...(rake > 0 ? { rake } : {}),
          eligible: e.eligible.map(idOf),
          winners: Object.fromEntries(e.winners.map((w) => [idOf(w.seat), w.amount])),
        });
        break;
      }
      case 'HandEnded':
        hand!.status = 'complete';
        hand!.stacks = Object.fromEntries(e.stacks.map((s) => [idOf(s.seat), s.stack]));
        hand = null;
        break;
      case 'HandVoided':
        // Every chip put in comes back: the stacks are the ones the hand started with.
        hand!.status = 'voided';
        hand!.stacks = Object.fromEntries(hand!.players.map((p) => [p.playerId, p.stack]));
        hand = null;
        break;
      default:
        // A module's own event: the module's words for it, if it has any.
        if (hand !== null) for (const m of modules) {
          const note = m.describe?.(e, idOf);
          if (note) hand.notes.push(note);
        }
        break;
    }
  }

  // A hand the script stopped in the middle of: pots and stacks as they stand.
  if (hand !== null && state?.hand && state.hand.handNumber === hand.handNumber && state.hand.phase !== 'complete') {
    const live = state.hand;
    const derived = derivePots(live.players);
    // A player still in with chips behind may yet call up to any level, so they stay eligible for every pot.
    const canStillCall = new Set(live.players.filter((p) => !p.folded && !p.allIn).map((p) => p.seat));
    hand.pots = derived.map((p, i) => ({
      pot: i,
      amount: p.amount,
      eligible: live.players.filter((x) => p.eligible.includes(x.seat) || canStillCall.has(x.seat)).map((x) => idOf(x.seat)),
      winners: {},
    }));
    hand.stacks = Object.fromEntries(live.players.map((p) => [p.playerId, p.stack]));
  }

  return hands.map((h) => ({
    handNumber: h.handNumber,
    status: h.status,
    button: h.button,
    smallBlind: h.smallBlind,
    bigBlind: h.bigBlind,
    players: h.players,
    actions: h.actions,
    board: h.board.map((c) => formatCards([c])),
    ...(h.secondBoard ? { secondBoard: h.secondBoard.map((c) => formatCards([c])) } : {}),
    pots: [...h.pots].sort((a, b) => a.pot - b.pot),
    stacks: h.stacks,
    rake: h.rakeByPot.reduce((sum, n) => sum + n, 0),
    ...(h.notes.length > 0 ? { notes: h.notes } : {}),
  }));
}
