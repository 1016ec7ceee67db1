import type { ApiClient } from './api-client.js';
import { confirmFirst } from './confirm-dialog.js';
import { element, field, formValues } from './elements.js';
import type { FeedbackSlots } from './feedback-slots.js';
import { centsOf, dollars, newRequestId, todaysShift } from './money-format.js';
import { newCommandId } from './table-commands.js';
import type { TableView } from './table-types.js';

const CASH_KINDS = { CashBuyIn: 'Cash buy-in (cash into the drop box)', ChipsFromCage: 'Chips bought at the cage' } as const;
const TRAY_KINDS = { Fill: 'Fill (cage → tray)', Credit: 'Credit (tray → cage)' } as const;

/**
 * A table's cash (docs/money.md), for its assigned dealer and the floor: a cash buy-in (the money goes into the drop
 * box, the dealer gives the player chips for it) or chips the player bought at the cage, each recorded after a
 * confirmation naming the player and the amount; a fill or a credit of the dealer's tray, asked for here and
 * confirmed by a second person on the Money screen. Amounts are typed in dollars, recorded in cents.
 */
export function tableCash(api: ApiClient, view: TableView, feedback: FeedbackSlots): HTMLElement {
  const tableId = view.tableId;
  const players = view.seats.map((s) => s.playerId).filter((p): p is string => typeof p === 'string');
  const send = (slot: string, path: string, body: unknown, done: string, form: HTMLFormElement) => {
    const fieldset = form.querySelector('fieldset');
    if (fieldset) fieldset.disabled = true;
    api
      .post(path, body, { 'Idempotency-Key': newCommandId() })
      .then(() => {
        (document.querySelector<HTMLFormElement>(`form[data-testid="${slot}"]`) ?? form).reset();
        feedback.succeeded(slot, done);
      })
      .catch((error: unknown) => feedback.refused(slot, error))
      .finally(() => {
        if (fieldset) fieldset.disabled = false;
      });
  };
  const shiftField = () =>
    field(
      'Shift',
      element('input', { name: 'shiftId', type: 'text', value: todaysShift(), autocomplete: 'off', 'data-testid': 'input-shiftId' }),
    );
  const amountField = () =>
    field(
      'Amount ($)',
      element('input', { name: 'amount', type: 'text', inputmode: 'decimal', autocomplete: 'off', 'data-testid': 'input-amount' }),
    );

  const cash = element(
    'form',
    { 'data-testid': 'table-cash' },
    element(
      'fieldset',
      {},
      element('legend', {}, 'Cash and chips in'),
      field(
        'Kind',
        element(
          'select',
          { name: 'kind', 'data-testid': 'input-kind' },
          Object.entries(CASH_KINDS).map(([v, l]) => element('option', { value: v }, l)),
        ),
      ),
      field(
        'Player',
        element('input', {
          name: 'playerId',
          type: 'text',
          list: `players-${tableId}`,
          autocomplete: 'off',
          'data-testid': 'input-playerId',
        }),
      ),
      element(
        'datalist',
        { id: `players-${tableId}` },
        players.map((p) => element('option', { value: p })),
      ),
      amountField(),
      shiftField(),
      element('button', { type: 'submit', 'data-testid': 'table-cash-submit' }, 'Record'),
    ),
    feedback.slot('table-cash'),
  );
  cash.addEventListener('submit', (event) => {
    event.preventDefault();
    const { kind = 'CashBuyIn', playerId = '', amount = '', shiftId = '' } = formValues(cash);
    const cents = centsOf(amount);
    if (!playerId || !shiftId || cents === null)
      return feedback.refusedHere(
        'table-cash',
        'Enter the player, the amount in dollars (e.g. 200 or 200.50) and the shift. Nothing was sent.',
      );
    const buyIn = kind === 'CashBuyIn';
    confirmFirst(
      buyIn ? `Cash buy-in of ${dollars(cents)} for ${playerId}?` : `${playerId} brings ${dollars(cents)} of chips from the cage?`,
      buyIn
        ? `${playerId} puts ${dollars(cents)} down at table ${tableId}: the cash goes into the drop box and ${playerId} gets ${dollars(cents)} in chips (shift ${shiftId}).`
        : `${playerId} sits down at table ${tableId} with ${dollars(cents)} of chips bought at the cage: nothing goes into the box (shift ${shiftId}).`,
      `Yes, record ${dollars(cents)} for ${playerId}`,
      () =>
        send(
          'table-cash',
          '/money/cash',
          { type: kind, tableId, shiftId, playerId, amount: cents },
          buyIn
            ? `Recorded: ${playerId}'s cash buy-in of ${dollars(cents)} into the box.`
            : `Recorded: ${playerId}'s ${dollars(cents)} of chips from the cage.`,
          cash,
        ),
    );
  });

  const tray = element(
    'form',
    { 'data-testid': 'table-tray' },
    element(
      'fieldset',
      {},
      element('legend', {}, "The dealer's tray"),
      field(
        'Kind',
        element(
          'select',
          { name: 'kind', 'data-testid': 'input-kind' },
          Object.entries(TRAY_KINDS).map(([v, l]) => element('option', { value: v }, l)),
        ),
      ),
      amountField(),
      shiftField(),
      element('button', { type: 'submit', 'data-testid': 'table-tray-submit' }, 'Ask for it'),
    ),
    feedback.slot('table-tray'),
  );
  tray.addEventListener('submit', (event) => {
    event.preventDefault();
    const { kind = 'Fill', amount = '', shiftId = '' } = formValues(tray);
    const cents = centsOf(amount);
    if (!shiftId || cents === null)
      return feedback.refusedHere('table-tray', 'Enter the amount in dollars and the shift. Nothing was sent.');
    const fill = kind === 'Fill';
    const what = fill
      ? `a fill of ${dollars(cents)} from the cage into table ${tableId}'s tray`
      : `a credit of ${dollars(cents)} from table ${tableId}'s tray to the cage`;
    confirmFirst(
      `Ask for ${what}?`,
      `Nothing moves until a floor supervisor or the count team confirms it on the Money screen (shift ${shiftId}).`,
      `Yes, ask for ${dollars(cents)}`,
      () =>
        send(
          'table-tray',
          '/money/requests',
          { requestId: newRequestId(kind), request: { kind, tableId, shiftId, amount: cents } },
          `Asked for ${what}: a second person confirms it on the Money screen.`,
          tray,
        ),
    );
  });
  return element(
    'section',
    { class: 'panel table-cash', 'aria-labelledby': 'cash-heading' },
    element('h2', { id: 'cash-heading' }, 'Cash at this table'),
    cash,
    tray,
  );
}
