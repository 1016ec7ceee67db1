import type { BadBeatShown, FundReportRow, FundRules, MoneyEvent, ShownHand } from '@felt/accounting';
import { cardFace } from './card-face.js';
import { confirmFirst } from './confirm-dialog.js';
import { element, field, formValues } from './elements.js';
import { centsOf, dollars, newRequestId } from './money-format.js';
import { sharesSentence } from './money-requests.js';
import type { MoneyActions, MoneyBook } from './money-types.js';

/** The fund's posted rules (a high hand's prize), recorded whole in its FundOpened (the first event of its history). */
async function rulesOf(actions: MoneyActions, fundId: string): Promise<FundRules> {
  const history = await actions.get<{ events: MoneyEvent[] }>(`/money/funds/${encodeURIComponent(fundId)}/history`);
  const opened = history.events.find((e) => e.type === 'FundOpened');
  if (!opened || opened.type !== 'FundOpened') throw new Error(`The rules of fund ${fundId} could not be read.`);
  return opened.rules;
}

function fundSelect(funds: readonly FundReportRow[], kind: string): HTMLSelectElement {
  return element(
    'select',
    { name: 'fundId', 'data-testid': 'input-fundId' },
    funds.filter((f) => f.kind === kind).map((f) => element('option', { value: f.fundId }, `${f.name} (${dollars(f.balance)})`)),
  );
}

/**
 * A bad-beat payout (floor): the table and hand, the qualifying hand shown as the log has it (the loser's and the
 * winner's shown cards) with the split by the fund's posted rules at its balance now (both from GET
 * /money/hands/:table/:hand/bad-beat), then the request after a confirmation naming every amount. A second person confirms it in the list above.
 */
export function badBeatDesk(actions: MoneyActions): (book: MoneyBook) => HTMLElement {
  let found: BadBeatShown | null = null;
  // Asked once: the hand leaves the desk (a refusal says why; look it up again to ask again).
  const asked = () => (found = null);
  const slot = 'bad-beat';
  const lookUp = async (form: HTMLFormElement) => {
    const { fundId = '', tableId = '', handNumber = '' } = formValues(form);
    if (!tableId || !/^\d+$/.test(handNumber))
      return actions.feedback.refusedHere(slot, 'Enter the table and the hand number. Nothing was looked up.');
    try {
      found = await actions.get<BadBeatShown>(
        `/money/hands/${encodeURIComponent(tableId)}/${handNumber}/bad-beat?fundId=${encodeURIComponent(fundId)}`,
      );
      actions.feedback.succeeded(slot, `Hand #${found.handNumber} of table ${found.tableId} qualifies.`);
    } catch (error) {
      found = null;
      actions.feedback.refused(slot, error);
    }
    form.dispatchEvent(new Event('money-redraw', { bubbles: true }));
  };
  return (book) => {
    const funds = book.funds.filter((f) => f.kind === 'bad-beat');
    const form = element(
      'form',
      { 'data-testid': 'bad-beat', class: 'inline-form' },
      field('Fund', fundSelect(book.funds, 'bad-beat')),
      field('Table', element('input', { name: 'tableId', type: 'text', autocomplete: 'off', 'data-testid': 'input-tableId' })),
      field('Hand', element('input', { name: 'handNumber', type: 'number', min: 1, 'data-testid': 'input-handNumber' })),
      element('button', { type: 'submit', 'data-testid': 'bad-beat-look' }, 'Show the hand'),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void lookUp(form);
    });
    const fund = found && funds.find((f) => f.fundId === found!.fundId);
    return element(
      'section',
      { class: 'panel', 'aria-labelledby': 'bad-beat-heading' },
      element('h2', { id: 'bad-beat-heading' }, 'Bad-beat payout'),
      funds.length === 0 ? element('p', {}, 'No bad-beat jackpot is open.') : form,
      actions.feedback.slot(slot),
      found && fund ? beatShown(found, fund, actions, asked) : null,
    );
  };
}

function beatShown(beat: BadBeatShown, fund: FundReportRow, actions: MoneyActions, asked: () => void): HTMLElement {
  const { rules, shares } = beat;
  const total = shares.reduce((sum, s) => sum + s.amount, 0);
  const ask = element('button', { type: 'button', class: 'primary', 'data-testid': 'bad-beat-ask' }, 'Ask for this payout');
  ask.addEventListener('click', () =>
    confirmFirst(
      `Ask for ${dollars(total)} from ${fund.name}?`,
      `Hand #${beat.handNumber} of table ${beat.tableId}: ${sharesSentence(shares)} (at the fund's balance of ${dollars(beat.balance)}). A second person confirms it before anything is paid.`,
      `Yes, ask for ${dollars(total)}`,
      () => {
        asked();
        actions.send(
          'bad-beat',
          '/money/requests/bad-beat',
          { requestId: newRequestId('badbeat'), fundId: fund.fundId, tableId: beat.tableId, handNumber: beat.handNumber },
          `Asked for the bad-beat payout of hand #${beat.handNumber} of table ${beat.tableId}: a second person confirms it under "Waiting for a second person".`,
        );
      },
    ),
  );
  return element(
    'div',
    { 'data-testid': 'bad-beat-hand' },
    element(
      'p',
      {},
      `Hand #${beat.handNumber} of table ${beat.tableId}, by ${rules.name}'s posted rules (${rules.qualifyingHand} or better beaten):`,
    ),
    element('ul', {}, shownLine('Lost', beat.loser), shownLine('Won', beat.winner)),
    element('p', {}, beat.table.length > 0 ? `The table's other players dealt in: ${beat.table.join(', ')}.` : 'Nobody else was dealt in.'),
    element('p', { 'data-testid': 'bad-beat-split' }, `The split now: ${sharesSentence(shares)}; ${dollars(total)} in all.`),
    ask,
  );
}

function shownLine(label: string, hand: ShownHand): HTMLElement {
  return element(
    'li',
    {},
    `${label}: seat ${hand.seat}, ${hand.playerId}, `,
    hand.holeCards.map((c) => cardFace(c)),
    ` ${hand.category.replace(/-/g, ' ')}`,
  );
}

/** A high-hand period's payout (floor): the fund, the period and its bounds; the winners come from the log. */
export function highHandDesk(actions: MoneyActions): (book: MoneyBook) => HTMLElement {
  const slot = 'high-hand';
  return (book) => {
    const funds = book.funds.filter((f) => f.kind === 'high-hand');
    const form = element(
      'form',
      { 'data-testid': slot, class: 'inline-form' },
      field('Fund', fundSelect(book.funds, 'high-hand')),
      field('Period', element('input', { name: 'period', type: 'text', autocomplete: 'off', 'data-testid': 'input-period' })),
      field('From', element('input', { name: 'from', type: 'datetime-local', 'data-testid': 'input-from' })),
      field('To', element('input', { name: 'to', type: 'datetime-local', 'data-testid': 'input-to' })),
      element('button', { type: 'submit', 'data-testid': 'high-hand-submit' }, 'Ask for the payout'),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const { fundId = '', period = '', from = '', to = '' } = formValues(form);
      const [start, end] = [Date.parse(from), Date.parse(to)];
      if (!period || !(start < end))
        return actions.feedback.refusedHere(slot, 'Name the period and give its start before its end. Nothing was sent.');
      const fund = funds.find((f) => f.fundId === fundId)!;
      void rulesOf(actions, fundId).then(
        (rules) =>
          confirmFirst(
            `Ask for the high-hand payout of ${period}?`,
            `${dollars(Math.min(rules.prize, fund.balance))} from ${fund.name} to the best hand shown from ${from.replace('T', ' ')} to ${to.replace('T', ' ')} (ties share it). A second person confirms it before anything is paid.`,
            'Yes, ask for it',
            () =>
              actions.send(
                slot,
                '/money/requests/high-hand',
                {
                  requestId: newRequestId('highhand'),
                  fundId,
                  period,
                  from: new Date(start).toISOString(),
                  to: new Date(end).toISOString(),
                },
                `Asked for the high-hand payout of ${period}: a second person confirms it under "Waiting for a second person".`,
                form,
              ),
          ),
        (error: unknown) => actions.feedback.refused(slot, error),
      );
    });
    return element(
      'section',
      { class: 'panel', 'aria-labelledby': 'high-hand-heading' },
      element('h2', { id: 'high-hand-heading' }, 'High-hand payout'),
      funds.length === 0 ? element('p', {}, 'No high-hand promotion is open.') : form,
      actions.feedback.slot(slot),
    );
  };
}

/** The house seeds a fund (floor asks, a second person confirms). */
export function seedFundPanel(book: MoneyBook, actions: MoneyActions): HTMLElement | null {
  if (book.funds.length === 0) return null;
  const slot = 'seed-fund';
  const form = element(
    'form',
    { 'data-testid': slot, class: 'inline-form' },
    field(
      'Fund',
      element(
        'select',
        { name: 'fundId', 'data-testid': 'input-fundId' },
        book.funds.map((f) => element('option', { value: f.fundId }, f.name)),
      ),
    ),
    field(
      'Amount ($)',
      element('input', { name: 'amount', type: 'text', inputmode: 'decimal', autocomplete: 'off', 'data-testid': 'input-amount' }),
    ),
    field('Note', element('input', { name: 'note', type: 'text', maxlength: 200, autocomplete: 'off', 'data-testid': 'input-note' })),
    element('button', { type: 'submit', 'data-testid': 'seed-fund-submit' }, 'Ask to seed'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const { fundId = '', amount = '', note = '' } = formValues(form);
    const cents = centsOf(amount);
    if (cents === null || !note)
      return actions.feedback.refusedHere(slot, 'Enter an amount in dollars (e.g. 500 or 500.25) and a note. Nothing was sent.');
    const name = book.funds.find((f) => f.fundId === fundId)?.name ?? fundId;
    confirmFirst(
      `Ask to seed ${name} with ${dollars(cents)}?`,
      `${dollars(cents)} of the house's money into ${name} (${note}), once a second person confirms.`,
      `Yes, ask for ${dollars(cents)}`,
      () =>
        actions.send(
          slot,
          '/money/requests',
          { requestId: newRequestId('seed'), request: { kind: 'SeedFund', fundId, amount: cents, note } },
          `Asked to seed ${name} with ${dollars(cents)}: a second person confirms it.`,
          form,
        ),
    );
  });
  return element(
    'section',
    { class: 'panel', 'aria-labelledby': 'seed-heading' },
    element('h2', { id: 'seed-heading' }, 'Seed a fund'),
    form,
    actions.feedback.slot(slot),
  );
}
