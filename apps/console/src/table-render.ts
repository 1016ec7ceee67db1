import { element } from './elements.js';
import { splitCards } from './event-sentences.js';
import type { HandPlayerView, Rules, TableView } from './table-types.js';

/** "NL 1/2", "FL 2/4 ante 1": the stakes as the floor says them. */
export function stakesText(rules: Rules | null): string {
  if (!rules) return '';
  const kind = { 'no-limit': 'NL', 'pot-limit': 'PL', 'fixed-limit': 'FL', 'spread-limit': 'SL' }[rules.structure.kind] ?? rules.structure.kind;
  const ante = rules.ante.kind !== 'none' && rules.ante.amount > 0 ? ` ante ${rules.ante.amount}` : '';
  return `${kind} ${rules.smallBlind}/${rules.bigBlind}${ante}${rules.gameType === 'tournament' ? ' (tournament)' : ''}`;
}

export function houseOptionsText(rules: Rules | null): string {
  const on = rules ? Object.entries(rules.houseOptions).filter(([, value]) => value !== null && value !== false).map(([name]) => name) : [];
  return on.length ? on.join(', ') : 'none';
}

/** The table at a glance: stakes, status, the hand in progress (street, board, pots, whose turn). */
export function tableSummary(view: TableView): HTMLElement {
  const hand = view.hand;
  const inProgress = hand !== null && hand.phase !== 'complete';
  const rows: [string, string | Node, string][] = [
    ['Stakes', stakesText(view.rules), 'stakes'],
    ['House options', houseOptionsText(view.rules), 'house-options'],
    ['Status', view.status, 'status'],
    ['Version', String(view.version), 'version'],
    ['Hands played', String(view.handsPlayed), 'hands-played'],
    ['Button', String(hand?.button ?? view.lastPositions?.button ?? view.initialButton ?? '—'), 'button'],
    ['Hand', hand ? `#${hand.handNumber} ${inProgress ? `${hand.phase}, ${hand.round.street}` : 'complete'}` : '—', 'hand'],
    ['Board', cards(hand?.board ?? ''), 'board'],
    ['Pots', inProgress && hand.pots.length ? hand.pots.map((p, i) => `${i === 0 ? 'main' : `side ${i}`} ${p.amount}`).join(', ') : '—', 'pots'],
    ['To act', view.toAct === null ? '—' : `seat ${view.toAct}`, 'to-act'],
    ['Chips on the table', String(view.chipsOnTable), 'chips-on-table'],
  ];
  return element(
    'dl',
    { class: 'summary', 'data-testid': 'table-summary' },
    rows.flatMap(([label, value, id]) => [element('dt', {}, label), element('dd', { 'data-testid': id }, value)]),
  );
}

/** Seats, stacks, what each player has in the pot this street, cards when this audience may see them. */
export function seatsTable(view: TableView): HTMLElement {
  const hand = view.hand;
  const inProgress = hand !== null && hand.phase !== 'complete';
  const body = element('tbody');
  for (const seat of view.seats) {
    const player: HandPlayerView | undefined = inProgress ? hand.players.find((p) => p.seat === seat.seat) : undefined;
    const marks: string[] = [];
    if (hand && hand.button === seat.seat) marks.push('button');
    if (inProgress && hand.smallBlindSeat === seat.seat) marks.push('small blind');
    if (inProgress && hand.bigBlindSeat === seat.seat) marks.push('big blind');
    if (view.toAct === seat.seat) marks.push('to act');
    if (player?.folded) marks.push('folded');
    if (player?.allIn) marks.push('all in');
    if (seat.sittingOut) marks.push('sitting out');
    body.append(
      element(
        'tr',
        { 'data-testid': `seat-${seat.seat}`, class: view.toAct === seat.seat ? 'to-act' : null },
        element('th', { scope: 'row' }, String(seat.seat)),
        element('td', { 'data-testid': `player-${seat.seat}` }, seat.playerId),
        element('td', { 'data-testid': `stack-${seat.seat}`, class: 'number' }, String(player ? player.stack : seat.stack)),
        element('td', { 'data-testid': `committed-${seat.seat}`, class: 'number' }, player ? String(player.committed) : ''),
        element('td', { 'data-testid': `cards-${seat.seat}` }, player ? cards(player.holeCards) : ''),
        element('td', { 'data-testid': `marks-${seat.seat}` }, marks.join(', ')),
      ),
    );
  }
  const head = element('thead', {}, element('tr', {}, ['Seat', 'Player', 'Stack', 'In pot', 'Cards', ''].map((h) => element('th', { scope: 'col' }, h))));
  return element('table', { class: 'seats', 'data-testid': 'seats' }, element('caption', {}, `Seats (${view.seats.length} of ${view.rules?.maxSeats ?? '?'})`), head, body);
}

/** Cards as text ("AsKd"); null when this audience may not see them (another player's hole cards). */
function cards(text: string | null): Node | string {
  if (text === null) return 'hidden';
  const list = splitCards(text);
  if (list.length === 0) return '—';
  return element('span', { class: 'cards' }, list.map((card) => element('span', { class: `card suit-${card[1]}` }, card)));
}
