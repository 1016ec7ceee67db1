import type { ConsoleContext } from './console-context.js';
import { element, replaceChildren } from './elements.js';
import { FeedbackSlots } from './feedback-slots.js';

/** A widening request waiting for a second floor supervisor (GET /approvals). */
interface PendingWidening {
  readonly approvalId: string;
  readonly tableId: string;
  readonly widens: string;
  readonly requestedBy: { readonly id: string; readonly name?: string };
  readonly expiresAt: string;
}

/**
 * Two people for a widening (docs/security.md "Insiders", row 3): the requests one floor supervisor made that widen
 * who sees or chooses cards, each with Approve (another floor supervisor; the API refuses the one who asked) and
 * Refuse (or withdraw, for the one who asked). Shown on the Staff screen, to floor supervisors only.
 */
export function approvalsPanel(ctx: ConsoleContext): HTMLElement {
  const feedback = new FeedbackSlots();
  const list = element('ul', { class: 'approvals', 'data-testid': 'approvals' });

  const decide = (pending: PendingWidening, verb: 'approve' | 'refuse', done: string) =>
    void (async () => {
      try {
        await ctx.api.post(`/approvals/${encodeURIComponent(pending.approvalId)}/${verb}`, {});
        feedback.succeeded('approvals', done);
      } catch (error) {
        feedback.refused('approvals', error);
      }
      await load();
    })();

  function item(pending: PendingWidening): HTMLElement {
    const who = pending.requestedBy.name ?? pending.requestedBy.id;
    const approve = element('button', { type: 'button', 'data-testid': `approve-${pending.tableId}` }, `Approve for ${pending.tableId}`);
    approve.addEventListener('click', () => decide(pending, 'approve', `Approved: table ${pending.tableId}, ${pending.widens}.`));
    const refuse = element('button', { type: 'button', 'data-testid': `refuse-${pending.tableId}` }, `Refuse for ${pending.tableId}`);
    refuse.addEventListener('click', () => decide(pending, 'refuse', `Refused: table ${pending.tableId}; nothing was changed.`));
    return element(
      'li',
      { 'data-testid': `approval-${pending.tableId}` },
      `${who} asks, for table ${pending.tableId}: ${pending.widens} (until ${new Date(pending.expiresAt).toLocaleTimeString()}). `,
      approve,
      ' ',
      refuse,
    );
  }

  async function load(): Promise<void> {
    try {
      const answer = await ctx.api.get<{ approvals: PendingWidening[] }>('/approvals');
      replaceChildren(
        list,
        answer.approvals.length === 0
          ? [element('li', { 'data-testid': 'no-approvals' }, 'No request is waiting.')]
          : answer.approvals.map(item),
      );
    } catch (error) {
      feedback.refused('approvals', error);
    }
  }
  void load();
  return element(
    'section',
    { class: 'panel', 'data-testid': 'approvals-panel' },
    element('h2', {}, 'Waiting for a second floor supervisor'),
    feedback.slot('approvals'),
    list,
  );
}
