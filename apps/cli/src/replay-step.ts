import { chipsOnTable, formatCard, formatCards, playerToAct, type TableEvent, type TableState } from '@felt/engine';

/** One event as a line for `felt replay --step`: the version, the event's type and its fields. */
export function eventLine(version: number, event: TableEvent): string {
  const { type, ...fields } = event as TableEvent & Record<string, unknown>;
  const shown = Object.entries(fields)
    .filter(([k]) => k !== 'deck' && k !== 'rules')
    .map(([k, v]) => `${k}=${JSON.stringify(v, cardsAsText)}`)
    .join(' ');
  return `v${version} ${type}${shown ? ` ${shown}` : ''}`;
}

/** The state after an event, in one line: the hand's phase, street, board, pot, who acts, and every stack. */
export function stateLine(state: TableState): string {
  const hand = state.hand && state.hand.phase !== 'complete' ? state.hand : null;
  const parts: string[] = [];
  if (hand) {
    const pot = hand.players.reduce((n, p) => n + p.committed, 0) - hand.paidOut - hand.house.raked;
    const toAct = hand.phase === 'betting' ? playerToAct(hand) : null;
    parts.push(`hand ${hand.handNumber} ${hand.phase}${hand.phase === 'betting' ? ` ${hand.round.street}` : ''}`);
    if (hand.board.length) parts.push(`board ${formatCards(hand.board)}`);
    parts.push(`pot ${pot}`);
    if (toAct) parts.push(`to act seat ${toAct.seat}`);
    parts.push(
      'stacks ' +
        hand.players
          .map((p) => `${p.seat}:${p.stack}${p.committed ? `+${p.committed}` : ''}${p.folded ? ' folded' : p.allIn ? ' all-in' : ''}`)
          .join(', '),
    );
  } else {
    parts.push(state.status === 'open' ? `between hands (${state.handsPlayed} played)` : state.status);
    const seats = state.seats.filter((s) => s !== null);
    if (seats.length) parts.push('stacks ' + seats.map((s) => `${s!.seat}:${s!.stack}${s!.sittingOut ? ' out' : ''}`).join(', '));
  }
  parts.push(`chips ${chipsOnTable(state)}${state.rakeCollected ? ` + house ${state.rakeCollected}` : ''}`);
  return `    ${parts.join(' | ')}`;
}

/** Cards are numbers in events; a reader wants "As". */
function cardsAsText(key: string, value: unknown): unknown {
  if ((key === 'cards' || key === 'card') && (typeof value === 'number' || Array.isArray(value)))
    return typeof value === 'number' ? formatCard(value) : formatCards(value as number[], '');
  return value;
}
