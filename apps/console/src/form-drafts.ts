import { append, type Child } from './elements.js';

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const CONTROLS = 'input, select, textarea';
/** Inputs a person types into (not ticks or picks). */
const TYPED = new Set(['', 'text', 'number', 'search', 'tel', 'url', 'email', 'password']);

/**
 * Replaces everything inside `parent` (as replaceChildren does) without losing what a person has typed or is typing
 * into its forms. Someone else's command redraws a table's forms at any moment: between two key presses, or
 * between selecting a field's text and typing over it.
 * - A form in use (a field changed from what was drawn, or the focus inside it) that the redraw draws the same but
 *   for its fields' values stays on screen itself: its values, its focus and the selection in it. Its untouched
 *   fields take the redraw's suggestions (the next free seat, say).
 * - A form the redraw changes (other choices, another hand) is replaced, and its changed values go into the new
 *   form's fields of the same name, the focus to the field that had it.
 * Forms are matched by data-testid (else their first control's id), fields by name (else id). A typed field outside
 * any form (a buy-in beside its button) is matched by data-testid (else id) and gets its value and focus back.
 * Only within one screen: a different screen's form of the same name is not the same form.
 */
export function redraw(parent: Element, ...children: (Child | Child[])[]): void {
  watchTyping();
  const focused = document.activeElement instanceof HTMLElement && parent.contains(document.activeElement) ? document.activeElement : null;
  const inUse = [...parent.querySelectorAll('form')].filter(
    (form) => controlsOf(form).some(changed) || (focused !== null && form.contains(focused)),
  );
  const loose = [...parent.querySelectorAll<HTMLInputElement>('input')].filter(
    (input) => TYPED.has(input.type) && !input.form && (changed(input) || input === focused),
  );
  const selection = focused ? selectionOf(focused) : null;
  parent.replaceChildren();
  append(parent, children);
  for (const old of inUse) {
    const drawn = [...parent.querySelectorAll('form')].find((form) => formKey(form) === formKey(old));
    if (!drawn) continue;
    if (shape(old) === shape(drawn)) {
      takeSuggestions(old, drawn, focused);
      drawn.replaceWith(old);
      if (focused && old.contains(focused)) focused.focus();
    } else {
      for (const control of controlsOf(old)) {
        const counterpart = controlsOf(drawn).find((c) => controlKey(c) === controlKey(control) && c.type === control.type);
        if (counterpart && changed(control)) copyValue(control, counterpart);
        if (counterpart && control === focused) refocus(counterpart, selection);
      }
    }
  }
  // A button or a card key that had the focus: the redrawn one of the same data-testid gets it (a dealer picking cards).
  if (focused && !focused.isConnected && focused.dataset.testid && document.activeElement === document.body)
    parent.querySelector<HTMLElement>(`[data-testid="${CSS.escape(focused.dataset.testid)}"]`)?.focus();
  for (const input of loose) {
    const counterpart = [...parent.querySelectorAll<HTMLInputElement>('input')].find(
      (c) => !c.form && controlKey(c) === controlKey(input) && c.type === input.type,
    );
    if (!counterpart) continue;
    if (changed(input)) copyValue(input, counterpart);
    if (input === focused) refocus(counterpart, selection);
  }
}

function controlsOf(form: HTMLFormElement): Control[] {
  return [...form.querySelectorAll<Control>(CONTROLS)];
}

function formKey(form: HTMLFormElement): string {
  return form.dataset.testid ?? form.querySelector('[id]')?.id ?? '';
}

function controlKey(control: Control): string {
  return control.getAttribute('name') || control.id || control.dataset.testid || '';
}

/**
 * The controls a person has typed into, ticked or picked since they were drawn (or their form was last reset): these
 * keep their value through a redraw even when it equals what was drawn. A seat typed as 3 where 3 was suggested stays
 * 3 when the suggestion moves on to 1; comparing with the drawn value alone would have sent 1.
 */
const touched = new WeakSet<Control>();
let watching = false;

function watchTyping(): void {
  if (watching) return;
  watching = true;
  const mark = (event: Event) => {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement)
      touched.add(target);
  };
  document.addEventListener('input', mark, true);
  document.addEventListener('change', mark, true);
  document.addEventListener(
    'reset',
    (event) => {
      if (event.target instanceof HTMLFormElement) for (const control of controlsOf(event.target)) touched.delete(control);
    },
    true,
  );
}

/** True when the control's value is not what was drawn (typed, ticked or picked since). */
function changed(control: Control): boolean {
  if (touched.has(control)) return true;
  if (control instanceof HTMLSelectElement) return control.selectedIndex !== drawnIndex(control);
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio'))
    return control.checked !== control.defaultChecked;
  return control.value !== control.defaultValue;
}

function drawnIndex(select: HTMLSelectElement): number {
  let index = select.options.length > 0 ? 0 : -1;
  for (let i = 0; i < select.options.length; i++) if (select.options[i]!.defaultSelected) index = i;
  return index;
}

/** The form as drawn, without what a person changes: the fields' values and a fieldset disabled while it sends. */
function shape(form: HTMLFormElement): string {
  const copy = form.cloneNode(true) as HTMLFormElement;
  for (const control of copy.querySelectorAll(CONTROLS)) control.removeAttribute('value');
  for (const option of copy.querySelectorAll('option')) option.removeAttribute('selected');
  for (const control of copy.querySelectorAll('input')) control.removeAttribute('checked');
  for (const fieldset of copy.querySelectorAll('fieldset')) fieldset.removeAttribute('disabled');
  return copy.outerHTML;
}

/** The kept form's untouched fields show what the redraw suggests now. */
function takeSuggestions(old: HTMLFormElement, drawn: HTMLFormElement, focused: HTMLElement | null): void {
  const fresh = controlsOf(drawn);
  controlsOf(old).forEach((control, i) => {
    const suggestion = fresh[i];
    if (!suggestion || control === focused || changed(control)) return;
    if (control instanceof HTMLSelectElement && suggestion instanceof HTMLSelectElement) {
      for (let o = 0; o < control.options.length; o++)
        control.options[o]!.defaultSelected = suggestion.options[o]?.defaultSelected ?? false;
      control.selectedIndex = drawnIndex(control);
    } else if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) {
      control.defaultChecked = control.checked = (suggestion as HTMLInputElement).defaultChecked;
    } else if (!(control instanceof HTMLSelectElement) && !(suggestion instanceof HTMLSelectElement)) {
      control.defaultValue = control.value = suggestion.defaultValue;
    }
  });
}

type Selection = { start: number | null; end: number | null; direction: 'forward' | 'backward' | 'none' | null } | null;

/** Where the caret or the selected text is in a typed field (null for a field without one, such as a number's). */
function selectionOf(node: HTMLElement): Selection {
  if (!(node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement)) return null;
  try {
    return { start: node.selectionStart, end: node.selectionEnd, direction: node.selectionDirection };
  } catch {
    return null;
  }
}

/** The focus back on the redrawn field, with the caret or the selection where it was (text selected to type over). */
function refocus(control: Control, selection: Selection): void {
  control.focus();
  if (!selection || selection.start === null || selection.end === null) return;
  if (!(control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)) return;
  try {
    control.setSelectionRange(selection.start, selection.end, selection.direction ?? undefined);
  } catch {
    // The redraw made it a field without a selection (a number's): the focus is back, the value kept.
  }
}

/** Copies a value and marks the copy as the person's, so the next redraw keeps it too. */
function copyValue(from: Control, to: Control): void {
  touched.add(to);
  if (from instanceof HTMLInputElement && to instanceof HTMLInputElement && (from.type === 'checkbox' || from.type === 'radio'))
    to.checked = from.checked;
  else if (to instanceof HTMLSelectElement) {
    if ([...to.options].some((option) => option.value === from.value)) to.value = from.value;
  } else to.value = from.value;
}
