import { ApiError } from './api-client.js';
import type { ConsoleContext } from './console-context.js';
import { element, field, formValues } from './elements.js';
import { FeedbackSlots } from './feedback-slots.js';
import { rememberAlias } from './player-aliases.js';
import { recordBody, recordFields } from './player-record-fields.js';
import { newCommandId } from './table-commands.js';

/**
 * The floor registers a player at the desk (POST /players, docs/players.md): the casino's card number, or none for
 * one the API makes up, the name, the alias the board shows, a birth date and contact if given. Every problem the
 * API finds is said at once; a card already on the register is said in words. The new player's page opens after.
 */
export function registerForm(ctx: ConsoleContext): HTMLElement {
  const feedback = new FeedbackSlots();
  const card = element('input', { name: 'playerId', autocomplete: 'off', maxlength: 64, 'data-testid': 'input-playerId' });
  const form = element(
    'form',
    { 'data-testid': 'register-player', novalidate: true },
    element(
      'fieldset',
      { class: 'record-fields' },
      element('legend', {}, 'Register a player'),
      field('Card number (empty: one is made up)', card),
      ...recordFields(),
      element('button', { type: 'submit', 'data-testid': 'register-player-submit' }, 'Register'),
    ),
    feedback.slot('register-player'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const v = formValues(form);
    const request = { ...(v.playerId ? { playerId: v.playerId } : {}), ...recordBody(v) };
    void ctx.api
      .post<{ playerId: string }>('/players', request, { 'Idempotency-Key': newCommandId() })
      .then(({ playerId }) => {
        rememberAlias(playerId, v.alias ?? null);
        form.reset();
        ctx.go(`#/player/${encodeURIComponent(playerId)}`);
      })
      .catch((error) => {
        if (error instanceof ApiError && error.code === 'PLAYER_ALREADY_REGISTERED')
          return feedback.refusedHere(
            'register-player',
            `Card ${v.playerId} is already on the register; nothing was written. Find it above to open that player's page, or type another card number.`,
          );
        if (error instanceof ApiError && error.code === 'INVALID_REQUEST')
          return feedback.refusedHere('register-player', `Not registered, nothing was written: ${problemsOf(error)}.`);
        feedback.refused('register-player', error);
      });
  });
  return element('section', { class: 'panel', 'aria-label': 'Register a player' }, form);
}

/**
 * Every field the API refused, once each ("name: name may not be empty; alias: …"): its answer lists them all, and
 * the client repeats them after the detail in brackets.
 */
export function problemsOf(error: ApiError): string {
  const once = error.detail.slice(0, (error.detail.length - 3) / 2);
  return error.detail === `${once} (${once})` ? once : error.detail;
}
