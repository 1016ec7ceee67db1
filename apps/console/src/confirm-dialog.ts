import { element } from './elements.js';

/**
 * Asks before an action that cannot be taken back (a player cashed out, a table closed, a seat vacated, a role or a
 * password changed). An in-page modal <dialog>: the browser moves the focus into it and keeps it there, Escape is
 * Cancel, and a screen reader reads its title and sentence. The focus starts on Cancel, so a second tap or Enter
 * on the spot where the button was changes nothing. One dialog for the page, outside every panel, so a redraw of
 * the table or the room while it is open cannot take it away; `act` runs at most once, on the confirm button only.
 */
export function confirmFirst(question: string, sentence: string, yes: string, act: () => void): void {
  const dialog = theDialog();
  dialog.querySelector('[data-part="title"]')!.textContent = question;
  dialog.querySelector('[data-part="sentence"]')!.textContent = sentence;
  const buttons = dialog.querySelector('[data-part="buttons"]')!;
  const cancel = element('button', { type: 'button', 'data-testid': 'confirm-dialog-cancel' }, 'Cancel — change nothing');
  const confirm = element('button', { type: 'button', class: 'danger', 'data-testid': 'confirm-dialog-yes' }, yes);
  let done = false;
  cancel.addEventListener('click', () => dialog.close());
  confirm.addEventListener('click', () => {
    if (done) return;
    done = true;
    dialog.close();
    act();
  });
  buttons.replaceChildren(cancel, confirm);
  if (dialog.open) dialog.close();
  dialog.showModal();
  cancel.focus();
}

function theDialog(): HTMLDialogElement {
  const existing = document.getElementById('confirm-dialog');
  if (existing instanceof HTMLDialogElement) return existing;
  const dialog = element(
    'dialog',
    {
      id: 'confirm-dialog',
      class: 'confirm-dialog',
      'aria-labelledby': 'confirm-dialog-title',
      'aria-describedby': 'confirm-dialog-sentence',
      'data-testid': 'confirm-dialog',
    },
    element('h2', { id: 'confirm-dialog-title', 'data-part': 'title', 'data-testid': 'confirm-dialog-title' }),
    element('p', { id: 'confirm-dialog-sentence', 'data-part': 'sentence', 'data-testid': 'confirm-dialog-sentence' }),
    element('div', { class: 'row-controls', 'data-part': 'buttons' }),
  );
  document.body.append(dialog);
  return dialog;
}
