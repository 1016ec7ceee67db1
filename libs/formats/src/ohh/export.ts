import { formatCard, withoutRetracted, type Card, type DeckSourceRule, type Street, type TableEvent, type TableRules } from '@felt/engine';

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
  };
}

export interface OhhExportOptions {
  /** Picks hands by number (default: all). */
  readonly include?: (handNumber: number) => boolean;
  /** When each hand started (ISO 8601), by hand number: the HandStarted event's recordedAt. */
  readonly startedAt?: ReadonlyMap<number, string>;
  readonly siteName?: string;
  readonly currency?: string;
}

const STREETS: Record<Street, OhhRound['street']> = { preflop: 'Preflop', flop: 'Flop', turn: 'Turn', river: 'River' };
const POSTS: Record<string, string> = { 'small-blind': 'Post SB', 'big-blind': 'Post BB', ante: 'Post Ante', 'bomb-pot': 'Post Ante', straddle: 'Straddle' };

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
  let handNumber = 0;
  let smallBlindSeat: number | null = null;
  let rules: TableRules | null = null;
  let tableId = '';
  let hand: OhhHand | null = null;
  let round: OhhRound | null = null;
  let ids = new Map<number, number>();
  let live = new Map<number, number>();
  let rakeByPot: readonly number[] = [];
  const act = (seat: number, action: string, amount: number, allIn: boolean, extra: Partial<OhhAction> = {}) =>
    round!.actions.push({ action_number: round!.actions.length + 1, player_id: ids.get(seat)!, action, amount, is_allin: allIn, ...extra });
  const newRound = (street: OhhRound['street'], cards?: string[]) => {
    round = { id: hand!.ohh.rounds.length, street, ...(cards ? { cards } : {}), actions: [] };
    hand!.ohh.rounds.push(round);
    live = new Map();
  };

  // As finally played: the actions a floor correction took back are left out (OHH has no retraction).
  for (const e of withoutRetracted(events)) {
    if (e.type === 'TableOpened') {
      rules = e.rules;
      tableId = e.tableId;
      continue;
    }
    if (e.type === 'RulesChanged') {
      rules = e.rules;
      continue;
    }
    if (e.type === 'HandStarted') {
      hand = null;
      if (!rules || !(options.include?.(e.handNumber) ?? true)) continue;
      ids = new Map(e.players.map((p, i) => [p.seat, i]));
      handNumber = e.handNumber;
      smallBlindSeat = e.smallBlindSeat;
      const s = rules.structure;
      const started = options.startedAt?.get(e.handNumber);
      hand = {
        ohh: {
          spec_version: OHH_SPEC_VERSION,
          site_name: options.siteName ?? 'Felt',
          network_name: 'Felt',
          internal_version: '1',
          tournament: false,
          game_number: `${tableId}-${e.handNumber}`,
          ...(started ? { start_date_utc: started } : {}),
          table_name: tableId,
          game_type: 'Holdem',
          bet_limit: { bet_type: s.kind === 'no-limit' ? 'NL' : s.kind === 'pot-limit' ? 'PL' : 'FL', bet_cap: 0 },
          table_size: rules.maxSeats,
          currency: options.currency ?? 'Chips',
          dealer_seat: e.button,
          small_blind_amount: rules.smallBlind,
          big_blind_amount: rules.bigBlind,
          ante_amount: rules.ante.amount,
          flags: [],
          players: e.players.map((p, i) => ({ id: i, seat: p.seat, name: p.playerId, display: p.playerId, starting_stack: p.stack })),
          rounds: [],
          pots: [],
          ...(e.deckSource === undefined ? {} : { felt_deck_source: e.deckSource }),
        },
      };
      rakeByPot = [];
      newRound('Preflop');
      continue;
    }
    if (!hand) continue;
    const h: OhhHand = hand;
    switch (e.type) {
      case 'BlindPosted':
        act(e.seat, POSTS[e.kind] ?? (e.live ? 'Post Extra Blind' : 'Post Dead'), e.amount, e.allIn);
        if (e.live) live.set(e.seat, (live.get(e.seat) ?? 0) + e.amount);
        break;
      case 'KillPotPosted':
        // The kill is the killer's live total (a blind already posted counts toward it).
        act(e.seat, 'Post Extra Blind', e.amount - (live.get(e.seat) ?? 0), false);
        live.set(e.seat, e.amount);
        break;
      case 'HoleCardsDealt':
        for (const dealt of e.hands) {
          // A table dealt with live cards records no cards: the action stays, without them.
          const known = (dealt.cards as readonly (Card | null)[] | null) ?? [];
          const cards = known.length > 0 && known.every((c) => c !== null) ? known.map((c) => formatCard(c!)) : null;
          if (cards) h.ohh.players[ids.get(dealt.seat)!]!.cards = cards;
          act(dealt.seat, 'Dealt Cards', 0, false, cards ? { cards } : {});
        }
        break;
      case 'HoleCardsReported':
        // A reader's record of a live hand: the player's cards, with no action of their own.
        h.ohh.players[ids.get(e.seat)!]!.cards = e.cards.map(formatCard);
        break;
      case 'PlayerFolded':
        act(e.seat, 'Fold', 0, false);
        break;
      case 'PlayerChecked':
        act(e.seat, 'Check', 0, false);
        break;
      case 'PlayerCalled':
        act(e.seat, 'Call', e.amount, e.allIn);
        live.set(e.seat, (live.get(e.seat) ?? 0) + e.amount);
        break;
      case 'BetPlaced':
        act(e.seat, 'Bet', e.amount, e.allIn);
        live.set(e.seat, (live.get(e.seat) ?? 0) + e.amount);
        break;
      case 'RaisePlaced': {
        const added = e.to - (live.get(e.seat) ?? 0);
        act(e.seat, 'Raise', added, e.allIn, { raise_to: e.to });
        live.set(e.seat, e.to);
        break;
      }
      case 'UncalledBetReturned': {
        // OHH has no action for it (strict readers refuse unknown action names): the bet it belongs to says so.
        const playerId = ids.get(e.seat);
        const bet = hand!.ohh.rounds
          .flatMap((r) => r.actions)
          .filter((a) => a.player_id === playerId && a.amount > 0)
          .pop();
        if (bet) bet.uncalled_returned = (bet.uncalled_returned ?? 0) + e.amount;
        break;
      }
      case 'RunItTwiceAgreed':
        h.ohh.flags.push('Run_It_Twice');
        break;
      case 'BoardDealt':
      case 'SecondBoardDealt': {
        // Rules version 2 tables all-in hands before the runout (TDA 16): the showdown round stays the last round.
        const showdown = hand!.ohh.rounds.at(-1)?.street === 'Showdown' ? hand!.ohh.rounds.pop()! : null;
        newRound(STREETS[e.street], e.cards.map(formatCard));
        if (e.type === 'SecondBoardDealt') round!.felt_run = 2;
        if (showdown) {
          showdown.id = hand!.ohh.rounds.length;
          hand!.ohh.rounds.push(showdown);
          round = showdown;
        }
        break;
      }
      case 'ShowdownStarted':
        newRound('Showdown');
        break;
      case 'HandShown':
        act(e.seat, 'Shows Cards', 0, false, { cards: e.cards.map(formatCard) });
        h.ohh.players[ids.get(e.seat)!]!.cards ??= e.cards.map(formatCard);
        break;
      case 'HandMucked':
        act(e.seat, 'Mucks Cards', 0, false);
        break;
      case 'RakeTaken':
        rakeByPot = e.byPot;
        break;
      case 'PotAwarded': {
        const rake = rakeByPot[e.pot] ?? 0;
        const shares = rakeShares(rake, e.winners.map((w) => w.amount));
        h.ohh.pots.push({
          number: e.pot,
          amount: e.amount + rake,
          rake,
          jackpot: 0,
          player_wins: e.winners.map((w, i) => ({ player_id: ids.get(w.seat)!, win_amount: w.amount, contributed_rake: shares[i]! })),
        });
        break;
      }
      case 'BlindsChopped': {
        // The blinds take their money back (the small blind less the house's fee): one pot of both blinds, the fee
        // as its rake, each blind's return as a win. The fee is the small blind's contributed rake.
        const fee = e.fee;
        const amount = e.returned.reduce((n, r) => n + r.amount, 0) + fee;
        h.ohh.pots.push({
          number: 0,
          amount,
          rake: fee,
          jackpot: 0,
          player_wins: e.returned.map((r) => ({ player_id: ids.get(r.seat)!, win_amount: r.amount, contributed_rake: r.seat === smallBlindSeat ? fee : 0 })),
        });
        break;
      }
      case 'HandEnded':
        h.ohh.rounds = h.ohh.rounds.filter((r) => r.actions.length > 0 || r.cards);
        hands.push(h);
        hand = null;
        break;
      case 'HandVoided':
        skipped.push({ handNumber, kind: 'voided', reason: `the hand was voided (${e.reason})` });
        hand = null;
        break;
    }
  }
  return { hands, skipped };
}

/**
 * OHH files hold one JSON object per hand, separated by a blank line. Hands left out come first, in one header
 * object `{"felt_export": {"left_out": [{"hand": N, "kind": ..., "reason": ...}]}}` (no `ohh` key, so a reader of
 * hands passes over it).
 */
export function toOhhText(hands: readonly OhhHand[], leftOut: readonly OhhExportSkip[] = []): string {
  const header = leftOut.length ? [JSON.stringify({ felt_export: { left_out: leftOut.map((s) => ({ hand: s.handNumber, kind: s.kind, reason: s.reason })) } }, null, 2)] : [];
  const objects = [...header, ...hands.map((h) => JSON.stringify(h, null, 2))];
  return objects.join('\n\n') + (objects.length ? '\n' : '');
}
