import type { ConsoleContext } from './console-context.js';
import { element, field, formValues } from './elements.js';
import { saveSession, type SignedInUser } from './session.js';

interface LoginAnswer {
  readonly accessToken: string;
  readonly expiresIn: number;
  readonly user: SignedInUser;
}

/** Sign in with a user name and password (POST /auth/login); the token is kept for this tab only. */
export function signInScreen(ctx: ConsoleContext, onSignedIn: () => void): HTMLElement {
  const form = element(
    'form',
    { 'data-testid': 'sign-in', 'aria-labelledby': 'sign-in-heading' },
    element('h1', { id: 'sign-in-heading' }, 'Sign in'),
    field(
      'User name',
      element('input', { name: 'username', type: 'text', required: true, autocomplete: 'username', 'data-testid': 'input-username' }),
    ),
    field(
      'Password',
      element('input', {
        name: 'password',
        type: 'password',
        required: true,
        autocomplete: 'current-password',
        'data-testid': 'input-password',
      }),
    ),
    element('button', { type: 'submit', 'data-testid': 'sign-in-submit' }, 'Sign in'),
    element(
      'p',
      {},
      element('a', { href: '#/enroll', 'data-testid': 'enroll-link' }, 'First sign-in, or a new code from the floor? Set your password'),
    ),
  );
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const { username, password } = formValues(form);
    try {
      const answer = await ctx.api.post<LoginAnswer>('/auth/login', { username, password });
      saveSession({ accessToken: answer.accessToken, user: answer.user, expiresAt: Date.now() + answer.expiresIn * 1000 });
      ctx.notice.clear();
      onSignedIn();
    } catch (error) {
      ctx.notice.error(error);
    }
  });
  return element('section', { class: 'screen' }, form);
}
