import { formatCard, shuffleMethod, type DeckSourceRule, type ShuffleMethod, type Street, type TableEvent } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import type { Projection } from './projection';
import { tableEventOf, tableIdOfStream } from './table-event';
import { type Audience, maySeeDeck, maySeeHoleCards, shuffleWithoutSeed } from './audience';

/** One thing a player did (or was made to do) in a hand, in the order it happened. */
export interface HandAction {
  readonly street: Street;
  readonly seat: number;
  readonly playerId: string;
  readonly action: 'post' | 'kill-pot' | 'fold' | 'check' | 'call' | 'bet' | 'raise' | 'uncalled-returned' | 'chop-returned' | 'show' | 'muck' | 'correction';
  /** Chips put in (post, call, bet), returned (uncalled, chop), or null. */
  readonly amount: number | null;
  /** A raise: the player's total for the street. */
  readonly to: number | null;
  readonly allIn: boolean;
  /** A forced bet's kind (small-blind, big-blind, ante, straddle, ...). */
  readonly kind: string | null;
  readonly at: string;
  /** A betting action the floor took back (a later 'correction' says why); it stays in the history, marked. */
  readonly retracted?: true;
  /** A correction: the floor's reason (the seat is the first retracted action's). */
  readonly reason?: string;
}

const BETTING: ReadonlySet<HandAction['action']> = new Set(['fold', 'check', 'call', 'bet', 'raise']);

/** The hand's actions after ActionCorrected: its `action`-th standing betting action and those after it marked retracted. */
function withRetracted(actions: readonly HandAction[], action: number): HandAction[] {
  let standing = 0;
  return actions.map((a) => {
    if (!BETTING.has(a.action) || a.retracted) return a;
    standing++;
    return standing >= action ? { ...a, retracted: true } : a;
  });
}

export interface HandPlayerRecord {
  readonly seat: number;
  readonly playerId: string;
  readonly startingStack: number;
  /** Dealt (or, on live tables, reported or shown) cards, empty while unknown: only some audiences may see them (handRecordFor). */
  readonly holeCards: readonly string[];
  readonly shown: boolean;
  readonly finalStack: number | null;
}

export interface HandRecord {
  readonly tableId: string;
  readonly handNumber: number;
  readonly status: 'in-progress' | 'complete' | 'voided';
  readonly button: number;
  readonly smallBlindSeat: number | null;
  readonly bigBlindSeat: number;
  /** A triggered kill: the killer's seat and the limits as a percentage of the table's. */
  readonly kill: { readonly seat: number; readonly limitPercent: number } | null;
  /** How the deck was made, never its seed (DeckRevealed holds that, for regulators). */
  readonly shuffle: ShuffleMethod;
  /** The table's deck source rule, where its rules record one: `training` marks a hand whose deck anyone could choose. */
  readonly deckSource?: DeckSourceRule;
  readonly players: readonly HandPlayerRecord[];
  readonly actions: readonly HandAction[];
  readonly board: HandBoard;
  /** The board of the second run when the players ran it twice: the cards both runs share, then the second run's. Absent otherwise. */
  readonly secondBoard?: HandBoard;
  /** A bomb pot: the ante each player put in (no blinds, no preflop betting). Absent otherwise. */
  readonly bombPot?: { readonly ante: number };
  /** Each pot's winners; `runs` (a hand run twice) what each run paid of it. */
  readonly pots: readonly {
    readonly pot: number;
    readonly amount: number;
    readonly eligible: readonly number[];
    readonly winners: readonly { readonly seat: number; readonly amount: number }[];
    readonly runs?: readonly { readonly run: number; readonly amount: number; readonly winners: readonly { readonly seat: number; readonly amount: number }[] }[];
  }[];
  /** Rake and chop fees: every chip the house took from this hand. */
  readonly rake: number;
  readonly voidReason: string | null;
  readonly startedAt: string;
  readonly endedAt: string | null;
  /** The table stream's versions of the first and last event of the hand: where a replay finds it. */
  readonly fromVersion: number;
  readonly toVersion: number;
}

export interface HandBoard {
  readonly flop: readonly string[];
  readonly turn: readonly string[];
  readonly river: readonly string[];
}

/** Completed hands per table, oldest first, and the hand in progress on each. */
export interface HandHistory {
  readonly hands: Readonly<Record<string, readonly HandRecord[]>>;
  readonly inProgress: Readonly<Record<string, HandRecord>>;
}

export const handHistory: Projection<HandHistory> = {
  name: 'hand-history',
  initial: { hands: {}, inProgress: {} },
  evolve(view, recorded) {
    const event = tableEventOf(recorded);
    if (event === null) return view;
    const tableId = tableIdOfStream(recorded.streamId);
    const current = view.inProgress[tableId];
    if (event.type === 'HandStarted') return withCurrent(view, tableId, started(tableId, event, recorded));
    if (!current) return view;
    const next = handAfter(current, event, recorded);
    if (next.status === 'in-progress') return next === current ? view : withCurrent(view, tableId, next);
    const { [tableId]: _done, ...inProgress } = view.inProgress;
    return { hands: { ...view.hands, [tableId]: [...(view.hands[tableId] ?? []), next] }, inProgress };
  },
};

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

function withCurrent(view: HandHistory, tableId: string, hand: HandRecord): HandHistory {
  return { hands: view.hands, inProgress: { ...view.inProgress, [tableId]: hand } };
}

function started(tableId: string, e: Extract<TableEvent, { type: 'HandStarted' }>, recorded: RecordedEvent): HandRecord {
  const record = startedRecord(tableId, e, recorded);
  // Set only where HandStarted says so (a deck source, a bomb pot), so every other hand's record reads as it always did.
  const labelled = e.deckSource === undefined ? record : { ...record, deckSource: e.deckSource };
  return e.bombPot ? { ...labelled, bombPot: { ante: e.bombPot.ante } } : labelled;
}

function startedRecord(tableId: string, e: Extract<TableEvent, { type: 'HandStarted' }>, recorded: RecordedEvent): HandRecord {
  return {
    tableId,
    handNumber: e.handNumber,
    status: 'in-progress',
    button: e.button,
    smallBlindSeat: e.smallBlindSeat,
    bigBlindSeat: e.bigBlindSeat,
    kill: e.kill,
    // Old logs' HandStarted held the seed: shuffleMethod leaves it out.
    shuffle: shuffleMethod(e.shuffle),
    players: e.players.map((p) => ({ seat: p.seat, playerId: p.playerId, startingStack: p.stack, holeCards: [], shown: false, finalStack: null })),
    actions: [],
    board: { flop: [], turn: [], river: [] },
    pots: [],
    rake: 0,
    voidReason: null,
    startedAt: recorded.recordedAt,
    endedAt: null,
    fromVersion: recorded.streamVersion,
    toVersion: recorded.streamVersion,
  };
}

function street(hand: HandRecord): Street {
  return hand.board.river.length > 0 ? 'river' : hand.board.turn.length > 0 ? 'turn' : hand.board.flop.length > 0 ? 'flop' : 'preflop';
}

function handAfter(hand: HandRecord, e: TableEvent, recorded: RecordedEvent): HandRecord {
  const at = recorded.recordedAt;
  // One fresh copy per event, then filled in: the caller's record is never changed (a rebuild folds a million).
  const h: Mutable<HandRecord> = { ...hand, toVersion: recorded.streamVersion };
  const act = (seat: number, action: HandAction['action'], more: Partial<HandAction> = {}): HandRecord => {
    const playerId = h.players.find((p) => p.seat === seat)?.playerId ?? '';
    h.actions = [...h.actions, { street: street(h), seat, playerId, action, amount: null, to: null, allIn: false, kind: null, at, ...more }];
    return h;
  };
  const player = (seat: number, change: Partial<HandPlayerRecord>): HandRecord => ({
    ...h,
    players: h.players.map((p) => (p.seat === seat ? { ...p, ...change } : p)),
  });
  switch (e.type) {
    case 'BlindPosted':
      return act(e.seat, 'post', { amount: e.amount, allIn: e.allIn, kind: e.kind });
    case 'KillPotPosted':
      return act(e.seat, 'kill-pot', { amount: e.amount, kind: 'kill-pot' });
    case 'HoleCardsDealt': {
      // Unknown cards (live tables) stay an empty list until a reader reports them or the hand is shown.
      const cards = new Map(e.hands.map((x) => [x.seat, (x.cards ?? []).map(formatCard)]));
      return { ...h, players: h.players.map((p) => ({ ...p, holeCards: cards.get(p.seat) ?? p.holeCards })) };
    }
    case 'PlayerFolded':
      return act(e.seat, 'fold');
    case 'PlayerChecked':
      return act(e.seat, 'check');
    case 'PlayerCalled':
      return act(e.seat, 'call', { amount: e.amount, allIn: e.allIn });
    case 'BetPlaced':
      return act(e.seat, 'bet', { amount: e.amount, allIn: e.allIn });
    case 'RaisePlaced':
      return act(e.seat, 'raise', { to: e.to, allIn: e.allIn });
    case 'UncalledBetReturned':
      return act(e.seat, 'uncalled-returned', { amount: e.amount });
    case 'BlindsChopped': {
      let next: HandRecord = { ...h, rake: h.rake + e.fee };
      for (const r of e.returned) next = { ...next, actions: [...next.actions, { street: 'preflop', seat: r.seat, playerId: next.players.find((p) => p.seat === r.seat)?.playerId ?? '', action: 'chop-returned', amount: r.amount, to: null, allIn: false, kind: null, at }] };
      return next;
    }
    case 'BoardDealt':
      return { ...h, board: { ...h.board, [e.street]: e.cards.map(formatCard) } };
    // Running it twice: the second run starts from the cards on the board when the players agreed.
    case 'RunItTwiceAgreed':
      return { ...h, secondBoard: { ...h.board } };
    case 'SecondBoardDealt':
      return { ...h, secondBoard: { ...(h.secondBoard ?? h.board), [e.street]: e.cards.map(formatCard) } };
    case 'HandShown':
      // The cards come from the showing itself: a record kept without the face-down cards (the read model's) still has them.
      return { ...act(e.seat, 'show'), players: player(e.seat, { shown: true, holeCards: e.cards.map(formatCard) }).players };
    case 'HoleCardsReported':
      // Secret like dealt cards: handRecordFor hides them from the audiences that may not see hole cards.
      return player(e.seat, { holeCards: e.cards.map(formatCard) });
    case 'HandMucked':
      return act(e.seat, 'muck');
    case 'ActionCorrected':
      h.actions = withRetracted(h.actions, e.action);
      return act(e.retracted[0]?.seat ?? 0, 'correction', { reason: e.reason });
    case 'RakeTaken':
      return { ...h, rake: h.rake + e.amount };
    case 'PotAwarded':
      return { ...h, pots: [...h.pots, { pot: e.pot, amount: e.amount, eligible: e.eligible, winners: e.winners }] };
    case 'RunsAwarded': {
      const runs = new Map(e.pots.map((p) => [p.pot, p.runs]));
      return { ...h, pots: h.pots.map((p) => (runs.has(p.pot) ? { ...p, runs: runs.get(p.pot) } : p)) };
    }
    case 'HandEnded': {
      const stacks = new Map(e.stacks.map((s) => [s.seat, s.stack]));
      return { ...h, status: 'complete', endedAt: at, players: h.players.map((p) => ({ ...p, finalStack: stacks.get(p.seat) ?? null })) };
    }
    case 'HandVoided': {
      // Everyone gets back what they put in: the stacks are the starting ones.
      return { ...h, status: 'voided', voidReason: e.reason, endedAt: at, players: h.players.map((p) => ({ ...p, finalStack: p.startingStack })) };
    }
    default:
      // Seating, sit-outs and showdown order are the table's business, not the hand's.
      return hand;
  }
}

/**
 * The last `count` completed hands of a table, the newest first: regulators ask for the last game and the nine
 * before it.
 */
export function recallHands(view: HandHistory, tableId: string, count = 10): readonly HandRecord[] {
  const hands = view.hands[tableId] ?? [];
  return hands.slice(Math.max(0, hands.length - count)).reverse();
}

/**
 * A hand as one audience may see it (audience.ts has the rule): hole cards (mucked ones too) only where that
 * audience may see them, and the seed of old logs' shuffles only once the hand is over, to the floor and regulators.
 */
export function handRecordFor(record: HandRecord, audience: Audience): HandRecord {
  const handOver = record.status !== 'in-progress';
  const players = record.players.map((p) => (maySeeHoleCards(audience, { playerId: p.playerId, shown: p.shown, handOver }) ? p : { ...p, holeCards: [] }));
  return { ...record, shuffle: maySeeDeck(audience, handOver) ? record.shuffle : shuffleWithoutSeed(record.shuffle), players };
}

/** The hand history as a read model stores it: every record as the public may see it (docs/security.md). */
export function publicHandHistory(history: HandHistory): HandHistory {
  const hands: Record<string, readonly HandRecord[]> = {};
  for (const [tableId, records] of Object.entries(history.hands)) hands[tableId] = records.map((r) => handRecordFor(r, 'public'));
  const inProgress: Record<string, HandRecord> = {};
  for (const [tableId, record] of Object.entries(history.inProgress)) inProgress[tableId] = handRecordFor(record, 'public');
  return { hands, inProgress };
}
