import { confirmFirst } from './confirm-dialog.js';
import { element, field, formValues } from './elements.js';
import { eventSentence, type SeatName } from './event-sentences.js';
import type { FeedbackSlots } from './feedback-slots.js';
import type { StandingAction } from './table-event-log.js';
import { rulesControls, rulesFromValues } from './table-rules-form.js';
import type { TableView } from './table-types.js';
import { shownName } from './player-aliases.js';

/**
 * The forms of the table screen and the lobby. Each hands its request to `submit`; the page sends it and shows the
 * answer in the form's own feedback line (named by the form's data-testid), next to the button that sent it.
 */
export interface FormRequest {
  readonly method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  readonly body: Record<string, unknown>;
  /** What to say when it worked. */
  readonly done: string;
  /** What to say when it waits for another floor supervisor's approval (202 APPROVAL_REQUIRED). */
  readonly waiting?: string;
}

export type Submit = (request: FormRequest, form: HTMLFormElement) => void;

export function form(
  testId: string,
  legend: string,
  controls: Node[],
  submitLabel: string,
  feedback: FeedbackSlots,
  submit: Submit,
  onSubmit: (values: Record<string, string>, form: HTMLFormElement) => FormRequest | string,
): HTMLFormElement {
  const f = element(
    'form',
    { 'data-testid': testId, novalidate: true },
    element(
      'fieldset',
      {},
      element('legend', {}, legend),
      controls,
      element('button', { type: 'submit', 'data-testid': `${testId}-submit` }, submitLabel),
    ),
    feedback.slot(testId),
  );
  f.addEventListener('submit', (event) => {
    event.preventDefault();
    const request = onSubmit(formValues(f), f);
    if (typeof request === 'string') feedback.refusedHere(testId, `${request} Nothing was sent.`);
    else submit(request, f);
  });
  return f;
}

export const number = (name: string, value: number | string, extra: Record<string, string | number | boolean> = {}) =>
  element('input', {
    name,
    type: 'number',
    min: 0,
    step: 1,
    value,
    required: true,
    inputmode: 'numeric',
    'data-testid': `input-${name}`,
    ...extra,
  });
export const text = (name: string, value = '', extra: Record<string, string | boolean> = {}) =>
  element('input', { name, type: 'text', value, required: true, autocomplete: 'off', 'data-testid': `input-${name}`, ...extra });
const checkbox = (name: string) => element('input', { name, type: 'checkbox', value: 'on', 'data-testid': `input-${name}` });
function wholeNumber(values: Record<string, string>, name: string, label: string): number | string {
  const n = Number(values[name]);
  return values[name] !== '' && values[name] !== undefined && Number.isSafeInteger(n) && n >= 0
    ? n
    : `${label} must be a whole number of chips.`;
}

/**
 * Open a table with every setting its rules have (table-rules-form.ts); every problem is said at once. The form is
 * made afresh for every visit to the lobby and emptied after it opens a table, so no table inherits the last one's options.
 */
export function openTableForm(feedback: FeedbackSlots, submit: Submit): HTMLFormElement {
  return form(
    'open-table',
    'Open a table',
    [field('Table id', text('tableId', '', { pattern: '[A-Za-z0-9][A-Za-z0-9_.\\-]{0,63}' })), ...rulesControls(null)],
    'Open table',
    feedback,
    submit,
    (v) => {
      const made = rulesFromValues(v, null);
      const problems = [...(v.tableId ? [] : ['Give the table an id.']), ...('problems' in made ? made.problems : [])];
      if (problems.length > 0 || 'problems' in made) return problems.join(' ');
      return { method: 'POST', path: '/tables', body: { tableId: v.tableId, rules: made.rules }, done: `Table ${v.tableId} opened.` };
    },
  );
}

const tablePath = (view: TableView, route: string) => `/tables/${encodeURIComponent(view.tableId)}/${route}`;

/** Seat a player: the first free seat and the table's minimum buy-in are suggested. */
export function seatPlayerForm(view: TableView, feedback: FeedbackSlots, submit: Submit): HTMLFormElement {
  const taken = new Set(view.seats.map((s) => s.seat));
  const freeSeat = Array.from({ length: view.rules?.maxSeats ?? 10 }, (_, i) => i + 1).find((seat) => !taken.has(seat)) ?? 1;
  const buyIn = view.rules?.buyIn;
  return form(
    'seat-player',
    'Seat a player',
    [
      field('Seat', number('seat', freeSeat, { min: 1, max: view.rules?.maxSeats ?? 10 })),
      field('Player id', text('playerId')),
      field(
        buyIn ? `Buy-in (${buyIn.min} to ${buyIn.max})` : 'Buy-in',
        number('buyIn', buyIn?.min ?? 100, buyIn ? { min: buyIn.min, max: buyIn.max } : {}),
      ),
      // A new player waits for the big blind unless they post one to play at once (the engine's postToEnter).
      field('Post a big blind to play at once', checkbox('postToEnter')),
    ],
    'Seat player',
    feedback,
    submit,
    (v) => {
      const seat = wholeNumber(v, 'seat', 'Seat');
      const amount = wholeNumber(v, 'buyIn', 'Buy-in');
      if (typeof seat === 'string') return seat;
      if (typeof amount === 'string') return amount;
      if (!v.playerId) return 'Enter the player id.';
      return {
        method: 'POST',
        path: tablePath(view, 'seat-player'),
        body: { seat, playerId: v.playerId, buyIn: amount, ...(v.postToEnter === 'on' ? { postToEnter: true } : {}) },
        done: `${v.playerId} seated in seat ${seat}.`,
      };
    },
  );
}

/** Floor decisions on the hand and the table: void the hand in progress (with the reason), close the table between hands. */
export function handAndTableForms(view: TableView, feedback: FeedbackSlots, submit: Submit): HTMLFormElement[] {
  if (view.status !== 'open') return [];
  if (view.hand !== null && view.hand.phase !== 'complete') {
    const handNumber = view.hand.handNumber;
    return [
      form('void-hand', `Void hand #${handNumber}`, [field('Reason', text('reason'))], 'Void hand', feedback, submit, (v) =>
        v.reason
          ? { method: 'POST', path: tablePath(view, 'void-hand'), body: { reason: v.reason }, done: `Hand #${handNumber} voided.` }
          : 'Give the reason the hand is voided.',
      ),
    ];
  }
  // Closing cashes out everyone seated at once: the floor confirms, seeing whom and how much.
  const seated = view.seats.map((s) => `seat ${s.seat}, ${shownName(s.playerId)} (${s.stack})`).join('; ');
  const confirmClose: Submit = (request, f) =>
    confirmFirst(
      `Close table ${view.tableId}?`,
      seated
        ? `It cashes out ${view.seats.length} player${view.seats.length === 1 ? '' : 's'}: ${seated}. The table takes no more hands. This cannot be taken back.`
        : 'Nobody is seated. The table takes no more hands. This cannot be taken back.',
      `Close table ${view.tableId}`,
      () => submit(request, f),
    );
  const forms = [
    form('close-table', 'Close the table', [], 'Close table', feedback, confirmClose, () => ({
      method: 'POST',
      path: tablePath(view, 'close-table'),
      body: {},
      done: `Table ${view.tableId} closed.`,
    })),
  ];
  // Between hands, on a table that plays bomb pots: the floor may call one for the next hand.
  if (view.rules?.houseOptions.bombPot)
    forms.unshift(
      form('call-bomb-pot', 'Bomb pot', [], 'Call a bomb pot for the next hand', feedback, submit, () => ({
        method: 'POST',
        path: tablePath(view, 'call-bomb-pot'),
        body: {},
        done: 'Bomb pot called for the next hand.',
      })),
    );
  return forms;
}

/**
 * A mis-keyed action taken back without voiding the hand (docs/house-options.md "Corrections"): the floor picks the
 * first wrong action and gives the reason; that action and everything after it are taken back, the log keeps both.
 */
export function correctionForm(
  view: TableView,
  actions: readonly StandingAction[],
  name: SeatName,
  feedback: FeedbackSlots,
  submit: Submit,
): HTMLFormElement | null {
  if (!view.hand || view.hand.phase === 'complete' || actions.length === 0) return null;
  const choices = actions.slice(-8).reverse();
  const options = element(
    'select',
    { name: 'backTo', 'data-testid': 'input-backTo' },
    choices.map((a) => element('option', { value: a.version }, `${eventSentence(a.event, name)}${a === choices[0] ? ' (last)' : ''}`)),
  );
  return form(
    'correct-action',
    'Correct a mis-keyed action',
    [field('Take back from', options), field('Reason', text('reason'))],
    'Take back',
    feedback,
    submit,
    (v) => {
      if (!v.reason) return 'Give the reason for the correction.';
      const backTo = Number(v.backTo);
      const chosen = actions.find((a) => a.version === backTo);
      const count = actions.length - actions.indexOf(chosen!);
      return {
        method: 'POST',
        path: tablePath(view, 'correct-action'),
        body: { backTo, reason: v.reason },
        done: `${count} action${count === 1 ? '' : 's'} taken back; ${chosen ? eventSentence(chosen.event, name).split(' ').slice(0, 3).join(' ') : 'the seat'} acts again.`,
      };
    },
  );
}

/** Between hands: place the button (before the first hand) and start the next hand (the server shuffles). */
export function dealerControls(view: TableView, feedback: FeedbackSlots, submit: Submit): HTMLElement | null {
  const controls = element('div', { class: 'dealer-controls', 'data-testid': 'dealer-controls' });
  const handRunning = view.hand !== null && view.hand.phase !== 'complete';
  if (view.status !== 'open' || handRunning) return null;
  if (view.handsPlayed === 0 && view.initialButton === null && !view.hand) {
    controls.append(
      form(
        'place-button',
        'Place the button',
        [field('Seat', number('buttonSeat', view.seats[0]?.seat ?? 1, { min: 1 }))],
        'Place button',
        feedback,
        submit,
        (v) => {
          const seat = wholeNumber(v, 'buttonSeat', 'Seat');
          return typeof seat === 'string'
            ? seat
            : { method: 'POST', path: tablePath(view, 'place-button'), body: { seat }, done: `Button placed on seat ${seat}.` };
        },
      ),
    );
  }
  controls.append(
    form('start-hand', 'Next hand', [], 'Start hand', feedback, submit, () => ({
      method: 'POST',
      path: tablePath(view, 'start-hand'),
      body: {},
      done: 'Hand started.',
    })),
  );
  return controls;
}
