import type { ConsoleContext } from './console-context.js';
import { element, field, formValues } from './elements.js';
import type { TableView } from './table-types.js';

/**
 * The forms a floor supervisor uses (the API decides who may: a dealer's or regulator's token gets 403, shown in
 * the page). Each form hands its request to `submit`; the page sends it and shows the answer.
 */
export interface FormRequest {
  readonly method: 'POST' | 'PUT';
  readonly path: string;
  readonly body: Record<string, unknown>;
  /** What to say when it worked. */
  readonly done: string;
}

type Submit = (request: FormRequest, form: HTMLFormElement) => void;

function form(testId: string, legend: string, controls: Node[], submitLabel: string, onSubmit: (values: Record<string, string>) => FormRequest | string): (submit: Submit, refuse: (sentence: string) => void) => HTMLFormElement {
  return (submit, refuse) => {
    const f = element('form', { 'data-testid': testId }, element('fieldset', {}, element('legend', {}, legend), controls, element('button', { type: 'submit', 'data-testid': `${testId}-submit` }, submitLabel)));
    f.addEventListener('submit', (event) => {
      event.preventDefault();
      const request = onSubmit(formValues(f));
      if (typeof request === 'string') refuse(request);
      else submit(request, f);
    });
    return f;
  };
}

const number = (name: string, value: number | string, extra: Record<string, string | number | boolean> = {}) =>
  element('input', { name, type: 'number', min: 0, step: 1, value, required: true, inputmode: 'numeric', 'data-testid': `input-${name}`, ...extra });
const text = (name: string, value = '', extra: Record<string, string | boolean> = {}) => element('input', { name, type: 'text', value, required: true, autocomplete: 'off', 'data-testid': `input-${name}`, ...extra });
const checkbox = (name: string) => element('input', { name, type: 'checkbox', value: 'on', 'data-testid': `input-${name}` });

function wholeNumber(values: Record<string, string>, name: string, label: string): number | string {
  const n = Number(values[name]);
  return values[name] !== '' && Number.isSafeInteger(n) && n >= 0 ? n : `${label} must be a whole number of chips.`;
}

/** Open a table: the stakes and structure, seats and buy-in; everything else takes the engine's defaults. */
export const openTableForm = form(
  'open-table',
  'Open a table (floor)',
  [
    field('Table id', text('tableId', '', { pattern: '[A-Za-z0-9][A-Za-z0-9_.\\-]{0,63}' })),
    field(
      'Structure',
      element(
        'select',
        { name: 'structure', 'data-testid': 'input-structure' },
        ['no-limit', 'pot-limit', 'fixed-limit', 'spread-limit'].map((kind) => element('option', { value: kind }, kind)),
      ),
    ),
    field('Small blind', number('smallBlind', 1)),
    field('Big blind', number('bigBlind', 2)),
    field('Seats', number('maxSeats', 9, { min: 2, max: 10 })),
    field('Minimum buy-in', number('buyInMin', 40)),
    field('Maximum buy-in', number('buyInMax', 200)),
    field('Straddle', checkbox('straddle')),
    field(
      'Kill pot',
      element(
        'select',
        { name: 'killPot', 'data-testid': 'input-killPot' },
        element('option', { value: '' }, 'off'),
        element('option', { value: 'double' }, 'double'),
        element('option', { value: 'up-to-half-stack' }, 'up to half the stack'),
      ),
    ),
    field('Chop', checkbox('chop')),
    field('Bomb pots (called by the floor)', checkbox('bombPot')),
    field('Run it twice', checkbox('runItTwice')),
    // Physical cards: the board and shown hands are entered as dealt (docs/table-scripts.md "Live cards").
    field('Live cards', checkbox('liveCards')),
    // Only where the cards are read electronically and the dealer's console must show them (docs/security.md).
    field("Dealer's console shows hole cards", checkbox('dealerSeesHoleCards')),
  ],
  'Open table',
  (v) => {
    const numbers: Record<string, number> = {};
    for (const [name, label] of [['smallBlind', 'Small blind'], ['bigBlind', 'Big blind'], ['maxSeats', 'Seats'], ['buyInMin', 'Minimum buy-in'], ['buyInMax', 'Maximum buy-in']] as const) {
      const n = wholeNumber(v, name, label);
      if (typeof n === 'string') return n;
      numbers[name] = n;
    }
    if (!v.tableId) return 'Give the table an id.';
    const houseOptions: Record<string, unknown> = {};
    for (const option of ['straddle', 'chop', 'bombPot', 'runItTwice']) if (v[option] === 'on') houseOptions[option] = true;
    // In no limit and pot limit there are no limits for a kill to double: it can only be an overblind.
    const bigBet = v.structure === 'no-limit' || v.structure === 'pot-limit';
    if (v.killPot) houseOptions.killPot = { size: v.killPot, overblindOnly: bigBet };
    const rules = {
      structure: { kind: v.structure || 'no-limit' },
      smallBlind: numbers.smallBlind,
      bigBlind: numbers.bigBlind,
      maxSeats: numbers.maxSeats,
      buyIn: { min: numbers.buyInMin, max: numbers.buyInMax },
      houseOptions,
      ...(v.liveCards === 'on' ? { cardSource: 'live' } : {}),
      ...(v.dealerSeesHoleCards === 'on' ? { dealerSeesHoleCards: true } : {}),
    };
    return { method: 'POST', path: '/tables', body: { tableId: v.tableId, rules }, done: `Table ${v.tableId} opened.` };
  },
);

/** Seat a player: the first free seat and the table's minimum buy-in are suggested. */
export function seatPlayerForm(view: TableView, submit: Submit, refuse: (sentence: string) => void): HTMLFormElement {
  const taken = new Set(view.seats.map((s) => s.seat));
  const freeSeat = Array.from({ length: view.rules?.maxSeats ?? 10 }, (_, i) => i + 1).find((seat) => !taken.has(seat)) ?? 1;
  const buyIn = view.rules?.buyIn;
  return form(
    'seat-player',
    'Seat a player (floor)',
    [
      field('Seat', number('seat', freeSeat, { min: 1, max: view.rules?.maxSeats ?? 10 })),
      field('Player id', text('playerId')),
      field(buyIn ? `Buy-in (${buyIn.min} to ${buyIn.max})` : 'Buy-in', number('buyIn', buyIn?.min ?? 100, buyIn ? { min: buyIn.min, max: buyIn.max } : {})),
    ],
    'Seat player',
    (v) => {
      const seat = wholeNumber(v, 'seat', 'Seat');
      const amount = wholeNumber(v, 'buyIn', 'Buy-in');
      if (typeof seat === 'string') return seat;
      if (typeof amount === 'string') return amount;
      if (!v.playerId) return 'Enter the player id.';
      return { method: 'POST', path: `/tables/${encodeURIComponent(view.tableId)}/seat-player`, body: { seat, playerId: v.playerId, buyIn: amount }, done: `${v.playerId} seated in seat ${seat}.` };
    },
  )(submit, refuse);
}

/** Assign a dealer (user name or id) to this table: only assigned dealers may run its commands. */
export function assignDealerForm(view: TableView, submit: Submit, refuse: (sentence: string) => void): HTMLFormElement {
  return form('assign-dealer', 'Assign a dealer (floor)', [field('Dealer (user name or id)', text('dealerId'))], 'Assign dealer', (v) =>
    v.dealerId
      ? { method: 'PUT', path: `/tables/${encodeURIComponent(view.tableId)}/dealers/${encodeURIComponent(v.dealerId)}`, body: {}, done: `Dealer ${v.dealerId} assigned to ${view.tableId}.` }
      : 'Enter the dealer’s user name or id.',
  )(submit, refuse);
}

/** Floor decisions on the hand and the table: void the hand in progress (with the reason), close the table between hands. */
export function handAndTableForms(view: TableView, submit: Submit, refuse: (sentence: string) => void): HTMLFormElement[] {
  const path = (route: string) => `/tables/${encodeURIComponent(view.tableId)}/${route}`;
  if (view.status !== 'open') return [];
  if (view.hand !== null && view.hand.phase !== 'complete') {
    return [
      form('void-hand', `Void hand #${view.hand.handNumber} (floor)`, [field('Reason', text('reason'))], 'Void hand', (v) =>
        v.reason ? { method: 'POST', path: path('void-hand'), body: { reason: v.reason }, done: `Hand #${view.hand!.handNumber} voided.` } : 'Give the reason the hand is voided.',
      )(submit, refuse),
    ];
  }
  const forms = [form('close-table', 'Close the table (floor)', [], 'Close table', () => ({ method: 'POST', path: path('close-table'), body: {}, done: `Table ${view.tableId} closed.` }))(submit, refuse)];
  // Between hands, on a table that plays bomb pots: the floor may call one for the next hand.
  if (view.rules?.houseOptions.bombPot)
    forms.unshift(form('call-bomb-pot', 'Bomb pot (floor)', [], 'Call a bomb pot for the next hand', () => ({ method: 'POST', path: path('call-bomb-pot'), body: {}, done: 'Bomb pot called for the next hand.' }))(submit, refuse));
  return forms;
}

/** Between hands: place the button (before the first hand) and start the next hand (the server shuffles). */
export function dealerControls(view: TableView, submit: Submit, refuse: (sentence: string) => void): HTMLElement {
  const path = (route: string) => `/tables/${encodeURIComponent(view.tableId)}/${route}`;
  const controls = element('div', { class: 'dealer-controls', 'data-testid': 'dealer-controls' });
  if (view.handsPlayed === 0 && view.initialButton === null && !view.hand) {
    controls.append(
      form('place-button', 'Place the button', [field('Seat', number('buttonSeat', view.seats[0]?.seat ?? 1, { min: 1 }))], 'Place button', (v) => {
        const seat = wholeNumber(v, 'buttonSeat', 'Seat');
        return typeof seat === 'string' ? seat : { method: 'POST', path: path('place-button'), body: { seat }, done: `Button placed on seat ${seat}.` };
      })(submit, refuse),
    );
  }
  const handRunning = view.hand !== null && view.hand.phase !== 'complete';
  if (!handRunning && view.status === 'open') {
    controls.append(form('start-hand', 'Next hand', [], 'Start hand', () => ({ method: 'POST', path: path('start-hand'), body: {}, done: 'Hand started.' }))(submit, refuse));
  } else {
    controls.append(element('p', {}, view.status === 'open' ? `Hand #${view.hand?.handNumber} in progress.` : `The table is ${view.status}.`));
  }
  return controls;
}

/** Sends a floor form's request; the form is disabled while it is on its way. */
export async function submitForm(ctx: ConsoleContext, request: FormRequest, form: HTMLFormElement, then: (answer: unknown) => void): Promise<void> {
  const fieldset = form.querySelector('fieldset');
  if (fieldset) fieldset.disabled = true;
  ctx.notice.clear();
  try {
    const answer = await ctx.api.send(request.method, request.path, request.body);
    ctx.notice.info(request.done);
    then(answer);
  } catch (error) {
    ctx.notice.error(error);
  } finally {
    if (fieldset) fieldset.disabled = false;
  }
}
