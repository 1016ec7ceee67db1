import { evaluate, evaluate5, handCategory, parseCard, type Card, type HandCategory, type HandValue } from '@felt/engine';
import type { HandRecord } from '@felt/projections';
import { badBeatShares, qualifyingCards, type FundRules, type PayoutShare } from './funds';
import type { FundState } from './state';

/**
 * Qualifying hands, read from a hand's record (libs/projections' one hand record): pure, so the floor's screen,
 * the payout request and a regulator's replay decide alike. Only complete hands with one board count (a board run
 * twice, a voided hand or a hand that ended before the river never qualifies), and only cards tabled at the showdown.
 * A training table's hand never qualifies: anyone may choose its cards (docs/security.md "Insiders", row 2).
 */

export interface ShownHand {
  readonly seat: number;
  readonly playerId: string;
  readonly holeCards: readonly string[];
  readonly value: HandValue;
  readonly category: HandCategory;
  /** Both hole cards are among some best five of the seven. */
  readonly bothHoleCards: boolean;
}

export interface BadBeat {
  readonly tableId: string;
  readonly handNumber: number;
  readonly loser: ShownHand;
  readonly winner: ShownHand;
  /** The other players dealt in, in dealing order. */
  readonly table: readonly string[];
}

/**
 * A bad beat as the floor is shown it before asking for the payout (GET /money/hands/:table/:hand/bad-beat): the hand,
 * the fund's posted rules, and the split at the fund's balance now (confirming decides again against the book then).
 */
export interface BadBeatShown extends BadBeat {
  readonly fundId: string;
  readonly rules: FundRules;
  readonly balance: number;
  readonly shares: readonly PayoutShare[];
}

export function badBeatShown(fund: FundState, beat: BadBeat): BadBeatShown {
  const shares = badBeatShares(fund.balance, fund.rules, { loser: beat.loser.playerId, winner: beat.winner.playerId, table: beat.table });
  return { fundId: fund.fundId, ...beat, rules: fund.rules, balance: fund.balance, shares };
}

/** The bad beat in `hand` under `rules`, or null: the best losing hand qualifies and loses the main pot to one winner. */
export function badBeatOf(hand: HandRecord, rules: FundRules): BadBeat | null {
  const board = fullBoard(hand);
  if (!board) return null;
  const cards = qualifyingCards(rules.qualifyingHand);
  const minimum = cards && qualifyingValue(cards);
  if (minimum === null) return null;
  const main = hand.pots[0];
  if (!main || main.winners.length !== 1) return null;
  const shown = shownHands(hand, board);
  const winner = shown.find((s) => s.seat === main.winners[0]!.seat);
  const losers = shown.filter((s) => s.seat !== winner?.seat && main.eligible.includes(s.seat) && s.value < (winner?.value ?? 0));
  const loser = losers.sort((a, b) => b.value - a.value)[0];
  if (!winner || !loser || loser.value < minimum) return null;
  if (rules.bothHoleCards && !(loser.bothHoleCards && winner.bothHoleCards)) return null;
  const table = hand.players.map((p) => p.playerId).filter((id) => id !== loser.playerId && id !== winner.playerId);
  return { tableId: hand.tableId, handNumber: hand.handNumber, loser, winner, table };
}

export interface HighHand {
  readonly tableId: string;
  readonly handNumber: number;
  readonly endedAt: string;
  readonly hand: ShownHand;
}

/**
 * The best hand shown in [from, to) (by the hand's end), with every tie: the high-hand promotion's winners of
 * the period. Empty when no hand was shown (or none with both hole cards, where the rules ask it).
 */
export function highHandsOf(hands: readonly HandRecord[], from: string, to: string, rules: Pick<FundRules, 'bothHoleCards'>): HighHand[] {
  const start = Date.parse(from);
  const end = Date.parse(to);
  let best: HighHand[] = [];
  for (const hand of hands) {
    if (hand.endedAt === null || Date.parse(hand.endedAt) < start || Date.parse(hand.endedAt) >= end) continue;
    const board = fullBoard(hand);
    if (!board) continue;
    for (const shown of shownHands(hand, board)) {
      if (rules.bothHoleCards && !shown.bothHoleCards) continue;
      const entry = { tableId: hand.tableId, handNumber: hand.handNumber, endedAt: hand.endedAt, hand: shown };
      const top = best[0]?.hand.value ?? -1;
      if (shown.value > top) best = [entry];
      else if (shown.value === top) best.push(entry);
    }
  }
  return best;
}

/** The five-card value a posted qualifying hand stands for, or null when it is not five distinct cards. */
export function qualifyingValue(cards: readonly string[]): HandValue | null {
  const parsed = cards.map(parseCard);
  if (parsed.length !== 5 || parsed.some((c) => c === undefined) || new Set(parsed).size !== 5) return null;
  const [a, b, c, d, e] = parsed as Card[];
  return evaluate5(a!, b!, c!, d!, e!);
}

/** Whether some best five of hole + board uses both hole cards (on ties, any best five will do). */
export function bothHoleCardsPlay(hole: readonly Card[], board: readonly Card[]): boolean {
  const best = evaluate([...hole, ...board]);
  const [h1, h2] = hole;
  for (let i = 0; i < board.length; i++)
    for (let j = i + 1; j < board.length; j++)
      for (let k = j + 1; k < board.length; k++) if (evaluate5(h1!, h2!, board[i]!, board[j]!, board[k]!) === best) return true;
  return false;
}

function fullBoard(hand: HandRecord): Card[] | null {
  if (hand.status !== 'complete' || hand.secondBoard || hand.deckSource === 'training') return null;
  const board = [...hand.board.flop, ...hand.board.turn, ...hand.board.river].map(parseCard);
  return board.length === 5 && board.every((c) => c !== undefined) ? (board as Card[]) : null;
}

function shownHands(hand: HandRecord, board: readonly Card[]): ShownHand[] {
  const shown: ShownHand[] = [];
  for (const p of hand.players) {
    if (!p.shown || p.holeCards.length !== 2) continue;
    const hole = p.holeCards.map(parseCard);
    if (hole.some((c) => c === undefined)) continue;
    const value = evaluate([...(hole as Card[]), ...board]);
    shown.push({
      seat: p.seat,
      playerId: p.playerId,
      holeCards: p.holeCards,
      value,
      category: handCategory(value),
      bothHoleCards: bothHoleCardsPlay(hole as Card[], board),
    });
  }
  return shown;
}
