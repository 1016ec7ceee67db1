import { element } from './elements.js';
import { commandRoute } from './table-commands.js';
import type { LegalAction, TableView } from './table-types.js';

/** A command the panel asks the page to send, decided on the shown version. */
export interface ChosenAction {
  readonly route: string;
  readonly body: Record<string, unknown>;
}

/**
 * Buttons for exactly the legal actions the table view offers (the engine's legalActions: what decide accepts
 * now). Bet, raise and kill amounts are typed into a number input bounded by the legal minimum and maximum; an
 * amount outside them is refused here with the bounds, before anything is sent.
 */
export function actionPanel(view: TableView, choose: (action: ChosenAction) => void, refuse: (sentence: string) => void): HTMLElement {
  const section = element('section', { 'aria-labelledby': 'actions-heading', 'data-testid': 'actions' });
  const whoActs = view.toAct === null ? '' : ` — seat ${view.toAct} (${playerAt(view, view.toAct)}) to act`;
  section.append(element('h3', { id: 'actions-heading' }, `Actions${whoActs}`));
  if (view.legalActions.length === 0) {
    section.append(element('p', { 'data-testid': 'no-actions' }, view.hand && view.hand.phase !== 'complete' ? 'Waiting.' : 'No hand in progress.'));
    return section;
  }
  const list = element('div', { class: 'action-list' });
  for (const action of view.legalActions) list.append(actionControl(view, action, choose, refuse));
  section.append(list);
  return section;
}

function actionControl(view: TableView, action: LegalAction, choose: (action: ChosenAction) => void, refuse: (sentence: string) => void): HTMLElement {
  const testId = action.seat === null ? `action-${action.type}` : `action-${action.type}-${action.seat}`;
  const route = commandRoute(action.type);
  const button = (label: string, body: () => Record<string, unknown> | null) => {
    const b = element('button', { type: 'button', 'data-testid': testId }, label);
    b.addEventListener('click', () => {
      const chosen = body();
      if (chosen) choose({ route, body: chosen });
    });
    return b;
  };
  switch (action.type) {
    case 'PostBlind':
      return button(`Seat ${action.seat}: post ${action.blind} ${action.amount}`, () => ({ seat: action.seat, blind: action.blind }));
    case 'Straddle':
      return button(`Seat ${action.seat}: straddle ${action.amount}`, () => ({ seat: action.seat }));
    case 'Deal':
      return button('Deal', () => ({}));
    case 'ChopBlinds': {
      // Both blinds must agree; the console records each player's consent under their player id.
      const consents = [action.seat, action.bigBlindSeat].map((seat) => ({ seat, by: playerAt(view, seat) }));
      return button(`Chop blinds (seats ${action.seat} and ${action.bigBlindSeat}, fee ${action.fee}; floor)`, () => ({ consents }));
    }
    case 'RunItTwice': {
      // Every player in the pot must agree; the console records each consent under the player's id.
      const consents = action.seats.map((seat) => ({ seat, by: playerAt(view, seat) }));
      return button(`Run it twice (seats ${action.seats.join(', ')} agree)`, () => ({ consents }));
    }
    case 'RunItOnce':
      return button('Run it once', () => ({}));
    case 'Fold':
      return button(`Fold`, () => ({ seat: action.seat }));
    case 'Check':
      return button(`Check`, () => ({ seat: action.seat }));
    case 'Call':
      return button(`Call ${action.amount}`, () => ({ seat: action.seat }));
    case 'ShowHand':
      // Live tables: the dealer types the two cards tabled, unless a reader already reported them.
      if (action.cardsToEnter !== undefined)
        return cardEntry(testId, `Seat ${action.seat}: show`, action.cardsToEnter, (cards) => choose({ route, body: { seat: action.seat, cards } }), refuse);
      return button(`Seat ${action.seat}: show`, () => ({ seat: action.seat }));
    case 'DealBoard':
      return cardEntry(testId, `Deal the ${action.street}`, action.cardsToEnter, (cards) => choose({ route, body: { street: action.street, cards } }), refuse);
    case 'ReportHoleCards':
      return cardEntry(testId, `Seat ${action.seat}: reader reports`, action.cardsToEnter, (cards) => choose({ route, body: { seat: action.seat, cards } }), refuse);
    case 'MuckHand':
      return button(`Seat ${action.seat}: muck`, () => ({ seat: action.seat }));
    case 'Bet':
      return boundedAmount(testId, `Bet`, action.min, action.max, 1, (amount) => choose({ route, body: { seat: action.seat, amount } }), refuse);
    case 'Raise':
      return boundedAmount(testId, `Raise to`, action.min, action.max, 1, (to) => choose({ route, body: { seat: action.seat, to } }), refuse);
    case 'KillPot':
      return boundedAmount(testId, `Seat ${action.seat}: kill for`, action.min, action.max, action.step, (amount) => choose({ route, body: { seat: action.seat, amount } }), refuse);
  }
}

function boundedAmount(testId: string, label: string, min: number, max: number, step: number, send: (amount: number) => void, refuse: (sentence: string) => void): HTMLElement {
  const inputId = `${testId}-amount`;
  const input = element('input', { id: inputId, type: 'number', min, max, step, value: min, required: true, inputmode: 'numeric', 'data-testid': inputId });
  const b = element('button', { type: 'submit', 'data-testid': testId }, label);
  const form = element('form', { class: 'amount-action', novalidate: true }, element('label', { for: inputId }, `${label} (${min} to ${max})`), input, b);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const amount = Number(input.value);
    if (!Number.isSafeInteger(amount) || amount < min || amount > max) {
      refuse(`${label} must be a whole number from ${min} to ${max}; ${input.value === '' ? 'nothing' : input.value} was entered.`);
      return;
    }
    send(amount);
  });
  return form;
}

/**
 * A minimal card entry for live tables: card codes typed as "Ah Kd 7c" (a full card picker is a later issue). Only
 * the count and the shape are checked here; the table refuses a card already seen with its own sentence.
 */
function cardEntry(testId: string, label: string, count: number, send: (cards: string[]) => void, refuse: (sentence: string) => void): HTMLElement {
  const inputId = `${testId}-cards`;
  const input = element('input', { id: inputId, type: 'text', required: true, autocomplete: 'off', placeholder: count === 1 ? 'Ah' : count === 2 ? 'Ah Kd' : 'Ah Kd 7c', 'data-testid': inputId });
  const b = element('button', { type: 'submit', 'data-testid': testId }, label);
  const form = element('form', { class: 'card-action', novalidate: true }, element('label', { for: inputId }, `${label} (${count} card${count === 1 ? '' : 's'})`), input, b);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const cards = input.value.split(/[\s,]+/).filter((c) => c !== '');
    if (cards.length !== count || !cards.every((c) => /^[2-9TJQKA][cdhs]$/i.test(c))) {
      refuse(`${label}: enter ${count} card${count === 1 ? '' : 's'} such as ${count === 1 ? 'Ah' : 'Ah Kd'}; "${input.value}" was entered.`);
      return;
    }
    send(cards);
  });
  return form;
}

function playerAt(view: TableView, seat: number): string {
  return view.seats.find((s) => s.seat === seat)?.playerId ?? `seat ${seat}`;
}
