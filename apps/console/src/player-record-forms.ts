import type { PlayerPage } from '@felt/players';
import { ApiError } from './api-client.js';
import { confirmFirst } from './confirm-dialog.js';
import { element, formValues } from './elements.js';
import type { FeedbackSlots } from './feedback-slots.js';
import { recordBody, recordFields, statusField } from './player-record-fields.js';
import { problemsOf } from './player-register.js';

/** A write from the player's page: the method, the route under /players/:id, what to say when done, the form sent. */
export type PlayerWrite = (
  slot: string,
  route: string,
  request: Record<string, unknown>,
  done: string,
  options?: { method?: 'POST' | 'PATCH'; sent?: HTMLFormElement; refused?: (error: unknown) => boolean },
) => void;

/**
 * Changing the record and the status (PATCH /players/:id): the fields start as the record is; what the floor types
 * stays through the page's redraws (form-drafts.ts), and goes only when sent. An emptied birth date or contact is
 * removed from the record.
 */
export function editForm(page: PlayerPage, feedback: FeedbackSlots, write: PlayerWrite): HTMLFormElement {
  const form = element(
    'form',
    { 'data-testid': 'edit-player', novalidate: true },
    element(
      'fieldset',
      { class: 'record-fields' },
      element('legend', {}, 'Change the record'),
      ...recordFields(page),
      statusField(page),
      element('button', { type: 'submit', 'data-testid': 'edit-player-submit' }, 'Save the record'),
    ),
    feedback.slot('edit-player'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const v = formValues(form);
    const record = recordBody(v);
    const request = { ...record, birthDate: v.birthDate || null, contact: record.contact ?? {}, status: v.status };
    write('edit-player', '', request, 'The record is saved.', {
      method: 'PATCH',
      sent: form,
      refused: (error) => {
        if (!(error instanceof ApiError && error.code === 'INVALID_REQUEST')) return false;
        feedback.refusedHere('edit-player', `Not saved, nothing was written: ${problemsOf(error)}.`);
        return true;
      },
    });
  });
  return form;
}

/**
 * Erasure (POST /players/:id/erase), after a confirmation that names the player and says what goes and what stays
 * (docs/players.md "Erasure"): it cannot be undone.
 */
export function erasePanel(page: PlayerPage, who: string, write: PlayerWrite): HTMLElement {
  const erase = element('button', { type: 'button', class: 'danger', 'data-testid': 'erase-player' }, 'Erase the record…');
  const name = page.alias ?? page.playerId;
  erase.addEventListener('click', () =>
    confirmFirst(
      `Erase ${who}?`,
      `The name, alias, birth date, contact and every note are deleted for good; this cannot be undone. What stays is pseudonymous: card ${page.playerId}, the bans (which still refuse a seat) and the sessions. The log is not rewritten and still verifies. The board will no longer show ${name}.`,
      `Erase ${name}'s record`,
      // Said at the page's top: the panel goes with the record.
      () => write('player', '/erase', {}, `${name}'s record is erased.`),
    ),
  );
  return element(
    'section',
    { class: 'panel', 'aria-labelledby': 'erase-heading' },
    element('h2', { id: 'erase-heading' }, 'Erasure'),
    element('p', {}, "A player's right to erasure: the personal record and the notes go; the card, bans and sessions stay."),
    erase,
  );
}
