import type { TournamentStructureInput } from '@felt/tournament';
import { element, field } from './elements.js';

/**
 * The structure editor of the floor's tournament screen: the tournament's id and name, stacks and seats, the fees of
 * a buy-in, the levels and breaks row by row, the payouts row by row (percentages, first place first). The page reads
 * the form into the structure the API takes (libs/tournament structure.ts, which stays the one judge) and first
 * lists every problem it can see in the form at once, in the floor's words, so a long structure is not sent back
 * and forth one refusal at a time. Whatever the API still refuses is shown in the same words (`refusalWords`).
 */
export const STRUCTURE_FORM = 'tournament-structure';

const num = (name: string, label: string, value: number | string, extra: Record<string, string | number> = {}) =>
  field(label, element('input', { name, type: 'number', inputmode: 'numeric', value, ...extra }));

function levelRow(i: number, kind: 'level' | 'break', small: number, big: number, ante: number, minutes: number): HTMLElement {
  const n = i + 1;
  return element(
    'fieldset',
    { class: 'level-row', 'data-testid': `level-row-${n}` },
    element('legend', {}, `Row ${n}`),
    field(
      'Kind',
      element(
        'select',
        { name: `kind-${i}` },
        element('option', { value: 'level', selected: kind === 'level' }, 'Level'),
        element('option', { value: 'break', selected: kind === 'break' }, 'Break'),
      ),
    ),
    // A break has no blinds: the stylesheet hides them while the row's kind is Break.
    element(
      'span',
      { class: 'blinds' },
      num(`small-${i}`, 'Small blind', kind === 'level' && small > 0 ? small : ''),
      num(`big-${i}`, 'Big blind', kind === 'level' && big > 0 ? big : ''),
      num(`ante-${i}`, 'Ante', kind === 'level' ? ante : ''),
      element('label', {}, element('input', { type: 'checkbox', name: `bba-${i}` }), ' Big blind ante'),
    ),
    num(`minutes-${i}`, 'Minutes', minutes),
  );
}

/** The editor, filled with a small daily structure to change. `rows`: how many level rows (the + button adds one). */
export function structureForm(rows: number, onSubmit: (form: HTMLFormElement) => void, onAddRow: () => void): HTMLFormElement {
  const defaults: [kind: 'level' | 'break', small: number, big: number, ante: number, minutes: number][] = [
    ['level', 25, 50, 0, 20],
    ['level', 50, 100, 0, 20],
    ['break', 0, 0, 0, 10],
    ['level', 100, 200, 200, 20],
  ];
  const levelRows = Array.from({ length: rows }, (_, i) => {
    const d = defaults[i] ?? ['level', 0, 0, 0, 20];
    return levelRow(i, ...d);
  });
  const form = element(
    'form',
    { 'data-testid': STRUCTURE_FORM, class: 'structure-form', 'aria-labelledby': 'structure-heading', novalidate: true },
    element('h3', { id: 'structure-heading' }, 'New tournament'),
    element(
      'fieldset',
      {},
      element('legend', {}, 'The event'),
      field('Tournament id', element('input', { name: 'tournamentId', autocomplete: 'off' })),
      field('Name', element('input', { name: 'name', autocomplete: 'off' })),
      num('startingStack', 'Starting stack', 5000),
      num('seatsPerTable', 'Seats per table', 9),
      num('lateRegistrationLevel', 'Late registration to the end of level', 2),
      num('maxEntriesPerPlayer', 'Entries per player (re-entries included)', 1),
      field(
        'Tables',
        element(
          'select',
          { name: 'tables' },
          element('option', { value: 'engine', selected: true }, 'Felt tables (hands played here)'),
          element('option', { value: 'reported' }, 'Tables elsewhere (stacks typed in)'),
        ),
      ),
    ),
    element(
      'fieldset',
      {},
      element('legend', {}, 'A buy-in'),
      num('prizePool', 'To the prize pool', 100),
      num('houseFee', 'House fee', 10),
      num('staffFee', 'Staff fee', 0),
      num('guarantee', 'Guarantee', 0),
      num('roundTo', 'Prizes rounded down to', 1),
    ),
    element('fieldset', { 'data-testid': 'level-rows' }, element('legend', {}, 'Levels and breaks'), levelRows),
    element('button', { type: 'button', 'data-testid': 'add-level-row' }, 'Add a row'),
    element(
      'fieldset',
      {},
      element('legend', {}, 'Payouts (percent of the pool, first place first)'),
      [0, 1].map((i) =>
        element(
          'div',
          { class: 'payout-row' },
          num(`payoutFrom-${i}`, `Row ${i + 1}: from entries`, i === 0 ? 1 : 10),
          field(`Row ${i + 1}: places`, element('input', { name: `payoutPlaces-${i}`, value: i === 0 ? '100' : '50 30 20' })),
        ),
      ),
      element('p', { class: 'quiet' }, 'Leave the second row empty to pay by the first only. Places: percentages separated by spaces.'),
    ),
    element('button', { type: 'submit', class: 'primary', 'data-testid': `${STRUCTURE_FORM}-submit` }, 'Create the tournament'),
  );
  form.querySelector('[data-testid="add-level-row"]')!.addEventListener('click', onAddRow);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    onSubmit(form);
  });
  return form;
}

/** The form read into the API's body, or every problem found in it (floor words, row by row). */
export function readStructure(
  form: HTMLFormElement,
): { ok: true; tournamentId: string; structure: TournamentStructureInput } | { ok: false; problems: string[] } {
  const values = new FormData(form);
  const text = (name: string) => String(values.get(name) ?? '').trim();
  const problems: string[] = [];
  const whole = (name: string, label: string, min: number): number => {
    const raw = text(name);
    const n = Number(raw);
    if (raw === '' || !Number.isInteger(n)) problems.push(`${label}: a whole number is needed.`);
    else if (n < min) problems.push(`${label}: at least ${min}.`);
    else return n;
    // Not a number to compare with (no second problem from it): the form is not sent anyway.
    return NaN;
  };
  const tournamentId = text('tournamentId');
  if (!/^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/.test(tournamentId))
    problems.push('Tournament id: 1 to 64 letters, digits, dots, dashes, underscores or colons, starting with a letter or digit.');
  const name = text('name');
  if (name === '') problems.push('Name: the tournament needs a name (the clock board shows it).');
  const fees = {
    prizePool: whole('prizePool', 'To the prize pool', 0),
    houseFee: whole('houseFee', 'House fee', 0),
    staffFee: whole('staffFee', 'Staff fee', 0),
  };
  const levels: TournamentStructureInput['levels'] = [];
  for (let i = 0; form.elements.namedItem(`kind-${i}`); i++) {
    const row = `Row ${i + 1} of the levels`;
    const minutes = whole(`minutes-${i}`, `${row}, minutes`, 1);
    if (text(`kind-${i}`) === 'break') {
      levels.push({ kind: 'break', minutes });
      continue;
    }
    const smallBlind = whole(`small-${i}`, `${row}, small blind`, 1);
    const bigBlind = whole(`big-${i}`, `${row}, big blind`, 1);
    if (smallBlind > bigBlind) problems.push(`${row}: the small blind (${smallBlind}) is more than the big blind (${bigBlind}).`);
    const ante = text(`ante-${i}`) === '' ? 0 : whole(`ante-${i}`, `${row}, ante`, 0);
    levels.push({ kind: 'level', smallBlind, bigBlind, ante, bigBlindAnte: values.get(`bba-${i}`) !== null, minutes });
  }
  const playLevels = levels.filter((l) => l.kind === 'level').length;
  if (playLevels === 0) problems.push('Levels: at least one row must be a level (not a break).');
  const lateRegistrationLevel = whole('lateRegistrationLevel', 'Late registration', 1);
  if (lateRegistrationLevel > playLevels)
    problems.push(`Late registration: to the end of level ${lateRegistrationLevel}, but there are ${playLevels} levels.`);
  const payouts = [0, 1].flatMap((i) => payoutRow(text(`payoutFrom-${i}`), text(`payoutPlaces-${i}`), i, problems, whole));
  if (payouts.length === 0) problems.push('Payouts: the first row is needed.');
  if (payouts.length === 2 && payouts[1]!.minEntries <= payouts[0]!.minEntries)
    problems.push('Payouts: row 2 must start at more entries than row 1.');
  const structure: TournamentStructureInput = {
    name,
    startingStack: whole('startingStack', 'Starting stack', 1),
    seatsPerTable: whole('seatsPerTable', 'Seats per table', 2),
    levels,
    lateRegistrationLevel,
    maxEntriesPerPlayer: whole('maxEntriesPerPlayer', 'Entries per player', 1),
    entry: fees,
    payouts,
    roundTo: whole('roundTo', 'Prizes rounded down to', 1),
    guarantee: whole('guarantee', 'Guarantee', 0),
    tables: text('tables') === 'reported' ? 'reported' : 'engine',
  };
  if (structure.seatsPerTable > 10) problems.push('Seats per table: at most 10.');
  return problems.length > 0 ? { ok: false, problems } : { ok: true, tournamentId, structure };
}

/** One payout row: percentages (two decimals at most) as basis points, first place first. */
function payoutRow(
  from: string,
  places: string,
  i: number,
  problems: string[],
  whole: (name: string, label: string, min: number) => number,
): TournamentStructureInput['payouts'] {
  if (i > 0 && from === '' && places === '') return [];
  const label = `Payout row ${i + 1}`;
  const minEntries = whole(`payoutFrom-${i}`, `${label}, from entries`, 1);
  const percents = places
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number);
  if (percents.length === 0 || percents.some((p) => !Number.isFinite(p) || p <= 0)) {
    problems.push(`${label}: the places are percentages above 0, separated by spaces (50 30 20).`);
    return [];
  }
  const shares = percents.map((p) => Math.round(p * 100));
  const sum = shares.reduce((a, b) => a + b, 0);
  if (sum !== 10000) problems.push(`${label}: the places add up to ${sum / 100}%, not 100%.`);
  if (shares.some((s, j) => j > 0 && s > shares[j - 1]!)) problems.push(`${label}: a place pays more than the place above it.`);
  if (shares.length > minEntries) problems.push(`${label}: it pays ${shares.length} places from ${minEntries} entries.`);
  return [{ minEntries, places: shares }];
}

/** The API's INVALID_STRUCTURE sentence ("structure.levels.2.smallBlind: ...") with the field in the form's words. */
export function refusalWords(sentence: string): string {
  return sentence.replace(/^(?:structure\.)?([\w.]+): /, (_all, path: string) => {
    const level = /^levels\.(\d+)\.?(\w*)$/.exec(path);
    if (level) return `Row ${Number(level[1]) + 1} of the levels${level[2] ? ` (${level[2]})` : ''}: `;
    const payout = /^payouts\.(\d+)\.?(\w*)$/.exec(path);
    if (payout) return `Payout row ${Number(payout[1]) + 1}: `;
    return `${path}: `;
  });
}
