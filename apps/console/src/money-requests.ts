import type { MoneyEvent, MoneyRequest, PayoutShare } from '@felt/accounting';
import { confirmFirst } from './confirm-dialog.js';
import { element, field, formValues } from './elements.js';
import { dollars } from './money-format.js';
import type { MoneyActions, MoneyBook } from './money-types.js';
import { localTime } from './refusal-sentences.js';

type Pending = MoneyBook['pending'][number];

/**
 * The requests waiting for a second person (docs/money.md "Two people"): each in words, who asked and when, and what
 * confirming it would record now (the payout's shares, the count's variance) or why the book would refuse it. The
 * floor and the count team confirm or decline (with a reason); the one who asked is refused by the book
 * (SAME_PERSON), said beside the request. A regulator reads the list.
 */
export function pendingPanel(book: MoneyBook, actions: MoneyActions): HTMLElement {
  const funds = new Map(book.funds.map((f) => [f.fundId, f.name]));
  return element(
    'section',
    { class: 'panel', 'aria-labelledby': 'pending-heading' },
    element('h2', { id: 'pending-heading' }, 'Waiting for a second person'),
    actions.feedback.slot('pending'),
    book.pending.length === 0
      ? element('p', {}, 'Nothing is waiting.')
      : book.pending.map((p) => pendingItem(p, (id) => funds.get(id) ?? id, actions)),
  );
}

function pendingItem(p: Pending, fundName: (fundId: string) => string, actions: MoneyActions): HTMLElement {
  const what = requestSentence(p.request, fundName);
  const records = p.wouldRecord
    ? `Confirming records: ${p.wouldRecord.map((e) => recordedSentence(e, fundName)).join(' ')}`
    : `Confirming now would be refused: ${p.wouldRefuse?.message ?? 'the book refuses it'}.`;
  const asker = p.by.id === actions.userId ? 'you (another person must confirm it)' : `${p.by.id} (${p.by.role})`;
  const mayDecide = actions.role === 'floor' || actions.role === 'count';
  const slot = `request-${p.requestId}`;
  const decline = element(
    'form',
    { 'data-testid': `decline-${p.requestId}`, class: 'row-controls' },
    field('Reason', element('input', { name: 'reason', type: 'text', maxlength: 200, autocomplete: 'off', 'data-testid': 'input-reason' })),
    element('button', { type: 'submit', 'data-testid': `decline-${p.requestId}-submit` }, 'Decline'),
  );
  decline.addEventListener('submit', (event) => {
    event.preventDefault();
    const { reason } = formValues(decline);
    if (!reason) return actions.feedback.refusedHere(slot, 'Say why it is declined. Nothing was sent.');
    actions.send(slot, `/money/requests/${encodeURIComponent(p.requestId)}/decline`, { reason }, `Declined: ${what}.`, decline, 'pending');
  });
  const confirm = element('button', { type: 'button', class: 'primary', 'data-testid': `confirm-${p.requestId}` }, 'Confirm');
  confirm.addEventListener('click', () =>
    confirmFirst(`Confirm: ${what}?`, records, 'Yes, confirm', () =>
      actions.send(slot, `/money/requests/${encodeURIComponent(p.requestId)}/confirm`, {}, `Confirmed: ${what}.`, undefined, 'pending'),
    ),
  );
  return element(
    'article',
    { class: 'pending-request', 'data-testid': `pending-${p.requestId}` },
    element('p', {}, element('strong', {}, what)),
    element('p', {}, `Asked by ${asker} at ${localTime(p.at)}.`),
    element('p', { 'data-testid': `would-record-${p.requestId}` }, records),
    mayDecide && element('div', { class: 'row-controls' }, confirm, decline),
    actions.feedback.slot(slot),
  );
}

/** A request in the floor's words. */
export function requestSentence(r: MoneyRequest, fundName: (fundId: string) => string): string {
  switch (r.kind) {
    case 'SeedFund':
      return `Seed ${fundName(r.fundId)} with ${dollars(r.amount)} from the house (${r.note})`;
    case 'PayBadBeat':
      return `Bad-beat payout from ${fundName(r.fundId)} for hand #${r.handNumber} of table ${r.tableId}`;
    case 'PayHighHand':
      return `High-hand payout from ${fundName(r.fundId)} for ${r.period}`;
    case 'Fill':
      return `Fill of table ${r.tableId}'s tray from the cage: ${dollars(r.amount)} (shift ${r.shiftId})`;
    case 'Credit':
      return `Credit from table ${r.tableId}'s tray to the cage: ${dollars(r.amount)} (shift ${r.shiftId})`;
    case 'Count':
      return `Count of table ${r.tableId}'s box for shift ${r.shiftId}: ${dollars(r.counted)} counted`;
  }
}

/** What a confirmation records, as a sentence. */
function recordedSentence(e: MoneyEvent, fundName: (fundId: string) => string): string {
  switch (e.type) {
    case 'JackpotPaid':
      return `${dollars(e.total)} paid from ${fundName(e.fundId)}: ${sharesSentence(e.shares)}.`;
    case 'FundSeeded':
      return `${dollars(e.amount)} into ${fundName(e.fundId)} ${e.source === 'backup' ? 'from its backup' : 'from the house'}.`;
    case 'TrayFilled':
      return `${dollars(e.amount)} from the cage into table ${e.tableId}'s tray.`;
    case 'TrayCredited':
      return `${dollars(e.amount)} from table ${e.tableId}'s tray to the cage.`;
    case 'DropCounted':
      return `expected ${dollars(e.expected)}, counted ${dollars(e.counted)}, variance ${dollars(e.variance)}${e.reason ? ` (${e.reason})` : ''}.`;
    default:
      return `${e.type}.`;
  }
}

const SHARE_NAMES: Readonly<Record<PayoutShare['share'], string>> = {
  loser: 'the loser',
  winner: 'the winner',
  table: 'the table',
  'high-hand': 'the high hand',
};

/** "p1 (the loser) $500.00, p2 (the winner) $250.00, …" */
export function sharesSentence(shares: readonly PayoutShare[]): string {
  return shares.map((s) => `${s.playerId} (${SHARE_NAMES[s.share]}) ${dollars(s.amount)}`).join(', ');
}
