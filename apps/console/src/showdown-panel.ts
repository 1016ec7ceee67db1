import { cardFace } from './card-face.js';
import { playerName } from './action-bar.js';
import { shownName } from './player-aliases.js';
import { element } from './elements.js';
import { potName } from './event-sentences.js';
import { handName } from './hand-names.js';
import { boardCards, muckedSeats, shownHands, type HandRecord } from './table-event-log.js';
import { seatList } from './table-render.js';
import type { TableView } from './table-types.js';

/**
 * What the last showdown decided, kept on screen until the next hand starts: each shown hand with its name, the
 * mucked seats, and each pot with the seats it was for and who won it. A voided hand says so instead.
 */
export function showdownPanel(view: TableView, record: HandRecord | null): HTMLElement | null {
  if (record === null) return null;
  const name = (seat: number) => `Seat ${seat}${playerName(view, seat) ? ` (${shownName(playerName(view, seat))})` : ''}`;
  const panel = element('section', { class: 'showdown', 'data-testid': 'showdown', 'aria-labelledby': 'showdown-heading' });
  if (record.status === 'voided') {
    panel.append(
      element('h2', { id: 'showdown-heading' }, `Hand #${record.handNumber} voided`),
      element('p', {}, `${record.voidReason}: every chip went back to where it was before the hand.`),
    );
    return panel;
  }
  const shown = shownHands(record);
  const mucked = muckedSeats(record);
  if (shown.length === 0 && record.pots.length === 0) return null;
  const ended = record.status !== 'in-progress';
  // A hand run twice: each run's board, each shown hand's name on each, each run's winners (never run 1's alone).
  const runs = record.secondBoard ? [boardCards(record.board), boardCards(record.secondBoard)] : [boardCards(record.board)];
  const twice = runs.length === 2;
  // Tabled before the board is complete (an all-in runout to come): the hand as it stands, said to be so.
  const soFar = (board: readonly string[]) => (board.length < 5 && !ended ? ' so far' : '');
  const handNames = (cards: readonly string[]) =>
    twice
      ? runs.map((board, i) => `run ${i + 1}: ${handName([...cards, ...board])}${soFar(board)}`).join('; ')
      : `${handName([...cards, ...runs[0]!])}${soFar(runs[0]!)}`;
  panel.append(
    element(
      'h2',
      { id: 'showdown-heading' },
      `Hand #${record.handNumber}${record.bombPot ? ' (bomb pot)' : ''}: ${ended ? 'result' : 'showdown'}${twice ? ', run twice' : ''}`,
    ),
  );
  if (twice)
    panel.append(
      element(
        'ul',
        { class: 'run-boards' },
        runs.map((board, i) => element('li', { 'data-testid': `run-board-${i + 1}` }, `Run ${i + 1}: `, cardList(board))),
      ),
    );
  if (shown.length || mucked.length) {
    panel.append(
      element(
        'ul',
        { class: 'shown-hands' },
        shown.map((s) =>
          element('li', { 'data-testid': `shown-${s.seat}` }, `${name(s.seat)} shows `, cardList(s.cards), ` — ${handNames(s.cards)}`),
        ),
        mucked.map((seat) => element('li', { 'data-testid': `mucked-${seat}`, class: 'quiet' }, `${name(seat)} mucked`)),
      ),
    );
  }
  panel.append(
    element(
      'ul',
      { class: 'pot-results' },
      record.pots.map((p) =>
        element(
          'li',
          { 'data-testid': `pot-result-${p.pot}` },
          `${potName(p.pot)} ${p.amount} (${seatList(p.eligible)}): `,
          p.runs && p.runs.length > 1
            ? p.runs.flatMap((r, i) => [
                i > 0 ? '; ' : '',
                element(
                  'strong',
                  { 'data-testid': `pot-result-${p.pot}-run-${r.run}` },
                  `run ${r.run}: ${r.winners.map((w) => `${name(w.seat)} wins ${w.amount}`).join(', ')}`,
                ),
              ])
            : element('strong', {}, p.winners.map((w) => `${name(w.seat)} wins ${w.amount}`).join(', ')),
        ),
      ),
    ),
  );
  return panel;
}

function cardList(cards: readonly string[]): HTMLElement {
  return element('span', { class: 'cards' }, cards.map(cardFace));
}
