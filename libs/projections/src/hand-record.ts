import {
  DEFAULT_RECORD_PARTS,
  formatCard,
  shuffleMethod,
  type DeckSourceRule,
  type RecordParts,
  type RecordChange,
  type ShuffleMethod,
  type Street,
  type TableEvent,
} from '@felt/engine';
import type { DropTaken } from './house-drops';
import { moduleFold } from './module-fold';

/**
 * One hand's record, folded from its events: the one fold of a hand that the hand history (hand-history.ts), the
 * PHH and OHH exports and the table-script summary (libs/formats) render. It keeps what the log says and nothing
 * a notation needs alone: seats and stacks at the start, every forced bet and action by street (the ones a floor
 * correction took back stay, marked), where each deal fell among them, the boards (both runs of a board run twice),
 * the pots with their winners, rake and runs, the cards shown, the deck source and how the hand ended. It folds from
 * its own public form (the hand-history read model keeps it without the face-down cards), so every field is data.
 * A house option's events change these generic fields as its module says (`formats.record` and `formats.deals`):
 * the fold names none of them.
 */

/** One thing a player did (or was made to do) in a hand, in the order it happened. */
export interface HandAction {
  readonly street: Street;
  readonly seat: number;
  readonly playerId: string;
  readonly action:
    | 'post'
    | 'fold'
    | 'check'
    | 'call'
    | 'bet'
    | 'raise'
    | 'uncalled-returned'
    | 'chop-returned'
    | 'show'
    | 'muck'
    | 'correction'
    | PostToTotal;
  /** Chips put in (post, call, bet), returned (uncalled, chop), or null. A post to a live total: that total. */
  readonly amount: number | null;
  /** A raise: the player's total for the street. */
  readonly to: number | null;
  readonly allIn: boolean;
  /** A forced bet's kind (small-blind, big-blind, ante, straddle, ...). */
  readonly kind: string | null;
  readonly at: string;
  /** A forced bet that is dead money (it counts toward no call). */
  readonly dead?: true;
  /** A fold or check the shot clock made (the player's time ran out). */
  readonly timedOut?: true;
  /** A betting action the floor took back (a later 'correction' says why); it stays in the history, marked. */
  readonly retracted?: true;
  /** A correction: the floor's reason (the seat is the first retracted action's). */
  readonly reason?: string;
  /** A correction: the actions it took back, by event type and seat. */
  readonly took?: readonly { readonly type: string; readonly seat: number }[];
}

/**
 * A module's post to a live total (a kill pot: RecordChange 'post-to-total'), recorded as an action named by its
 * forced-bet kind, so stored hand histories keep the name they were written with (postsToTotal tells it).
 */
export type PostToTotal = string & {};

/** Where a deal fell among the actions: `at` actions came before it. Hole cards, or a street's board (run 2 of a board run twice). */
export interface HandDeal {
  readonly at: number;
  readonly what: 'hole' | keyof HandBoard;
  readonly run?: 2;
}

export interface HandPlayerRecord {
  readonly seat: number;
  readonly playerId: string;
  readonly startingStack: number;
  /** Dealt (or, on live tables, reported or shown) cards, empty while unknown: only some audiences may see them (handRecordFor). */
  readonly holeCards: readonly string[];
  readonly shown: boolean;
  readonly finalStack: number | null;
  /**
   * Live cards: the log held none of this player's cards until they were shown, so the exports write the deal
   * without them. Only the full fold knows it (handRecordFor leaves it out: the read model's fold sees no cards).
   */
  readonly unknownUntilShown?: true;
}

export interface HandPot {
  readonly pot: number;
  /** What the winners received (after the rake). */
  readonly amount: number;
  readonly eligible: readonly number[];
  readonly winners: readonly { readonly seat: number; readonly amount: number }[];
  /** The house's rake from this pot, where it took any. */
  readonly rake?: number;
  /** The drops for the house's funds (jackpot, promotion) from this pot, where any was taken: not rake. */
  readonly drop?: number;
  readonly runs?: readonly {
    readonly run: number;
    readonly amount: number;
    readonly winners: readonly { readonly seat: number; readonly amount: number }[];
  }[];
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
  /** In dealing order (first left of the button). */
  readonly players: readonly HandPlayerRecord[];
  readonly actions: readonly HandAction[];
  /** The deals in order, each placed among the actions (records folded before deals were kept have none). */
  readonly deals?: readonly HandDeal[];
  /** How many actions came before the showdown began, once it has. */
  readonly showdownAt?: number;
  readonly board: HandBoard;
  /** The board of the second run when the players ran it twice: the cards both runs share, then the second run's. Absent otherwise. */
  readonly secondBoard?: HandBoard;
  /** A bomb pot: the ante each player put in (no blinds, no preflop betting). Absent otherwise. */
  readonly bombPot?: { readonly ante: number };
  /** Each pot's winners; `runs` (a hand run twice) what each run paid of it. */
  readonly pots: readonly HandPot[];
  /** Rake and chop fees: every chip the house took from this hand. */
  readonly rake: number;
  /** Chopped blinds: the house's fee (part of `rake`). */
  readonly chopFee?: number;
  /** The drops to the house's funds (DropTaken: jackpot, promotion), apart from `rake`; absent when none was taken. */
  readonly drops?: readonly { readonly fundId: string; readonly amount: number }[];
  readonly voidReason: string | null;
  readonly startedAt: string;
  readonly endedAt: string | null;
  /** The table stream's versions of the first and last event of the hand: where a replay finds it. */
  readonly fromVersion: number;
  readonly toVersion: number;
  /** Working state while the hand is played: the seat whose shot clock just ran out, until its fold or check. */
  readonly timingOut?: number;
  /** Working state: the rake per pot (a module's house take by pot), until the pots are awarded. */
  readonly rakeByPot?: readonly number[];
  /** Working state: every fund's drop per pot (DropTaken), until the pots are awarded. */
  readonly dropByPot?: readonly number[];
}

export interface HandBoard {
  readonly flop: readonly string[];
  readonly turn: readonly string[];
  readonly river: readonly string[];
}

/** Where an event sits in its stream: a recorded event's version and time (exports of bare events number them). */
export interface HandEventMeta {
  readonly version: number;
  readonly at: string;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

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

/** A hand's record from its HandStarted. */
export function startHandRecord(tableId: string, e: Extract<TableEvent, { type: 'HandStarted' }>, meta: HandEventMeta): HandRecord {
  const record: HandRecord = {
    tableId,
    handNumber: e.handNumber,
    status: 'in-progress',
    button: e.button,
    smallBlindSeat: e.smallBlindSeat,
    bigBlindSeat: e.bigBlindSeat,
    kill: e.kill,
    // Old logs' HandStarted held the seed: shuffleMethod leaves it out.
    shuffle: shuffleMethod(e.shuffle),
    players: e.players.map((p) => ({
      seat: p.seat,
      playerId: p.playerId,
      startingStack: p.stack,
      holeCards: [],
      shown: false,
      finalStack: null,
    })),
    actions: [],
    deals: [],
    board: { flop: [], turn: [], river: [] },
    pots: [],
    rake: 0,
    voidReason: null,
    startedAt: meta.at,
    endedAt: null,
    fromVersion: meta.version,
    toVersion: meta.version,
  };
  // Set only where HandStarted says so (a deck source, a bomb pot), so every other hand's record reads as it always did.
  const labelled = e.deckSource === undefined ? record : { ...record, deckSource: e.deckSource };
  return e.bombPot ? { ...labelled, bombPot: { ante: e.bombPot.ante } } : labelled;
}

function street(hand: HandRecord): Street {
  return hand.board.river.length > 0 ? 'river' : hand.board.turn.length > 0 ? 'turn' : hand.board.flop.length > 0 ? 'flop' : 'preflop';
}

/**
 * The record after one more event of its hand; the same object when the event is not the hand's business
 * (seating, sit-outs, the table's clock). The caller's record is never changed (a rebuild folds a million).
 */
export function evolveHandRecord(
  hand: HandRecord,
  e: TableEvent | DropTaken,
  meta: HandEventMeta,
  modules: readonly RecordParts[] = DEFAULT_RECORD_PARTS,
): HandRecord {
  const at = meta.at;
  const h: Mutable<HandRecord> = { ...hand, toVersion: meta.version };
  const act = (seat: number, action: HandAction['action'], more: Partial<HandAction> = {}): HandRecord => {
    h.actions = withAction(h, seat, action, at, more);
    return h;
  };
  // A fold or check the clock made (a module's 'timed-out') says so; the mark lasts only until that action.
  const clockAct = (seat: number, action: 'fold' | 'check'): HandRecord => {
    const timedOut = h.timingOut === seat;
    delete h.timingOut;
    return act(seat, action, timedOut ? { timedOut: true } : {});
  };
  const player = (seat: number, change: Partial<HandPlayerRecord>): HandRecord => ({
    ...h,
    players: h.players.map((p) => (p.seat === seat ? { ...p, ...change } : p)),
  });
  switch (e.type) {
    case 'BlindPosted':
      return act(e.seat, 'post', { amount: e.amount, allIn: e.allIn, kind: e.kind, ...(e.live ? {} : { dead: true }) });
    case 'HoleCardsDealt': {
      // Unknown cards (live tables) stay an empty list until a reader reports them or the hand is shown.
      const cards = new Map(e.hands.map((x) => [x.seat, (x.cards ?? []).map(formatCard)]));
      return { ...h, deals: withDeal(h, 'hole'), players: h.players.map((p) => ({ ...p, holeCards: cards.get(p.seat) ?? p.holeCards })) };
    }
    case 'PlayerFolded':
      return clockAct(e.seat, 'fold');
    case 'PlayerChecked':
      return clockAct(e.seat, 'check');
    case 'PlayerCalled':
      return act(e.seat, 'call', { amount: e.amount, allIn: e.allIn });
    case 'BetPlaced':
      return act(e.seat, 'bet', { amount: e.amount, allIn: e.allIn });
    case 'RaisePlaced':
      return act(e.seat, 'raise', { to: e.to, allIn: e.allIn });
    case 'UncalledBetReturned':
      return act(e.seat, 'uncalled-returned', { amount: e.amount });
    case 'BoardDealt':
      return { ...h, deals: withDeal(h, e.street as keyof HandBoard), board: { ...h.board, [e.street]: e.cards.map(formatCard) } };
    case 'ShowdownStarted':
      return { ...hand, showdownAt: hand.actions.length };
    case 'HandShown':
      // The cards come from the showing itself: a record kept without the face-down cards (the read model's) still has them.
      return {
        ...act(e.seat, 'show'),
        players: player(e.seat, {
          shown: true,
          holeCards: e.cards.map(formatCard),
          ...(h.players.find((p) => p.seat === e.seat)?.holeCards.length ? {} : { unknownUntilShown: true }),
        }).players,
      };
    case 'HoleCardsReported':
      // Secret like dealt cards: handRecordFor hides them from the audiences that may not see hole cards, and an
      // audience's feed (eventDataFor) carries them as null: unknown to it, as dealt cards are.
      return e.cards ? player(e.seat, { holeCards: e.cards.map(formatCard) }) : h;
    case 'HandMucked':
      return act(e.seat, 'muck');
    case 'ActionCorrected':
      h.actions = withRetracted(h.actions, e.action);
      return act(e.retracted[0]?.seat ?? 0, 'correction', {
        reason: e.reason,
        took: e.retracted.map((a) => ({ type: a.type, seat: a.seat })),
      });
    // A house module's drop (libs/accounting/house-rules) comes after the rake, before the awards, as the rake does.
    case 'DropTaken':
      return {
        ...h,
        drops: [...(h.drops ?? []), { fundId: e.fundId, amount: e.amount }],
        dropByPot: e.byPot.map((d, i) => d + (h.dropByPot?.[i] ?? 0)).concat(h.dropByPot?.slice(e.byPot.length) ?? []),
      };
    case 'PotAwarded': {
      const rake = h.rakeByPot?.[e.pot] ?? 0;
      const drop = h.dropByPot?.[e.pot] ?? 0;
      const pot = { pot: e.pot, amount: e.amount, eligible: e.eligible, winners: e.winners };
      return { ...h, pots: [...h.pots, { ...pot, ...(rake > 0 ? { rake } : {}), ...(drop > 0 ? { drop } : {}) }] };
    }
    case 'HandEnded': {
      const stacks = new Map(e.stacks.map((s) => [s.seat, s.stack]));
      return ended({
        ...h,
        status: 'complete',
        endedAt: at,
        players: h.players.map((p) => ({ ...p, finalStack: stacks.get(p.seat) ?? null })),
      });
    }
    case 'HandVoided':
      // Everyone gets back what they put in: the stacks are the starting ones.
      return ended({
        ...h,
        status: 'voided',
        voidReason: e.reason,
        endedAt: at,
        players: h.players.map((p) => ({ ...p, finalStack: p.startingStack })),
      });
    default:
      return byModule(hand, h, e, at, modules);
  }
}

/**
 * A module's event as its module says it changes the record (`h`: the record moved on to it). Any other event
 * (seating, sit-outs, the table's clock, a module's event its module keeps out of the record) leaves `hand` as it was.
 */
function byModule(hand: HandRecord, h: HandRecord, e: TableEvent, at: string, modules: readonly RecordParts[]): HandRecord {
  const fold = moduleFold(modules);
  const deal = fold.deals.get(e.type)?.(e);
  if (deal) {
    // A second run's street: the second board is the cards both runs share, then the second run's.
    const cards = deal.cards.map(formatCard);
    return { ...h, deals: withDeal(h, deal.street, deal.run), secondBoard: { ...(h.secondBoard ?? h.board), [deal.street]: cards } };
  }
  const changes = fold.record.get(e.type)?.(e);
  return changes ? changes.reduce((next, c) => changed(next, c, at), h) : hand;
}

/** One of a module's changes (RecordChange) made to the record. */
function changed(h: HandRecord, c: RecordChange, at: string): HandRecord {
  switch (c.change) {
    case 'post-to-total':
      return { ...h, actions: withAction(h, c.seat, c.kind, at, { amount: c.total, kind: c.kind }) };
    case 'returned':
      return { ...h, actions: withAction(h, c.seat, 'chop-returned', at, { amount: c.amount }) };
    case 'house-take':
      // A pot's share of the rake waits on the pot's award (PotAwarded), which comes after.
      return { ...h, rake: h.rake + c.amount, ...(c.fee ? { chopFee: c.amount } : {}), ...(c.byPot ? { rakeByPot: c.byPot } : {}) };
    case 'timed-out':
      return { ...h, timingOut: c.seat };
    case 'second-run':
      return { ...h, secondBoard: { ...h.board } };
    case 'runs': {
      const runs = new Map(c.pots.map((p) => [p.pot, p.runs]));
      return { ...h, pots: h.pots.map((p) => (runs.has(p.pot) ? { ...p, runs: runs.get(p.pot) } : p)) };
    }
  }
}

/** The record's actions with one more, on the street the board is at. */
function withAction(h: HandRecord, seat: number, action: HandAction['action'], at: string, more: Partial<HandAction>): HandAction[] {
  const playerId = h.players.find((p) => p.seat === seat)?.playerId ?? '';
  return [...h.actions, { street: street(h), seat, playerId, action, amount: null, to: null, allIn: false, kind: null, at, ...more }];
}

/** The record's deals with one more, placed after the actions so far. */
function withDeal(h: HandRecord, what: HandDeal['what'], run?: 2): HandDeal[] {
  return [...(h.deals ?? []), { at: h.actions.length, what, ...(run ? { run } : {}) }];
}

/** Whether an action is a module's post to a live total (PostToTotal): named by its forced-bet kind. */
export function postsToTotal(a: HandAction): boolean {
  return a.kind !== null && a.action === a.kind;
}

/** A finished hand keeps no working state. */
function ended(hand: HandRecord): HandRecord {
  const { timingOut: _t, rakeByPot: _r, dropByPot: _d, ...rest } = hand;
  return rest;
}
