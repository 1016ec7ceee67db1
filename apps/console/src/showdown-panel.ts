import { playerName } from './action-bar.js';
import { element } from './elements.js';
import { potName } from './event-sentences.js';
import { handName } from './hand-names.js';
import type { HandRecord } from './hand-record.js';
import { seatList } from './table-render.js';
import type { TableView } from './table-types.js';

/**
 * What the last showdown decided, kept on screen until the next hand starts: each shown hand with its name, the
 * mucked seats, and each pot with the seats it was for and who won it. A voided hand says so instead.
 */
export function showdownPanel(view: TableView, record: HandRecord): HTMLElement | null {
  if (record.handNumber === null) return null;
  const name = (seat: number) => `Seat ${seat}${playerName(view, seat) ? ` (${playerName(view, seat)})` : ''}`;
  const panel = element('section', { class: 'showdown', 'data-testid': 'showdown', 'aria-labelledby': 'showdown-heading' });
  if (record.voided) {
    panel.append(
      element('h2', { id: 'showdown-heading' }, `Hand #${record.handNumber} voided`),
      element('p', {}, `${record.voided.reason}: every chip went back to where it was before the hand.`),
    );
    return panel;
  }
  if (record.shown.length === 0 && record.pots.length === 0) return null;
  panel.append(element('h2', { id: 'showdown-heading' }, `Hand #${record.handNumber}: ${record.ended ? 'result' : 'showdown'}`));
  if (record.shown.length || record.mucked.length) {
    panel.append(
      element(
        'ul',
        { class: 'shown-hands' },
        record.shown.map((s) =>
          element(
            'li',
            { 'data-testid': `shown-${s.seat}` },
            `${name(s.seat)} shows `,
            element(
              'span',
              { class: 'cards' },
              s.cards.map((c) => element('span', { class: `card suit-${c[1]}` }, c)),
            ),
            ` — ${handName([...s.cards, ...record.board]) || 'no board'}`,
          ),
        ),
        record.mucked.map((seat) => element('li', { 'data-testid': `mucked-${seat}`, class: 'quiet' }, `${name(seat)} mucked`)),
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
          element('strong', {}, p.winners.map((w) => `${name(w.seat)} wins ${w.amount}`).join(', ')),
        ),
      ),
    ),
  );
  return panel;
}
