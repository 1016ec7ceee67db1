import { element, field, formValues } from './elements.js';
import type { GameTable, SeatCandidate } from '@felt/room';
import { rulesControls, rulesFromValues } from './table-rules-form.js';

/**
 * The room screen's forms that reach the room's whole set of choices: a game with any structure, buy-in and table
 * setting (the table rules of table-rules-form.ts, every problem said at once), a call of someone other than the
 * first in line (everyone ahead passed over with the room's documented reason), a table change to a named table.
 */

/** Sends a room request; resolves true when it was accepted (the room screen's `send`). */
export type RoomSend = (path: string, body: Record<string, unknown>, done: string) => Promise<boolean>;

const STRUCTURE_NAMES: Readonly<Record<string, string>> = { 'no-limit': 'NLHE', 'pot-limit': 'PLHE', 'fixed-limit': 'FLHE' };

/** Open a game: its id and name, and the rules its tables open with. */
export function openGameForm(send: RoomSend): HTMLFormElement {
  const problems = element('p', {
    class: 'feedback',
    role: 'alert',
    'data-testid': 'feedback-open-game',
    'data-kind': 'error',
    hidden: true,
  });
  const f = element(
    'form',
    { 'data-testid': 'open-game', novalidate: true },
    element(
      'fieldset',
      {},
      element('legend', {}, "Open a game (hold'em)"),
      field('Game id', input('gameId')),
      field('Name', input('name')),
      ...rulesControls(null),
      element('button', { type: 'submit', 'data-testid': 'open-game-submit' }, 'Open game'),
    ),
    problems,
  );
  f.addEventListener('submit', (event) => {
    event.preventDefault();
    const v = formValues(f);
    const made = rulesFromValues(v, null);
    const missing = [...(v.gameId ? [] : ['Give the game an id.']), ...(v.name ? [] : ['Give the game a name.'])];
    const all = [...missing, ...('problems' in made ? made.problems : [])];
    problems.textContent = all.length > 0 ? `${all.join(' ')} Nothing was sent.` : '';
    problems.hidden = all.length === 0;
    if (all.length > 0 || 'problems' in made) return;
    const rules = made.rules as { smallBlind: number; bigBlind: number; maxSeats: number; structure: { kind: string } };
    const body = {
      gameId: v.gameId,
      name: v.name,
      stakes: `${rules.smallBlind}/${rules.bigBlind}`,
      structure: STRUCTURE_NAMES[rules.structure.kind] ?? rules.structure.kind,
      seatsPerTable: rules.maxSeats,
      tableRules: made.rules,
    };
    void send('/room/games', body, `Game ${v.name} is open.`).then((ok) => ok && f.reset());
  });
  return f;
}

/**
 * Call someone further down the line for an open seat: everyone ahead of them is passed over with the reason the
 * floor gives (declined the seat, asked to wait), as the room requires (docs/room.md "Who gets an open seat").
 */
export function callOutOfTurnForm(
  tableId: string,
  seat: number,
  queue: readonly SeatCandidate[],
  command: (body: Record<string, unknown>, done: string) => void,
): HTMLFormElement | null {
  if (queue.length < 2) return null;
  const testId = `call-other-${tableId}-${seat}`;
  const f = element(
    'form',
    { 'data-testid': testId, class: 'inline-form' },
    field(
      'Call instead',
      element(
        'select',
        { name: 'playerId', 'data-testid': `${testId}-player` },
        queue.slice(1).map((c) => element('option', { value: c.playerId }, c.alias)),
      ),
    ),
    field(
      'Those ahead',
      element(
        'select',
        { name: 'reason', 'data-testid': `${testId}-reason` },
        element('option', { value: 'declined-seat' }, 'declined the seat'),
        element('option', { value: 'asked-to-wait' }, 'asked to wait'),
      ),
    ),
    element('button', { type: 'submit', 'data-testid': `${testId}-submit` }, 'Call out of turn'),
  );
  f.addEventListener('submit', (event) => {
    event.preventDefault();
    const v = formValues(f);
    const at = queue.findIndex((c) => c.playerId === v.playerId);
    const called = queue[at];
    if (!called) return;
    const passOver = queue.slice(0, at).map((c) => ({ playerId: c.playerId, reason: v.reason }));
    const ahead = queue
      .slice(0, at)
      .map((c) => c.alias)
      .join(', ');
    command(
      { type: 'CallPlayer', playerId: called.playerId, tableId, seat, passOver },
      `${called.alias} is called to table ${tableId}, seat ${seat}; ${ahead} passed over (${v.reason === 'declined-seat' ? 'declined the seat' : 'asked to wait'}).`,
    );
  });
  return f;
}

/** A seated player asks to change table: to any table of the game, or to the one named. */
export function tableChangeForm(
  playerId: string,
  alias: string,
  fromTableId: string,
  tables: readonly GameTable[],
  command: (body: Record<string, unknown>, done: string) => void,
): HTMLFormElement {
  const others = tables.filter((t) => !t.broken && t.tableId !== fromTableId);
  const f = element(
    'form',
    { 'data-testid': `change-form-${playerId}`, class: 'inline-form' },
    field(
      `${alias} to`,
      element(
        'select',
        { name: 'toTableId', 'data-testid': `change-to-${playerId}` },
        element('option', { value: '' }, 'any table'),
        others.map((t) => element('option', { value: t.tableId }, `table ${t.tableId}`)),
      ),
    ),
    element('button', { type: 'submit', 'data-testid': `change-${playerId}` }, 'table change'),
  );
  f.addEventListener('submit', (event) => {
    event.preventDefault();
    const to = formValues(f).toTableId;
    command(
      { type: 'RequestTableChange', playerId, ...(to ? { toTableId: to } : {}) },
      to ? `${alias} is on the table-change list for table ${to}.` : `${alias} is on the table-change list.`,
    );
  });
  return f;
}

/** A required field of the room's forms. */
export function input(name: string, type = 'text', value = ''): HTMLInputElement {
  return element('input', { name, type, value, required: true, autocomplete: 'off', 'data-testid': `input-${name}` });
}
