import { DEFAULT_MODULES, type AnyRuleModule, type DeckSourceRule, type Street, type TableEvent, type TableRules } from '@felt/engine';
import {
  forcedBetFormats,
  handNotes,
  handSteps,
  houseRuleNotes,
  postsToTotal,
  replaysDifferently,
  tableHands,
  type HandNote,
  type HandPot,
  type HandRecord,
} from '@felt/projections';

/**
 * Open Hand History (OHH, the JSON standard of the Poker Tool Developers' group) for analysts: one object
 * `{ "ohh": {...} }` per hand, from the table's events. Players get ids 0.. in dealing order (first left of the
 * button), with their seat numbers; rounds are Preflop, Flop, Turn, River and Showdown; pots carry their winners
 * and the house's rake. Amounts are the table's chips. Each action's `amount` is the chips that action put in
 * (a raise's total for the street is also given as `raise_to`, a Felt extension), so the amounts of a player's
 * actions add up to what they put in the pot. Action names are only the specification's; an uncalled bet's return
 * is the `uncalled_returned` extension on that bet.
 */
export const OHH_SPEC_VERSION = '1.4.7';

export interface OhhAction {
  action_number: number;
  player_id: number;
  action: string;
  amount: number;
  is_allin: boolean;
  cards?: string[];
  raise_to?: number;
  /** Felt extension: chips of this bet that nobody called and that went back to the player. */
  uncalled_returned?: number;
}

export interface OhhRound {
  id: number;
  street: 'Preflop' | 'Flop' | 'Turn' | 'River' | 'Showdown';
  cards?: string[];
  actions: OhhAction[];
  /** Felt extension: 2 for the rounds of a board's second run (running it twice; the hand carries the Run_It_Twice flag). */
  felt_run?: number;
}

export interface OhhPot {
  number: number;
  amount: number;
  rake: number;
  jackpot: number;
  player_wins: { player_id: number; win_amount: number; contributed_rake: number }[];
}

export interface OhhHand {
  ohh: {
    spec_version: string;
    site_name: string;
    network_name: string;
    internal_version: string;
    tournament: boolean;
    game_number: string;
    start_date_utc?: string;
    table_name: string;
    game_type: 'Holdem';
    bet_limit: { bet_type: 'NL' | 'PL' | 'FL'; bet_cap: number };
    table_size: number;
    currency: string;
    dealer_seat: number;
    small_blind_amount: number;
    big_blind_amount: number;
    ante_amount: number;
    flags: string[];
    players: { id: number; seat: number; name: string; display: string; starting_stack: number; cards?: string[] }[];
    rounds: OhhRound[];
    pots: OhhPot[];
    /** Felt extension: the table's deck source rule, where the hand's HandStarted names one (`training`: anyone could choose the deck). */
    felt_deck_source?: DeckSourceRule;
    /** Felt extension: where another engine would replay the hand differently (libs/projections hand-notes.ts), as kind and sentence. */
    felt_notes?: { kind: string; text: string }[];
  };
}

export interface OhhExportOptions {
  /** Picks hands by number (default: all). */
  readonly include?: (handNumber: number) => boolean;
  /** When each hand started (ISO 8601), by hand number: the HandStarted event's recordedAt. */
  readonly startedAt?: ReadonlyMap<number, string>;
  readonly siteName?: string;
  readonly currency?: string;
  /**
   * The table's house options (its engine's; default the engine's default modules): their forced bets' OHH actions
   * and notes (`formats`), and their exportNotes hooks, add to the actions and `felt_notes`.
   */
  readonly modules?: readonly AnyRuleModule[];
}

const STREETS: Record<Street, OhhRound['street']> = { preflop: 'Preflop', flop: 'Flop', turn: 'Turn', river: 'River' };
const POSTS: Record<string, string> = {
  'small-blind': 'Post SB',
  'big-blind': 'Post BB',
  ante: 'Post Ante',
};

/** What the modules say for OHH: their forced bets' action names, and the note kinds OHH keeps. */
interface ModuleWords {
  readonly modules: readonly AnyRuleModule[];
  readonly posts: ReadonlyMap<string, string>;
  readonly kept: readonly string[];
}

function moduleWords(modules: readonly AnyRuleModule[]): ModuleWords {
  const posts = new Map([...forcedBetFormats(modules)].flatMap(([kind, f]) => (f.ohh ? [[kind, f.ohh] as const] : [])));
  return { modules, posts, kept: replaysDifferently(modules) };
}

/** A hand OHH cannot hold: a voided hand (nothing was won or lost, the cards were never played out). */
export interface OhhExportSkip {
  readonly handNumber: number;
  readonly kind: 'voided';
  readonly reason: string;
}

export interface OhhExport {
  readonly hands: OhhHand[];
  readonly skipped: OhhExportSkip[];
}

/** Every hand the events complete, as OHH objects. Voided hands are left out (ohhExportFromEvents lists them). */
export function ohhHandsFromEvents(events: readonly TableEvent[], options: OhhExportOptions = {}): OhhHand[] {
  return ohhExportFromEvents(events, options).hands;
}

/**
 * Splits a pot's rake among its winners in proportion to what each won (the remainder chip by chip from the first),
 * as each winner's `contributed_rake`: the rake came out of their winnings.
 */
function rakeShares(rake: number, wins: readonly number[]): number[] {
  const total = wins.reduce((a, b) => a + b, 0);
  if (rake === 0 || total === 0) return wins.map((_, i) => (i === 0 ? rake : 0));
  const shares = wins.map((w) => Math.floor((rake * w) / total));
  let rest = rake - shares.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % shares.length, rest--) shares[i]! += 1;
  return shares;
}

/** The hands and the hands left out. */
export function ohhExportFromEvents(events: readonly TableEvent[], options: OhhExportOptions = {}): OhhExport {
  const hands: OhhHand[] = [];
  const skipped: OhhExportSkip[] = [];
  const words = moduleWords(options.modules ?? DEFAULT_MODULES);
  for (const hand of tableHands(events, options.include, words.modules)) {
    const { rules, record } = hand;
    if (rules === null) continue;
    const id = (seat: number) => String(record.players.findIndex((p) => p.seat === seat));
    if (record.status === 'voided')
      skipped.push({ handNumber: record.handNumber, kind: 'voided', reason: `the hand was voided (${record.voidReason})` });
    else if (record.status === 'complete')
      hands.push(ohhHand(record, rules, options, words, houseRuleNotes(hand, words.modules, 'ohh', id)));
  }
  return { hands, skipped };
}

function ohhHand(
  record: HandRecord,
  rules: TableRules,
  options: OhhExportOptions,
  words: ModuleWords,
  houseNotes: readonly HandNote[],
): OhhHand {
  const s = rules.structure;
  const started = options.startedAt?.get(record.handNumber);
  const ids = new Map(record.players.map((p, i) => [p.seat, i]));
  const hand: OhhHand = {
    ohh: {
      spec_version: OHH_SPEC_VERSION,
      site_name: options.siteName ?? 'Felt',
      network_name: 'Felt',
      internal_version: '1',
      tournament: false,
      game_number: `${record.tableId}-${record.handNumber}`,
      ...(started ? { start_date_utc: started } : {}),
      table_name: record.tableId,
      game_type: 'Holdem',
      bet_limit: { bet_type: s.kind === 'no-limit' ? 'NL' : s.kind === 'pot-limit' ? 'PL' : 'FL', bet_cap: 0 },
      table_size: rules.maxSeats,
      currency: options.currency ?? 'Chips',
      dealer_seat: record.button,
      small_blind_amount: rules.smallBlind,
      big_blind_amount: rules.bigBlind,
      ante_amount: rules.ante.amount,
      flags: record.secondBoard ? ['Run_It_Twice'] : [],
      players: record.players.map((p, i) => ({
        id: i,
        seat: p.seat,
        name: p.playerId,
        display: p.playerId,
        starting_stack: p.startingStack,
        ...(p.holeCards.length > 0 ? { cards: [...p.holeCards] } : {}),
      })),
      rounds: [],
      pots: [],
      ...(record.deckSource === undefined ? {} : { felt_deck_source: record.deckSource }),
    },
  };
  const rounds = hand.ohh.rounds;
  let round!: OhhRound;
  let live = new Map<number, number>();
  const newRound = (street: OhhRound['street'], cards?: string[]) => {
    round = { id: rounds.length, street, ...(cards ? { cards } : {}), actions: [] };
    rounds.push(round);
    live = new Map();
  };
  const act = (seat: number, action: string, amount: number, allIn: boolean, extra: Partial<OhhAction> = {}) =>
    round.actions.push({ action_number: round.actions.length + 1, player_id: ids.get(seat)!, action, amount, is_allin: allIn, ...extra });
  const addLive = (seat: number, amount: number) => live.set(seat, (live.get(seat) ?? 0) + amount);
  newRound('Preflop');
  let showdown = false;
  const startShowdown = () => {
    if (showdown || record.showdownAt === undefined) return;
    showdown = true;
    newRound('Showdown');
  };
  for (const step of handSteps(record)) {
    if ('deal' in step) {
      const { what, run } = step.deal;
      if (what === 'hole') {
        // A table dealt with live cards records no cards: the action stays, without them.
        for (const p of record.players)
          act(p.seat, 'Dealt Cards', 0, false, p.holeCards.length > 0 && !p.unknownUntilShown ? { cards: [...p.holeCards] } : {});
        continue;
      }
      // Rules version 2 tables all-in hands before the runout (TDA 16): the showdown round stays the last round.
      const last = rounds.at(-1)?.street === 'Showdown' ? rounds.pop()! : null;
      newRound(STREETS[what], [...(run === 2 ? (record.secondBoard ?? record.board) : record.board)[what]]);
      if (run === 2) round.felt_run = 2;
      if (last) {
        last.id = rounds.length;
        rounds.push(last);
        round = last;
      }
      continue;
    }
    const { action: a, index } = step;
    if (record.showdownAt !== undefined && index >= record.showdownAt) startShowdown();
    // As finally played: the actions a floor correction took back are left out (OHH has no retraction).
    if (a.retracted) continue;
    const amount = a.amount ?? 0;
    if (postsToTotal(a)) {
      // A module's post to a live total (a kill pot): a blind already posted counts toward it.
      act(a.seat, 'Post Extra Blind', amount - (live.get(a.seat) ?? 0), false);
      live.set(a.seat, amount);
      continue;
    }
    switch (a.action) {
      case 'post':
        act(a.seat, POSTS[a.kind ?? ''] ?? words.posts.get(a.kind ?? '') ?? (a.dead ? 'Post Dead' : 'Post Extra Blind'), amount, a.allIn);
        if (!a.dead) addLive(a.seat, amount);
        break;
      case 'fold':
        act(a.seat, 'Fold', 0, false);
        break;
      case 'check':
        act(a.seat, 'Check', 0, false);
        break;
      case 'call':
      case 'bet':
        act(a.seat, a.action === 'call' ? 'Call' : 'Bet', amount, a.allIn);
        addLive(a.seat, amount);
        break;
      case 'raise':
        act(a.seat, 'Raise', a.to! - (live.get(a.seat) ?? 0), a.allIn, { raise_to: a.to! });
        live.set(a.seat, a.to!);
        break;
      case 'uncalled-returned': {
        // OHH has no action for it (strict readers refuse unknown action names): the bet it belongs to says so.
        const playerId = ids.get(a.seat);
        const bet = rounds
          .flatMap((r) => r.actions)
          .filter((x) => x.player_id === playerId && x.amount > 0)
          .pop();
        if (bet) bet.uncalled_returned = (bet.uncalled_returned ?? 0) + amount;
        break;
      }
      case 'show':
        act(a.seat, 'Shows Cards', 0, false, { cards: [...record.players[ids.get(a.seat)!]!.holeCards] });
        break;
      case 'muck':
        act(a.seat, 'Mucks Cards', 0, false);
        break;
    }
  }
  startShowdown();
  hand.ohh.pots = record.chopFee !== undefined ? [choppedPot(record, ids)] : record.pots.map((p) => awardedPot(p, ids));
  const notes = [...handNotes(record, words.modules), ...houseNotes].filter((n) => words.kept.includes(n.kind));
  if (notes.length > 0) hand.ohh.felt_notes = notes.map((n) => ({ kind: n.kind, text: n.text }));
  hand.ohh.rounds = rounds.filter((r) => r.actions.length > 0 || r.cards);
  return hand;
}

function awardedPot(p: HandPot, ids: ReadonlyMap<number, number>): OhhPot {
  const rake = p.rake ?? 0;
  const shares = rakeShares(
    rake,
    p.winners.map((w) => w.amount),
  );
  return {
    number: p.pot,
    // The pot as the players built it; OHH's own field says what the house's funds took (jackpot and promotion drops).
    amount: p.amount + rake + (p.drop ?? 0),
    rake,
    jackpot: p.drop ?? 0,
    player_wins: p.winners.map((w, i) => ({ player_id: ids.get(w.seat)!, win_amount: w.amount, contributed_rake: shares[i]! })),
  };
}

/**
 * The blinds take their money back (the small blind less the house's fee): one pot of both blinds, the fee as its
 * rake, each blind's return as a win. The fee is the small blind's contributed rake.
 */
function choppedPot(record: HandRecord, ids: ReadonlyMap<number, number>): OhhPot {
  const fee = record.chopFee ?? 0;
  const returned = record.actions.filter((a) => a.action === 'chop-returned');
  return {
    number: 0,
    amount: returned.reduce((n, r) => n + (r.amount ?? 0), 0) + fee,
    rake: fee,
    jackpot: 0,
    player_wins: returned.map((r) => ({
      player_id: ids.get(r.seat)!,
      win_amount: r.amount ?? 0,
      contributed_rake: r.seat === record.smallBlindSeat ? fee : 0,
    })),
  };
}

/**
 * OHH files hold one JSON object per hand, separated by a blank line. Hands left out come first, in one header
 * object `{"felt_export": {"left_out": [{"hand": N, "kind": ..., "reason": ...}]}}` (no `ohh` key, so a reader of
 * hands passes over it).
 */
export function toOhhText(hands: readonly OhhHand[], leftOut: readonly OhhExportSkip[] = []): string {
  const header = leftOut.length
    ? [JSON.stringify({ felt_export: { left_out: leftOut.map((s) => ({ hand: s.handNumber, kind: s.kind, reason: s.reason })) } }, null, 2)]
    : [];
  const objects = [...header, ...hands.map((h) => JSON.stringify(h, null, 2))];
  return objects.join('\n\n') + (objects.length ? '\n' : '');
}
