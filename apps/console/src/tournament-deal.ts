import { dealAmounts, type DealMethod, type Entry } from '@felt/tournament';
import { confirmFirst } from './confirm-dialog.js';
import { element, field } from './elements.js';
import { isAlive, who } from './tournament-panels.js';
import type { Desk } from './tournament-types.js';

const METHODS = ['icm', 'chip-chop'] as const;
const methodWords = (method: DealMethod) => (method === 'icm' ? 'ICM deal' : 'chip chop');

/**
 * The deal calculator: what each player left would be paid by ICM and by chip chop (the library's own sums, the ones
 * the API records), with an amount left to play for if the players keep one back, and, once every player has agreed,
 * the deal recorded. Open only when a deal can be made: the registration closed, every player left in the money and
 * no deal made yet; after a deal that left an amount to play for, it says what was agreed.
 */
export function dealPanel(desk: Desk): HTMLElement {
  const { view } = desk;
  const alive = view.entryList.filter(isAlive);
  const prizes = view.payouts.map((p) => p.amount);
  const heading = element('h3', { id: 'deal-heading' }, 'Deal calculator (chip chop, ICM)');
  const panel = (...children: (HTMLElement | false)[]) =>
    element('div', { class: 'panel', 'aria-labelledby': 'deal-heading', 'data-testid': 'deal' }, heading, ...children);
  if (view.deal) return panel(dealMade(desk));
  if (view.status !== 'running' || view.registrationOpen || alive.length < 2 || alive.length > Math.min(prizes.length, 10))
    return panel(
      element(
        'p',
        { class: 'quiet', 'data-testid': 'deal-closed' },
        `A deal is possible once registration is closed and every player left is in the money: ${alive.length} left, ${prizes.length} places paid.`,
      ),
    );
  const form = dealForm(desk, alive, prizes);
  return panel(form, desk.feedback.slot('deal'));
}

/** A deal made that left an amount to play for: each one's share and what the last player standing takes on top. */
function dealMade(desk: Desk): HTMLElement {
  const deal = desk.view.deal!;
  const alias = new Map(desk.view.entryList.map((e) => [e.entryId, e.alias]));
  const shares = deal.shares.map((s) => `${alias.get(s.entryId)} ${s.amount}`).join(', ');
  return element(
    'p',
    { 'data-testid': 'deal-made' },
    `${methodWords(deal.method)} made: ${shares}. ${deal.leftToPlayFor ?? 0} left to play for: the last player standing takes it.`,
  );
}

/** What may be left to play for: blank is 0; a whole amount below the open prizes, a multiple of the unit. */
function leaveAmount(typed: string, open: number, roundTo: number): { amount: number; why: string | null } {
  const text = typed.trim();
  const amount = text === '' ? 0 : Number(text);
  const why =
    !Number.isSafeInteger(amount) || amount < 0
      ? 'a whole amount, 0 for none'
      : amount >= open
        ? `less than the ${open} the open places pay`
        : amount % roundTo !== 0
          ? `a multiple of ${roundTo}`
          : null;
  return { amount, why };
}

/** Each player left: chips, the two methods' shares (cells filled as the amount left is typed), their consent. */
function dealTable(alive: Entry[], cells: HTMLTableCellElement[][]): HTMLTableElement {
  return element(
    'table',
    {},
    element(
      'thead',
      {},
      element(
        'tr',
        {},
        ['Player', 'Chips', 'ICM', 'Chip chop', 'Agrees'].map((h) => element('th', { scope: 'col' }, h)),
      ),
    ),
    element(
      'tbody',
      {},
      alive.map((e, i) =>
        element(
          'tr',
          { 'data-testid': `deal-${e.entryId}` },
          element('td', {}, who(e)),
          element('td', {}, e.chips),
          cells[0]![i]!,
          cells[1]![i]!,
          element(
            'td',
            {},
            element('label', {}, element('input', { type: 'checkbox', name: 'consent', value: e.entryId }), ` ${e.alias} agrees`),
          ),
        ),
      ),
    ),
  );
}

function dealForm(desk: Desk, alive: Entry[], prizes: number[]): HTMLFormElement {
  const roundTo = desk.view.structure!.roundTo;
  const stacks = alive.map((e) => e.chips);
  const open = prizes.slice(0, alive.length).reduce((a, b) => a + b, 0);
  const leave = element('input', { name: 'leaveToPlayFor', type: 'number', min: 0, step: roundTo, inputmode: 'numeric' });
  const note = element('p', { class: 'quiet', 'data-testid': 'deal-leave-note', 'aria-live': 'polite' });
  const cell = (method: DealMethod, e: Entry) => element('td', { 'data-testid': `deal-${method === 'icm' ? 'icm' : 'chop'}-${e.entryId}` });
  const cells = METHODS.map((method) => alive.map((e) => cell(method, e)));
  /** The amount typed, or null with a note saying why it cannot be left (the API would refuse it too). */
  const left = (): number | null => {
    const { amount, why } = leaveAmount(leave.value, open, roundTo);
    note.textContent = why ? `Leave to play for: ${why}.` : amount > 0 ? `${amount} left for the last player standing.` : '';
    return why ? null : amount;
  };
  const shares = (method: DealMethod, amount: number) => dealAmounts(method, stacks, prizes, roundTo, amount);
  const fill = () => {
    const amount = left();
    METHODS.forEach((method, m) => {
      const paid = amount === null ? null : shares(method, amount);
      cells[m]!.forEach((td, i) => (td.textContent = paid ? String(paid[i]!) : '—'));
    });
  };
  fill();
  leave.addEventListener('input', fill);
  // A redraw that replaces this form copies a typed amount into it without an input event: recompute once it is drawn.
  queueMicrotask(() => {
    if (leave.isConnected) fill();
  });
  const form = element(
    'form',
    { 'data-testid': 'deal-form' },
    dealTable(alive, cells),
    element('div', { class: 'row-controls' }, field('Leave to play for', leave), note),
    element(
      'div',
      { class: 'row-controls' },
      METHODS.map((method) =>
        element('button', { type: 'submit', value: method, 'data-testid': `deal-${method}` }, `Record the ${methodWords(method)}`),
      ),
    ),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const method = ((event as SubmitEvent).submitter as HTMLButtonElement | null)?.value as DealMethod;
    const consents = [...form.querySelectorAll<HTMLInputElement>('input[name="consent"]:checked')].map((c) => c.value);
    const missing = alive.filter((e) => !consents.includes(e.entryId)).map((e) => e.alias);
    if (missing.length > 0)
      return desk.feedback.refusedHere(
        'deal',
        `Every player left must agree first: ${missing.join(', ')} ${missing.length === 1 ? 'has' : 'have'} not. Nothing was recorded.`,
      );
    const amount = left();
    if (amount === null) return desk.feedback.refusedHere('deal', `${note.textContent} Nothing was recorded.`);
    const paid = shares(method, amount);
    const list = alive.map((e, i) => `${e.alias} ${paid[i]}`).join(', ');
    const after =
      amount > 0
        ? `${amount} is left to play for: play goes on, the last player standing takes it.`
        : 'The tournament ends with these prizes.';
    const command = { type: 'Deal', method, consents, ...(amount > 0 ? { leaveToPlayFor: amount } : {}) };
    confirmFirst(
      `Record the ${methodWords(method)}?`,
      `${list}. ${after}`,
      'Record the deal',
      () => void desk.send('deal', command, () => `Deal recorded: ${list}.`),
    );
  });
  return form;
}
