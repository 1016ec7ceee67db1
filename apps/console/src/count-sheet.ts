import type { CountRow } from '@felt/accounting';
import { confirmFirst } from './confirm-dialog.js';
import { element, field, formValues } from './elements.js';
import { centsOf, dollars, newRequestId, todaysShift } from './money-format.js';
import type { MoneyActions, MoneyBook } from './money-types.js';

/**
 * The count sheet (docs/money.md "Reports"): per table and shift, what the box should hold (the cash buy-ins
 * recorded at the table) against what the count team counted, the variance and its reason, fills, credits and chips
 * from the cage. The count team (or the floor) enters a count; a variance needs a reason (the book refuses one
 * without: VARIANCE_NEEDS_REASON), and a second person confirms it above. A recount is a new count.
 */
export function countSheetPanel(book: MoneyBook, actions: MoneyActions): HTMLElement {
  const mayCount = actions.role === 'floor' || actions.role === 'count';
  return element(
    'section',
    { class: 'panel', 'aria-labelledby': 'count-heading' },
    element('h2', { id: 'count-heading' }, 'Count sheet'),
    book.countSheet.length === 0 ? element('p', {}, 'No cash is recorded at any table yet.') : sheet(book.countSheet),
    mayCount ? countForm(book.countSheet, actions) : null,
  );
}

function sheet(rows: readonly CountRow[]): HTMLElement {
  const heads = ['Expected', 'Counted', 'Variance', 'Fills', 'Credits', 'From the cage'];
  return element(
    'div',
    // Focusable: a keyboard scrolls a table wider than a phone.
    { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Count sheet' },
    element(
      'table',
      { 'data-testid': 'count-sheet' },
      element(
        'thead',
        {},
        element(
          'tr',
          {},
          element('th', { scope: 'col' }, 'Table, shift'),
          heads.map((h) => element('th', { scope: 'col', class: 'amount' }, h)),
          element('th', { scope: 'col' }, 'Reason'),
        ),
      ),
      element(
        'tbody',
        {},
        rows.map((r) =>
          element(
            'tr',
            { 'data-testid': `count-${r.tableId}-${r.shiftId}` },
            element('th', { scope: 'row' }, `${r.tableId}, ${r.shiftId}`),
            element('td', { class: 'amount' }, dollars(r.expected)),
            element('td', { class: 'amount' }, r.counted === null ? 'not counted' : dollars(r.counted)),
            element(
              'td',
              { class: r.variance !== null && r.variance < 0 ? 'amount variance-short' : 'amount' },
              r.variance === null ? '' : r.variance === 0 ? 'none' : `${dollars(r.variance)} ${r.variance < 0 ? 'short' : 'over'}`,
            ),
            [r.fills, r.credits, r.chipsFromCage].map((c) => element('td', { class: 'amount' }, dollars(c))),
            element('td', {}, r.reason ?? ''),
          ),
        ),
      ),
    ),
  );
}

function countForm(rows: readonly CountRow[], actions: MoneyActions): HTMLElement {
  const slot = 'count';
  const form = element(
    'form',
    { 'data-testid': slot, class: 'inline-form' },
    field('Table', element('input', { name: 'tableId', type: 'text', autocomplete: 'off', 'data-testid': 'input-tableId' })),
    field(
      'Shift',
      element('input', { name: 'shiftId', type: 'text', value: todaysShift(), autocomplete: 'off', 'data-testid': 'input-shiftId' }),
    ),
    field(
      'The box holds ($)',
      element('input', { name: 'counted', type: 'text', inputmode: 'decimal', autocomplete: 'off', 'data-testid': 'input-counted' }),
    ),
    field(
      'Reason for a variance',
      element('input', { name: 'reason', type: 'text', maxlength: 200, autocomplete: 'off', 'data-testid': 'input-reason' }),
    ),
    element('button', { type: 'submit', 'data-testid': 'count-submit' }, 'Enter the count'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const { tableId = '', shiftId = '', counted = '', reason = '' } = formValues(form);
    const cents = centsOf(counted, { allowZero: true });
    if (!tableId || !shiftId || cents === null)
      return actions.feedback.refusedHere(
        slot,
        'Enter the table, the shift and what the box holds in dollars (e.g. 1250 or 1250.50). Nothing was sent.',
      );
    const expected = rows.find((r) => r.tableId === tableId && r.shiftId === shiftId)?.expected ?? 0;
    const variance = cents - expected;
    confirmFirst(
      `Enter the count of table ${tableId}, shift ${shiftId}?`,
      `The box holds ${dollars(cents)} against ${dollars(expected)} expected: ${variance === 0 ? 'no variance' : `${dollars(variance)} ${variance < 0 ? 'short' : 'over'}`}${reason ? ` (${reason})` : ''}. A second person confirms it.`,
      `Yes, enter ${dollars(cents)}`,
      () =>
        actions.send(
          slot,
          '/money/requests',
          { requestId: newRequestId('count'), request: { kind: 'Count', tableId, shiftId, counted: cents, ...(reason ? { reason } : {}) } },
          `Count of table ${tableId}, shift ${shiftId} entered (${dollars(cents)}): a second person confirms it.`,
          form,
        ),
    );
  });
  return element('div', {}, element('h3', {}, 'Enter a count'), form, actions.feedback.slot(slot));
}
