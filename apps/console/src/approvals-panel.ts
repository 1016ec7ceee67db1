import type { PendingWidening } from '@felt/staff';
import type { ConsoleContext } from './console-context.js';
import { element, replaceChildren } from './elements.js';
import { FeedbackSlots } from './feedback-slots.js';

/** Dispatched on the panel when a request was made elsewhere on the screen: it lists the requests again. */
export const APPROVAL_ASKED = 'approval-asked';
/** Dispatched by the panel (bubbling) when a request was approved or refused. */
export const APPROVAL_DECIDED = 'approval-decided';

/**
 * Two people for a widening (docs/security.md "Insiders", row 3): the requests one floor supervisor made that widen
 * who sees or chooses cards (a table's rules, its dealer, a new floor supervisor or regulator), each with Approve (another floor supervisor; the API refuses the one who asked) and
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
        panel.dispatchEvent(new Event(APPROVAL_DECIDED, { bubbles: true })); // the Staff screen shows a new user or role
      } catch (error) {
        feedback.refused('approvals', error);
      }
      await load();
    })();

  function item(pending: PendingWidening): HTMLElement {
    const who = pending.requestedBy.name ?? pending.requestedBy.id;
    // A table's request names the table; a staff request the user it is about.
    const [key, what] = pending.tableId
      ? [pending.tableId, `table ${pending.tableId}`]
      : [`user-${String(pending.command.name)}`, `user ${String(pending.command.name)}`];
    const approve = element('button', { type: 'button', 'data-testid': `approve-${key}` }, `Approve for ${what}`);
    approve.addEventListener('click', () => decide(pending, 'approve', `Approved: ${what}, ${pending.widens}.`));
    const refuse = element('button', { type: 'button', 'data-testid': `refuse-${key}` }, `Refuse for ${what}`);
    refuse.addEventListener('click', () => decide(pending, 'refuse', `Refused: ${what}; nothing was changed.`));
    return element(
      'li',
      { 'data-testid': `approval-${key}` },
      `${who} asks, for ${what}: ${pending.widens} (until ${new Date(pending.expiresAt).toLocaleTimeString()}). `,
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
  const panel = element(
    'section',
    { class: 'panel', 'data-testid': 'approvals-panel' },
    element('h2', {}, 'Waiting for a second floor supervisor'),
    feedback.slot('approvals'),
    list,
  );
  panel.addEventListener(APPROVAL_ASKED, () => void load());
  return panel;
}
