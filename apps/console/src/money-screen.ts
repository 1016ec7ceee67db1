import type { FundReportRow } from '@felt/accounting';
import type { ConsoleContext } from './console-context.js';
import { countSheetPanel } from './count-sheet.js';
import { element } from './elements.js';
import { FeedbackSlots } from './feedback-slots.js';
import { redraw } from './form-drafts.js';
import { badBeatDesk, highHandDesk, seedFundPanel } from './jackpot-payout.js';
import { dollars } from './money-format.js';
import { pendingPanel } from './money-requests.js';
import type { MoneyActions, MoneyBook } from './money-types.js';
import { newCommandId } from './table-commands.js';

/** Who reads the book (GET /money/book): the floor, the count team, regulators. */
const READERS = new Set(['floor', 'count', 'regulator']);
const REFRESH_MS = 5000;

/**
 * The house's money (#/money; docs/money.md): the funds and their balances, the requests waiting for a second person
 * with what confirming each would record, the count sheet; the floor asks for jackpot payouts and seeds, the count
 * team enters counts, and either confirms what another person asked for. Regulators read it all and move nothing.
 * Read again every few seconds and after each command; what is typed survives (form-drafts.ts).
 */
export function moneyScreen(ctx: ConsoleContext): { node: HTMLElement; stop(): void } {
  const session = ctx.session();
  const role = session?.user.role ?? '';
  if (!READERS.has(role)) return { node: moneyForOthers(), stop: () => {} };
  const feedback = new FeedbackSlots();
  const funds = element('div', { 'data-testid': 'money-funds' }, 'Loading…');
  const pending = element('div', { 'data-testid': 'money-pending' });
  const payouts = element('div', { class: 'money-payouts' });
  const count = element('div', { 'data-testid': 'money-count' });
  const node = element(
    'section',
    { class: 'screen money-screen', 'aria-labelledby': 'money-heading' },
    element('h1', { id: 'money-heading' }, 'Money'),
    element(
      'p',
      {},
      role === 'regulator'
        ? 'What the book holds now; a regulator reads it and moves no money.'
        : 'Every payout, seed, fill, credit and count is asked for by one person and confirmed by another.',
    ),
    feedback.slot('money'),
    element('div', { class: 'money-grid' }, funds, pending, payouts, count),
  );
  let book: MoneyBook | null = null;
  const actions: MoneyActions = {
    feedback,
    role,
    userId: session?.user.id ?? '',
    get: (path) => ctx.api.get(path),
    send: (slot, path, body, done, form, doneIn = slot) => {
      const fieldset = form?.querySelector('fieldset');
      if (fieldset) fieldset.disabled = true;
      ctx.api
        .post(path, body, { 'Idempotency-Key': newCommandId() })
        .then(() => {
          (node.querySelector<HTMLFormElement>(`form[data-testid="${CSS.escape(slot)}"]`) ?? form)?.reset();
          feedback.succeeded(doneIn, done);
        })
        .catch((error: unknown) => feedback.refused(slot, error))
        .finally(() => {
          if (fieldset) fieldset.disabled = false;
          void load();
        });
    },
  };
  const badBeat = badBeatDesk(actions);
  const highHand = highHandDesk(actions);
  const render = () => {
    if (!book) return;
    redraw(funds, fundsPanel(book.funds));
    redraw(pending, pendingPanel(book, actions));
    if (role === 'floor') redraw(payouts, badBeat(book), highHand(book), seedFundPanel(book, actions));
    redraw(count, countSheetPanel(book, actions));
  };
  // A hand looked up for a bad beat is shown at once, not at the next read of the book.
  node.addEventListener('money-redraw', render);
  async function load(): Promise<void> {
    try {
      book = await ctx.api.get<MoneyBook>('/money/book');
      render();
    } catch (error) {
      feedback.refused('money', error);
    }
  }
  void load();
  const timer = window.setInterval(() => void load(), REFRESH_MS);
  return { node, stop: () => window.clearInterval(timer) };
}

function fundsPanel(funds: readonly FundReportRow[]): HTMLElement {
  return element(
    'section',
    { class: 'panel', 'aria-labelledby': 'funds-heading' },
    element('h2', { id: 'funds-heading' }, 'Funds'),
    funds.length === 0
      ? element('p', {}, 'No jackpot or promotion fund is open.')
      : element(
          'div',
          // Focusable: a keyboard scrolls a table wider than a phone.
          { class: 'table-scroll', tabindex: 0, role: 'region', 'aria-label': 'Funds' },
          element(
            'table',
            {},
            element(
              'thead',
              {},
              element(
                'tr',
                {},
                element('th', { scope: 'col' }, 'Fund'),
                ['Balance', 'Backup', 'Collected', 'Paid'].map((h) => element('th', { scope: 'col', class: 'amount' }, h)),
              ),
            ),
            element(
              'tbody',
              {},
              funds.map((f) =>
                element(
                  'tr',
                  { 'data-testid': `fund-${f.fundId}` },
                  element('th', { scope: 'row' }, `${f.name} (${f.kind === 'bad-beat' ? 'bad beat' : 'high hand'}, ${f.fundId})`),
                  [f.balance, f.backup, f.collected, f.paid].map((c) => element('td', { class: 'amount' }, dollars(c))),
                ),
              ),
            ),
          ),
        ),
  );
}

/** A dealer who opens #/money: where their money moves are (at their table), no form and no request. */
function moneyForOthers(): HTMLElement {
  return element(
    'section',
    { class: 'screen', 'aria-labelledby': 'money-heading', 'data-testid': 'money-not-yours' },
    element('h1', { id: 'money-heading' }, 'Money'),
    element(
      'p',
      {},
      "The book is for floor supervisors, the count team and regulators. A table's cash buy-ins, fills and credits are on the table's screen: ",
      element('a', { href: '#/lobby' }, 'your tables in the lobby'),
      '.',
    ),
  );
}
