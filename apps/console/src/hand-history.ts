import { element } from './elements.js';

/** A recalled hand as GET /regulator/tables/:tableId/hands returns it (libs/projections HandRecord). */
interface RecalledHand {
  readonly handNumber: number;
  readonly status: string;
  readonly board: { readonly flop: readonly string[]; readonly turn: readonly string[]; readonly river: readonly string[] };
  /** Running it twice: the second run's board. */
  readonly secondBoard?: { readonly flop: readonly string[]; readonly turn: readonly string[]; readonly river: readonly string[] };
  readonly bombPot?: { readonly ante: number };
  readonly players: readonly { readonly seat: number; readonly playerId: string; readonly startingStack: number; readonly finalStack: number | null; readonly holeCards: readonly string[] }[];
  readonly pots: readonly { readonly pot: number; readonly amount: number; readonly winners: readonly { readonly seat: number; readonly amount: number }[] }[];
  readonly actions: readonly { readonly street: string; readonly seat: number; readonly action: string; readonly amount: number | null; readonly to: number | null }[];
  readonly voidReason: string | null;
}

/** The answer may be the list itself or {hands: [...]}. */
export function recalledHands(answer: unknown): readonly RecalledHand[] {
  if (Array.isArray(answer)) return answer as RecalledHand[];
  const hands = (answer as { hands?: unknown } | null)?.hands;
  return Array.isArray(hands) ? (hands as RecalledHand[]) : [];
}

/** The last hands, newest first: who put what in, the board, who won which pot, stacks before and after. */
export function handHistoryList(hands: readonly RecalledHand[]): HTMLElement {
  if (hands.length === 0) return element('p', { 'data-testid': 'history-empty' }, 'No completed hands yet.');
  const newestFirst = [...hands].sort((a, b) => b.handNumber - a.handNumber);
  return element(
    'ol',
    { class: 'history', 'data-testid': 'history-list', reversed: true },
    newestFirst.map((hand) => {
      const board = [...hand.board.flop, ...hand.board.turn, ...hand.board.river].join(' ') || 'no board';
      const pots = hand.pots.map((p) => `${p.pot === 0 ? 'pot' : `side pot ${p.pot}`} ${p.amount} to ${p.winners.map((w) => `seat ${w.seat} (${w.amount})`).join(', ')}`).join('; ');
      const actions = hand.actions.map((a) => `${a.seat}:${a.action}${a.to !== null ? ` ${a.to}` : a.amount !== null ? ` ${a.amount}` : ''}`).join(', ');
      const stacks = hand.players.map((p) => `seat ${p.seat} ${p.playerId} ${p.startingStack} → ${p.finalStack ?? '?'}${p.holeCards.length ? ` [${p.holeCards.join(' ')}]` : ''}`).join('; ');
      return element(
        'li',
        { 'data-testid': `history-hand-${hand.handNumber}` },
        element('strong', {}, `Hand #${hand.handNumber} (${hand.status}${hand.voidReason ? `: ${hand.voidReason}` : ''})`),
        element('div', {}, `${hand.bombPot ? `Bomb pot (ante ${hand.bombPot.ante}). ` : ''}Board${hand.secondBoard ? ' (run 1)' : ''}: ${board}`),
        ...(hand.secondBoard ? [element('div', {}, `Board (run 2): ${[...hand.secondBoard.flop, ...hand.secondBoard.turn, ...hand.secondBoard.river].join(' ')}`)] : []),
        element('div', {}, `Actions: ${actions || 'none'}`),
        element('div', {}, `Pots: ${pots || 'none'}`),
        element('div', {}, `Stacks: ${stacks}`),
      );
    }),
  );
}
