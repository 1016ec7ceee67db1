import type { TableState } from './state';
import { handInProgress, playerInHand } from './state';
import { bettingOptions, isBounds } from '../betting/limits';
import { playerToAct } from '../betting/round';
import { boardDue, reportCheck, showNeedsCards, isLiveCards, HOLE_CARDS } from './live-cards';
import { undecidedAtShowdown } from './dealer';
import type { TableHooks } from './hooks';
import type { LegalAction, LegalActions } from './legal-action';

export type { LegalAction, LegalActions } from './legal-action';

export function legalActions(h: TableHooks, state: TableState): LegalActions {
  if (!handInProgress(state) || state.rules === null) return { seat: null, actions: [] };
  const hand = state.hand!;
  switch (hand.phase) {
    case 'forced-bets': {
      // Blind before ante for the same seat (TDA RP-11), as decide requires.
      const actions: LegalAction[] = hand.forcedBetsDue
        .filter((f) => f.kind !== 'ante' || !hand.forcedBetsDue.some((g) => g.seat === f.seat && g.kind !== 'ante'))
        .map((f) => {
          const p = playerInHand(hand, f.seat)!;
          return { type: 'PostBlind' as const, seat: f.seat, blind: f.kind, amount: Math.min(f.amount, p.stack) };
        });
      // Voluntary posts before the deal (house options), then the dealer's Deal once nothing is owed.
      h.houseLegalActions(state, 'before-deal', actions);
      if (hand.forcedBetsDue.length === 0 && h.dealerDeals(state.rules)) actions.push({ type: 'Deal', seat: null });
      return { seat: actions[0]?.seat ?? null, actions };
    }
    case 'betting': {
      const player = playerToAct(hand);
      if (!player) {
        const due = boardDue(h, state);
        const actions: LegalAction[] =
          'code' in due ? [] : [{ type: 'DealBoard', seat: null, street: due.street, cardsToEnter: due.count }];
        h.houseLegalActions(state, 'board-due', actions);
        return { seat: null, actions: withReports(state, actions) };
      }
      const o = bettingOptions(state.rules, hand, player);
      const seat = player.seat;
      const actions: LegalAction[] = [{ type: 'Fold', seat }];
      if (o.canCheck) actions.push({ type: 'Check', seat });
      if (o.toCall > 0) actions.push({ type: 'Call', seat, amount: o.toCall });
      if (isBounds(o.bet)) actions.push({ type: 'Bet', seat, min: o.bet.min, max: o.bet.max });
      if (isBounds(o.raise)) actions.push({ type: 'Raise', seat, min: o.raise.min, max: o.raise.max });
      h.houseLegalActions(state, 'player-to-act', actions);
      return { seat, actions: withReports(state, actions) };
    }
    case 'showdown': {
      const undecided = undecidedAtShowdown(hand);
      if (undecided.length === 0) {
        // Live cards, rules version 2: every hand of an all-in showdown is tabled, the dealer enters the rest of the board.
        const due = boardDue(h, state);
        const actions: LegalAction[] =
          'code' in due ? [] : [{ type: 'DealBoard', seat: null, street: due.street, cardsToEnter: due.count }];
        h.houseLegalActions(state, 'showdown', actions);
        return { seat: null, actions };
      }
      // The next in order tables or mucks; any other contender may table early.
      const seat = undecided[0];
      const actions: LegalAction[] = [showHand(state, seat), { type: 'MuckHand', seat }];
      for (const other of undecided.slice(1)) actions.push(showHand(state, other));
      h.houseLegalActions(state, 'showdown', actions);
      return { seat, actions: withReports(state, actions) };
    }
    default:
      return { seat: null, actions: [] };
  }
}

function showHand(state: TableState, seat: number): LegalAction {
  return showNeedsCards(state, playerInHand(state.hand!, seat)!)
    ? { type: 'ShowHand', seat, cardsToEnter: HOLE_CARDS }
    : { type: 'ShowHand', seat };
}

/** Live cards: a reader may report any hand still in play whose cards are unknown (after what the hand waits for). */
function withReports(state: TableState, actions: LegalAction[]): LegalAction[] {
  if (!isLiveCards(state.rules)) return actions;
  for (const p of state.hand!.players) {
    if (p.holeCards.length > 0) continue;
    const check = reportCheck(state, p.seat);
    if (!('code' in check)) actions.push({ type: 'ReportHoleCards', seat: p.seat, cardsToEnter: HOLE_CARDS });
  }
  return actions;
}
