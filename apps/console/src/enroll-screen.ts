import type { ConsoleContext } from './console-context.js';
import { element, field, formValues } from './elements.js';

/**
 * First sign-in, or after a reset (POST /auth/enroll): the person types the one-time code the floor handed them and
 * chooses their own password, which no one else ever sees (docs/security.md "Insiders", row 3). Then they sign in.
 */
export function enrollScreen(ctx: ConsoleContext): HTMLElement {
  const form = element(
    'form',
    { 'data-testid': 'enroll', 'aria-labelledby': 'enroll-heading' },
    element('h1', { id: 'enroll-heading' }, 'Set your password'),
    element('p', {}, 'With the one-time code a floor supervisor handed you (a new account, or after a reset).'),
    field(
      'Your name',
      element('input', { name: 'username', type: 'text', required: true, autocomplete: 'username', 'data-testid': 'enroll-username' }),
    ),
    field(
      'Enrollment code',
      element('input', { name: 'code', type: 'text', required: true, autocomplete: 'one-time-code', 'data-testid': 'enroll-code' }),
    ),
    field(
      'Choose a secret (8 characters or more)',
      element('input', {
        name: 'password',
        type: 'password',
        required: true,
        minlength: '8',
        autocomplete: 'new-password',
        'data-testid': 'enroll-secret',
      }),
    ),
    element('button', { type: 'submit', 'data-testid': 'enroll-submit' }, 'Set it'),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const { username, code, password } = formValues(form);
    try {
      await ctx.api.post('/auth/enroll', { username, code, password });
      ctx.go('#/sign-in');
      ctx.notice.info('Your password is set: sign in with it.');
    } catch (error) {
      ctx.notice.error(error);
    }
  });
  return element('section', { class: 'screen' }, form);
}
