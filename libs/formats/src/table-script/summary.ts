import {
  DEFAULT_MODULES,
  derivePots,
  handCategory,
  handValue,
  parseCard,
  withoutRetracted,
  type AnyRuleModule,
  type Card,
  type ForcedBetKind,
  type Street,
  type TableEvent,
  type TableState,
} from '@felt/engine';
import { handSteps, tableHands, type HandAction, type HandRecord } from '@felt/projections';

/**
 * Hand summaries, rendered from the hand record (libs/projections hand-record.ts), plus the live state for a hand the
 * script stops in the middle of: who sat where, every action by street, the board, the pots and who won them, and the stacks afterwards.
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
  /** What the pot held, rake and drops included. */
  readonly amount: number;
  /** The house's rake from this pot, when any was taken. */
  readonly rake?: number;
  /** The drops for the house's funds (jackpot, promotion) from this pot, when any was taken. */
  readonly drop?: number;
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
};

/** A forced bet's words: the core's, its module's (`formats.forcedBets`), or "a <kind>". */
function blindNames(modules: readonly AnyRuleModule[]): (kind: string | null) => string {
  const names = new Map(
    modules.flatMap((m) => Object.entries(m.formats?.forcedBets ?? {}).flatMap(([kind, f]) => (f.name ? [[kind, f.name] as const] : []))),
  );
  return (kind) => BLIND_NAMES[kind ?? ''] ?? names.get(kind ?? '') ?? `a ${kind}`;
}

/**
 * The core's events the summary renders from the hand record; any other event of a hand is a module's to describe
 * (`describe`: a module whose events the hand record folds, running it twice, has nothing more to say of them).
 */
const RENDERED: ReadonlySet<string> = new Set([
  'HandStarted',
  'BlindPosted',
  'HoleCardsDealt',
  'PlayerFolded',
  'PlayerChecked',
  'PlayerCalled',
  'BetPlaced',
  'RaisePlaced',
  'UncalledBetReturned',
  'BoardDealt',
  'ShowdownStarted',
  'HandShown',
  'HandMucked',
  'PotAwarded',
  'HandEnded',
  'HandVoided',
]);

/** `modules`: the table's house options (its engine's), which name their forced bets and describe their events. */
export function summarizeHands(
  events: readonly TableEvent[],
  state?: TableState,
  modules: readonly AnyRuleModule[] = DEFAULT_MODULES,
): HandSummary[] {
  const records = tableHands(events, undefined, modules).map((h) => h.record);
  const notes = moduleNotes(events, records, modules);
  const blindName = blindNames(modules);
  return records.map((record, k) => summaryOf(record, notes.get(k) ?? [], blindName, state));
}

/** What house options' own events say, in their modules' words, per hand (by its place in `records`). */
function moduleNotes(
  events: readonly TableEvent[],
  records: readonly HandRecord[],
  modules: readonly AnyRuleModule[],
): Map<number, string[]> {
  const notes = new Map<number, string[]>();
  if (modules.length === 0) return notes;
  let k = -1;
  let open = false;
  for (const e of withoutRetracted(events)) {
    if (e.type === 'HandStarted') {
      k++;
      open = true;
    } else if (e.type === 'HandEnded' || e.type === 'HandVoided') open = false;
    else if (open && !RENDERED.has(e.type)) {
      const idOf = (seat: number) => records[k]?.players.find((p) => p.seat === seat)?.playerId ?? `seat ${seat}`;
      for (const m of modules) {
        const note = m.describe?.(e, idOf);
        if (note) notes.set(k, [...(notes.get(k) ?? []), note]);
      }
    }
  }
  return notes;
}

function summaryOf(
  record: HandRecord,
  notes: readonly string[],
  blindName: (kind: string | null) => string,
  state?: TableState,
): HandSummary {
  const idOf = (seat: number) => record.players.find((p) => p.seat === seat)?.playerId ?? `seat ${seat}`;
  const actions: ActionSummary[] = [];
  let street: ActionSummary['street'] = 'preflop';
  let boardCards = 0;
  let showdown = false;
  const act = (seat: number, action: ActionSummary['action'], text: string, extra: Partial<ActionSummary> = {}) =>
    actions.push({ street, seat, playerId: idOf(seat), action, ...extra, text: `${idOf(seat)} ${text}` });
  const allIn = (a: HandAction) => (a.allIn ? ' and is all-in' : '');
  for (const step of handSteps(record)) {
    if ('deal' in step) {
      if (step.deal.what !== 'hole' && step.deal.run === undefined) {
        street = step.deal.what;
        boardCards += record.board[step.deal.what].length;
      }
      continue;
    }
    const { action: a, index } = step;
    // The showdown begins once; a board dealt after it (an all-in hand tabled before the runout) is the street again.
    if (!showdown && record.showdownAt !== undefined && index >= record.showdownAt) {
      showdown = true;
      street = 'showdown';
    }
    // As finally played: the actions a floor correction took back are left out.
    if (a.retracted) continue;
    const clock = a.timedOut ? ' (the clock ran out)' : '';
    switch (a.action) {
      case 'post':
        act(a.seat, 'posts', `posts ${blindName(a.kind)} ${a.amount}${a.dead ? ' (dead)' : ''}${allIn(a)}`, {
          amount: a.amount!,
          blind: a.kind as ForcedBetKind,
          allIn: a.allIn,
        });
        break;
      case 'fold':
        act(a.seat, 'folds', `folds${clock}`);
        break;
      case 'check':
        act(a.seat, 'checks', `checks${clock}`);
        break;
      case 'call':
        act(a.seat, 'calls', `calls ${a.amount}${allIn(a)}`, { amount: a.amount!, allIn: a.allIn });
        break;
      case 'bet':
        act(a.seat, 'bets', `bets ${a.amount}${allIn(a)}`, { amount: a.amount!, allIn: a.allIn });
        break;
      case 'raise':
        act(a.seat, 'raises', `raises to ${a.to}${allIn(a)}`, { amount: a.to!, allIn: a.allIn });
        break;
      case 'uncalled-returned':
        act(a.seat, 'returned', `takes back the uncalled ${a.amount}`, { amount: a.amount! });
        break;
      case 'show': {
        const cards = record.players.find((p) => p.seat === a.seat)?.holeCards ?? [];
        const board = [...record.board.flop, ...record.board.turn, ...record.board.river];
        const category =
          cards.length === 2 && boardCards === 5
            ? handCategory(handValue(cards.map(parseCard) as Card[], board.map(parseCard) as Card[]))
            : undefined;
        act(a.seat, 'shows', `shows ${cards.join(' ')}${category ? ` (${category})` : ''}`, {
          cards: cards.join(''),
          ...(category ? { category } : {}),
        });
        break;
      }
      case 'muck':
        act(a.seat, 'mucks', 'mucks');
        break;
    }
  }
  const second = record.secondBoard;
  const summary = {
    handNumber: record.handNumber,
    status: record.status,
    button: record.button,
    // A bomb pot asks no blinds: HandStarted keeps the positions only so that the button moves on as usual.
    smallBlind: record.bombPot ? null : record.smallBlindSeat,
    bigBlind: record.bombPot ? null : record.bigBlindSeat,
    players: record.players.map((p) => ({
      seat: p.seat,
      playerId: p.playerId,
      stack: p.startingStack,
      holeCards: p.unknownUntilShown ? '' : p.holeCards.join(''),
    })),
    actions,
    board: [...record.board.flop, ...record.board.turn, ...record.board.river],
    ...(second ? { secondBoard: [...second.flop, ...second.turn, ...second.river] } : {}),
    pots: [...record.pots]
      .sort((a, b) => a.pot - b.pot)
      .map((p) => ({
        pot: p.pot,
        amount: p.amount + (p.rake ?? 0) + (p.drop ?? 0),
        ...(p.rake ? { rake: p.rake } : {}),
        ...(p.drop ? { drop: p.drop } : {}),
        eligible: p.eligible.map(idOf),
        winners: Object.fromEntries(p.winners.map((w) => [idOf(w.seat), w.amount])),
        ...(p.runs ? { runs: p.runs.map((r) => Object.fromEntries(r.winners.map((w) => [idOf(w.seat), w.amount]))) } : {}),
      })) as PotSummary[],
    // As HandEnded lists them, by seat; a voided hand gives every chip back, in dealing order (the record's final stacks).
    stacks: Object.fromEntries(
      (record.status === 'complete' ? [...record.players].sort((a, b) => a.seat - b.seat) : record.players).map((p) => [
        p.playerId,
        p.finalStack ?? p.startingStack,
      ]),
    ),
    rake: record.rake,
    ...(notes.length > 0 ? { notes } : {}),
  };
  return record.status === 'in-progress' ? inProgress(summary, state) : summary;
}

/** A hand the script stopped in the middle of: pots and stacks as they stand. */
function inProgress(summary: HandSummary, state?: TableState): HandSummary {
  const live = state?.hand;
  if (!live || live.handNumber !== summary.handNumber || live.phase === 'complete') return summary;
  const idOf = (seat: number) => summary.players.find((p) => p.seat === seat)?.playerId ?? `seat ${seat}`;
  // A player still in with chips behind may yet call up to any level, so they stay eligible for every pot.
  const canStillCall = new Set(live.players.filter((p) => !p.folded && !p.allIn).map((p) => p.seat));
  return {
    ...summary,
    pots: derivePots(live.players).map((p, i) => ({
      pot: i,
      amount: p.amount,
      eligible: live.players.filter((x) => p.eligible.includes(x.seat) || canStillCall.has(x.seat)).map((x) => idOf(x.seat)),
      winners: {},
    })),
    stacks: Object.fromEntries(live.players.map((p) => [p.playerId, p.stack])),
  };
}
