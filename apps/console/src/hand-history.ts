import { element } from './elements.js';
import type { HandAction, HandRecord } from '@felt/projections';
import { FORCED_BET_WORDS } from './event-sentences.js';
import { boardCards } from './table-event-log.js';

/** A recalled hand is libs/projections' hand record, as GET /regulator/tables/:tableId/hands returns it for this audience. */
type RecalledHand = HandRecord;

/** The answer may be the list itself or {hands: [...]}. */
export function recalledHands(answer: unknown): readonly RecalledHand[] {
  if (Array.isArray(answer)) return answer as RecalledHand[];
  const hands = (answer as { hands?: unknown } | null)?.hands;
  return Array.isArray(hands) ? (hands as RecalledHand[]) : [];
}

/** One recorded action in words: "seat 2 posted the small blind of 1", "seat 1 raised to 6 (all in)". */
function actionWords(a: HandAction): string {
  const allIn = a.allIn ? ' (all in)' : '';
  const what: Record<string, string> = {
    post: `posted ${FORCED_BET_WORDS[a.kind ?? ''] ?? 'a blind'}${a.amount !== null ? ` of ${a.amount}` : ''}`,
    'kill-pot': `killed the pot for ${a.amount}`,
    fold: 'folded',
    check: 'checked',
    call: `called ${a.amount}`,
    bet: `bet ${a.amount}`,
    raise: `raised to ${a.to}`,
    'uncalled-returned': `got back the uncalled ${a.amount}`,
    'chop-returned': `got back ${a.amount} (blinds chopped)`,
    show: 'showed',
    muck: 'mucked',
  };
  return `seat ${a.seat} ${what[a.action] ?? a.action}${allIn}${a.retracted ? ' (taken back by the floor)' : ''}`;
}

const STATUS_WORDS: Readonly<Record<string, string>> = { complete: 'played out', voided: 'voided', 'in-progress': 'in progress' };

/** The last hands, newest first: what happened street by street, the board, who won which pot, stacks before and after. */
export function handHistoryList(hands: readonly RecalledHand[]): HTMLElement {
  if (hands.length === 0) return element('p', { 'data-testid': 'history-empty' }, 'No completed hands yet.');
  const newestFirst = [...hands].sort((a, b) => b.handNumber - a.handNumber);
  return element(
    'ol',
    { class: 'history', 'data-testid': 'history-list', reversed: true },
    newestFirst.map((hand) => {
      const board = boardCards(hand.board).join(' ') || 'no board';
      const pots = hand.pots
        .map(
          (p) =>
            `${p.pot === 0 ? 'main pot' : `side pot ${p.pot}`} ${p.amount} to ${p.winners.map((w) => `seat ${w.seat} (${w.amount})`).join(', ')}`,
        )
        .join('; ');
      const streets = [...new Set(hand.actions.map((a) => a.street))];
      const stacks = hand.players
        .map(
          (p) =>
            `seat ${p.seat} ${p.playerId} ${p.startingStack} → ${p.finalStack ?? '?'}${p.holeCards.length ? ` [${p.holeCards.join(' ')}]` : ''}`,
        )
        .join('; ');
      return element(
        'li',
        { 'data-testid': `history-hand-${hand.handNumber}` },
        element(
          'strong',
          {},
          `Hand #${hand.handNumber} (${STATUS_WORDS[hand.status] ?? hand.status}${hand.voidReason ? `: ${hand.voidReason}` : ''})`,
        ),
        streets.map((street) =>
          element(
            'div',
            {},
            `${street[0]!.toUpperCase()}${street.slice(1)}: ${hand.actions
              .filter((a) => a.street === street)
              .map(actionWords)
              .join(', ')}.`,
          ),
        ),
        element(
          'div',
          {},
          `${hand.bombPot ? `Bomb pot (ante ${hand.bombPot.ante}). ` : ''}Board${hand.secondBoard ? ' (run 1)' : ''}: ${board}`,
        ),
        ...(hand.secondBoard ? [element('div', {}, `Board (run 2): ${boardCards(hand.secondBoard).join(' ')}`)] : []),
        element('div', {}, `Pots: ${pots || 'none'}`),
        element('div', {}, `Stacks: ${stacks}`),
      );
    }),
  );
}
