import type { User } from '@felt/staff';
import { APPROVAL_ASKED, APPROVAL_DECIDED, approvalsPanel } from './approvals-panel.js';
import type { ConsoleContext } from './console-context.js';
import { confirmFirst } from './confirm-dialog.js';
import { auditPanel, devicesPanel } from './devices-audit.js';
import { element, field, formValues } from './elements.js';
import { FeedbackSlots } from './feedback-slots.js';
import { redraw } from './form-drafts.js';

const ROLES = ['dealer', 'floor', 'regulator'] as const;

/** A floor supervisor or a regulator waits for another floor supervisor (202 APPROVAL_REQUIRED). */
interface ApprovalAsked {
  readonly code?: 'APPROVAL_REQUIRED';
  readonly approvalId?: string;
}
const WAITS = 'another floor supervisor must approve it in "Waiting for a second floor supervisor" within the hour';

/** What adding a user or resetting a password answers: a code to hand over, never a password. */
interface EnrollmentAnswer {
  readonly enrollmentCode: string;
  readonly expiresAt: string;
}

/**
 * Staff accounts (floor only; docs/api.md "Users"): add a dealer, floor supervisor or regulator, disable or enable,
 * change the role, reset the password. The floor gets a one-time enrollment code to hand over, never a password:
 * the person sets their own with it ("Set your password" on the sign-in screen).
 */
export function usersScreen(ctx: ConsoleContext): HTMLElement {
  const feedback = new FeedbackSlots();
  const tbody = element('tbody');
  const approvals = approvalsPanel(ctx);
  const asked = () => approvals.dispatchEvent(new Event(APPROVAL_ASKED));
  const enrollment = element('p', { class: 'one-time', 'data-testid': 'one-time-code', hidden: true, role: 'status' });
  const nameInput = element('input', { name: 'name', type: 'text', required: true, autocomplete: 'off', 'data-testid': 'input-new-user' });
  const roleSelect = element(
    'select',
    { name: 'role', 'data-testid': 'input-new-role' },
    ROLES.map((r) => element('option', { value: r }, r)),
  );
  const create = element(
    'form',
    { 'data-testid': 'create-user', class: 'inline-form' },
    field('User name', nameInput),
    field('Role', roleSelect),
    element('button', { type: 'submit', 'data-testid': 'create-user-submit' }, 'Add user'),
    feedback.slot('create-user'),
  );

  const showCode = (name: string, answer: EnrollmentAnswer) => {
    enrollment.replaceChildren(
      `Enrollment code for ${name}: `,
      element('code', { 'data-testid': 'code-value' }, answer.enrollmentCode),
      ` — hand it over now; it is not shown again. ${name} sets their own password with it before ${new Date(answer.expiresAt).toLocaleString()}.`,
    );
    enrollment.hidden = false;
  };
  const run = async (slot: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      feedback.refused(slot, error);
    }
    await load();
  };
  create.addEventListener('submit', (event) => {
    event.preventDefault();
    const { name, role } = formValues(create);
    if (!name) return feedback.refusedHere('create-user', 'Enter the user name. Nothing was sent.');
    void run('create-user', async () => {
      const answer = await ctx.api.post<EnrollmentAnswer & { user: User } & ApprovalAsked>('/users', { name, role });
      create.reset();
      if (answer.code === 'APPROVAL_REQUIRED') {
        asked();
        return feedback.succeeded('create-user', `${name} is not added yet: ${WAITS}; the one who approves gets the code.`);
      }
      feedback.succeeded('create-user', `${answer.user.name} added as ${answer.user.role}.`);
      showCode(answer.user.name, answer);
    });
  });

  function row(user: User): HTMLElement {
    const slot = `user-${user.name}`;
    const toggle = element(
      'button',
      { type: 'button', 'data-testid': `toggle-${user.name}` },
      user.disabled ? `Enable ${user.name}` : `Disable ${user.name}`,
    );
    const enable = () =>
      void run(slot, async () => {
        const answer = await ctx.api.send<ApprovalAsked>('PATCH', `/users/${encodeURIComponent(user.id)}`, { disabled: !user.disabled });
        // Enabling a floor supervisor or a regulator waits for a second floor supervisor.
        if (answer?.code === 'APPROVAL_REQUIRED') asked();
        feedback.succeeded(
          slot,
          answer?.code === 'APPROVAL_REQUIRED'
            ? `${user.name} is not enabled yet: ${WAITS}.`
            : `${user.name} ${user.disabled ? 'enabled' : 'disabled'}.`,
        );
      });
    // Enabling gives back what was; disabling ends the person's sessions at once: that one asks first.
    toggle.addEventListener('click', () =>
      user.disabled
        ? enable()
        : confirmFirst(
            `Disable ${user.name} (${user.role})?`,
            `${user.name} is signed out at their next request and cannot sign in until a floor supervisor enables them again.`,
            `Disable ${user.name}`,
            enable,
          ),
    );
    const reset = element('button', { type: 'button', 'data-testid': `reset-${user.name}` }, `New password for ${user.name}`);
    reset.addEventListener('click', () =>
      confirmFirst(
        `A new password for ${user.name} (${user.role})?`,
        `${user.name}'s password stops working and their sessions end now; they set a new one with the one-time code shown here.`,
        `New password for ${user.name}`,
        () =>
          void run(slot, async () => {
            const answer = await ctx.api.post<EnrollmentAnswer>(`/users/${encodeURIComponent(user.id)}/password`, {});
            feedback.succeeded(slot, `The password of ${user.name} is reset: their sessions end, and they set a new one with the code.`);
            showCode(user.name, answer);
          }),
      ),
    );
    return element(
      'tr',
      { 'data-testid': `user-row-${user.name}`, class: user.disabled ? 'disabled' : null },
      element('th', { scope: 'row' }, user.name),
      element('td', {}, roleForm(user, slot)),
      element('td', { 'data-testid': `user-state-${user.name}` }, user.disabled ? 'disabled' : 'active'),
      element('td', {}, toggle, ' ', reset, feedback.slot(slot)),
    );
  }

  /** The role changes only on its button, after a confirmation naming the old and the new role (never as picked). */
  function roleForm(user: User, slot: string): HTMLFormElement {
    const roleId = `role-${user.name}`;
    const role = element(
      'select',
      { id: roleId, name: 'role', 'data-testid': roleId },
      ROLES.map((r) => element('option', { value: r, selected: r === user.role }, r)),
    );
    const form = element(
      'form',
      // The role as stored is part of the form's shape: once it changes, the redraw draws the form anew (form-drafts.ts).
      { class: 'inline-form', 'data-testid': `role-form-${user.name}`, 'data-role': user.role },
      element('label', { for: roleId, class: 'visually-hidden' }, `Role of ${user.name}`),
      role,
      element('button', { type: 'submit', 'data-testid': `role-apply-${user.name}` }, `Change role of ${user.name}`),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const to = role.value;
      if (to === user.role) return feedback.refusedHere(slot, `${user.name} is already ${to}: pick another role first. Nothing was sent.`);
      confirmFirst(
        `Make ${user.name} ${to}?`,
        `${user.name} is ${user.role} now and becomes ${to}: what they may see and do changes at their next request.`,
        `Make ${user.name} ${to}`,
        () =>
          void run(slot, async () => {
            const answer = await ctx.api.send<ApprovalAsked>('PATCH', `/users/${encodeURIComponent(user.id)}`, { role: to });
            if (answer?.code === 'APPROVAL_REQUIRED') asked();
            feedback.succeeded(
              slot,
              answer?.code === 'APPROVAL_REQUIRED' ? `${user.name} is not ${to} yet: ${WAITS}.` : `${user.name} is now ${to}.`,
            );
          }),
      );
    });
    return form;
  }

  async function load(): Promise<void> {
    try {
      const answer = await ctx.api.get<{ users: User[] }>('/users');
      // A role picked but not yet applied stays picked (form-drafts.ts) when the list is read again.
      redraw(tbody, answer.users.map(row));
    } catch (error) {
      feedback.refused('users', error);
    }
  }
  void load();
  approvals.addEventListener(APPROVAL_DECIDED, () => void load());
  return element(
    'section',
    { class: 'screen users-screen', 'aria-labelledby': 'users-heading' },
    element('h1', { id: 'users-heading' }, 'Staff'),
    feedback.slot('users'),
    approvals,
    element('section', { class: 'panel' }, element('h2', {}, 'Add a user'), create, enrollment),
    element(
      'table',
      { class: 'users', 'data-testid': 'users' },
      element(
        'thead',
        {},
        element(
          'tr',
          {},
          ['User', 'Role', 'State', ''].map((h) => element('th', { scope: 'col' }, h)),
        ),
      ),
      tbody,
    ),
    devicesPanel(ctx),
    auditPanel(ctx),
  );
}
