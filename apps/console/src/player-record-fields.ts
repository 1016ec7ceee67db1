import { PLAYER_STATUSES, type PlayerPage } from '@felt/players';
import { element, field } from './elements.js';

/**
 * The fields of a player's personal record, as the floor registers or changes it (docs/players.md "Routes"): name,
 * alias, birth date, contact. The API judges every field and names every problem in one answer, so the page checks
 * nothing it would have to keep in step with the API's rules; it only leaves out what was left empty.
 */
export function recordFields(page?: PlayerPage): HTMLElement[] {
  const text = (name: string, label: string, value: string | undefined, attributes: Record<string, string | number> = {}) =>
    field(label, element('input', { name, value: value ?? '', autocomplete: 'off', 'data-testid': `input-${name}`, ...attributes }));
  return [
    text('name', 'Name', page?.name ?? undefined, { maxlength: 80 }),
    text('alias', 'Alias (shown on the public board; never the card number)', page?.alias ?? undefined, { maxlength: 16 }),
    text('birthDate', 'Birth date (empty: not given)', page?.birthDate ?? undefined, { type: 'date' }),
    text('phone', 'Phone', page?.contact?.phone, { type: 'tel', maxlength: 40 }),
    text('email', 'Email', page?.contact?.email, { type: 'email', maxlength: 120 }),
    text('address', 'Address', page?.contact?.address, { maxlength: 200 }),
  ];
}

/** The player's status (changing it is the floor's; an inactive player is still seatable, docs/players.md). */
export function statusField(page: PlayerPage): HTMLLabelElement {
  return field(
    'Status',
    element(
      'select',
      { name: 'status', 'data-testid': 'input-status' },
      PLAYER_STATUSES.map((s) => element('option', { value: s, selected: s === page.status }, s)),
    ),
  );
}

/** The request's record from the form's values: name and alias as typed (the API says if empty), the rest if given. */
export function recordBody(v: Readonly<Record<string, string>>): Record<string, unknown> {
  const contact = Object.fromEntries(['phone', 'email', 'address'].flatMap((k) => (v[k] ? [[k, v[k]]] : [])));
  return {
    name: v.name ?? '',
    alias: v.alias ?? '',
    ...(v.birthDate ? { birthDate: v.birthDate } : {}),
    ...(Object.keys(contact).length ? { contact } : {}),
  };
}
