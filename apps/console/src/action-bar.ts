import { allAtOnce } from './action-rows.js';
import type { ChosenAction } from './chosen-action.js';
import { cardPicker } from './card-picker.js';
import { element } from './elements.js';
import { FORCED_BET_WORDS } from './event-sentences.js';
import type { FeedbackSlots } from './feedback-slots.js';
import { commandRoute } from './table-commands.js';
import type { HandPlayerView, LegalAction, TableView } from './table-types.js';
import { shownName } from './player-aliases.js';

/** How long the bar ignores taps after the turn passes to another seat (docs/console.md "Safe input"). */
export const TURN_CHANGE_PAUSE_MS = 600;

export interface ActionBarContext {
  readonly role: string;
  readonly feedback: FeedbackSlots;
  readonly guard: TurnChangeGuard;
  readonly choose: (action: ChosenAction) => void;
  /** Cards already seen in this hand (the board, shown hands): greyed out in the card picker. */
  readonly seenCards: ReadonlySet<string>;
}

/**
 * A tap must act only on what the person saw. When the legal actions change (the turn passed to another seat, a
 * street ended), the redrawn bar flashes and its buttons stay disabled for TURN_CHANGE_PAUSE_MS, so a second tap
 * of a double tap lands on a disabled button instead of deciding for the next seat.
 */
export class TurnChangeGuard {
  private shownKey = '';
  private until = 0;

  /** Call on every redraw; true when the decision on screen differs from the one shown before. */
  changed(view: TableView): boolean {
    const key = `${view.hand?.handNumber ?? '-'}|${view.toAct ?? '-'}|${JSON.stringify(view.legalActions)}`;
    if (key === this.shownKey) return false;
    const first = this.shownKey === '';
    this.shownKey = key;
    if (first) return false;
    this.until = Date.now() + TURN_CHANGE_PAUSE_MS;
    return true;
  }

  remainingMs(): number {
    return Math.max(0, this.until - Date.now());
  }
}

/**
 * The action bar, pinned at the bottom of the table screen: one button per legal action of the view (what the
 * engine accepts now), each naming the seat and the player it acts for. Fold while facing no bet and any all-in
 * ask first. Bet, raise and kill amounts are bounded by the legal minimum and maximum before anything is sent.
 */
export function actionBar(view: TableView, ctx: ActionBarContext): HTMLElement {
  const bar = element('section', {
    class: 'action-bar',
    'aria-labelledby': 'actions-heading',
    'data-testid': 'actions',
    'data-version': view.version,
  });
  // Hole cards are reported by the table's card reader (a device of its own), never keyed in at a console.
  const offered = view.legalActions.filter(
    (a): a is ConsoleAction => (a.type !== 'ChopBlinds' || ctx.role === 'floor') && a.type !== 'ReportHoleCards',
  );
  bar.append(element('h2', { id: 'actions-heading', class: 'turn', 'data-testid': 'turn' }, turnLine(view, offered)));
  const list = element('div', { class: 'action-list', 'data-testid': 'action-list' });
  if (ctx.role === 'regulator') {
    list.append(element('p', { class: 'quiet' }, 'Regulators watch; the actions are for the dealer and the floor.'));
  } else if (offered.length === 0) {
    list.append(
      element(
        'p',
        { class: 'quiet', 'data-testid': 'no-actions' },
        view.hand && view.hand.phase !== 'complete' ? 'Waiting.' : 'No hand in progress.',
      ),
    );
  } else {
    // Every seat may kill the pot before the deal: one control with a seat choice, not an input per seat.
    const kills = offered.filter((a): a is Extract<LegalAction, { type: 'KillPot' }> => a.type === 'KillPot');
    const others = kills.length > 1 ? offered.filter((a) => a.type !== 'KillPot') : offered;
    const askFirst = (question: string, yes: string, go: () => void) => {
      // "No" brings back the very controls, with what was typed in them.
      const choices = [...list.childNodes];
      list.replaceChildren(
        element('p', { class: 'confirm-question', 'data-testid': 'confirm-question' }, question),
        button('confirm-yes', yes, go, 'danger'),
        button('confirm-no', 'No, go back', () => list.replaceChildren(...choices)),
      );
      (list.querySelector('[data-testid="confirm-no"]') as HTMLButtonElement).focus();
    };
    list.append(
      ...allAtOnce(view, offered, ctx.choose, seatAndPlayer),
      ...others.map((action) => actionControl(view, action, ctx, askFirst)),
      ...(kills.length > 1 ? [killControl(view, kills, ctx)] : []),
    );
  }
  bar.append(list, ctx.feedback.slot('actions'));
  // The turn moved to another decision: make it visible, and ignore taps for a moment.
  ctx.guard.changed(view);
  const pause = ctx.guard.remainingMs();
  if (pause > 0) {
    bar.classList.add('turn-changed');
    bar.dataset.settling = 'true';
    // Only what is enabled now: a card already seen stays disabled after the pause.
    const buttons = [...bar.querySelectorAll<HTMLButtonElement>('button:not([disabled])')];
    for (const b of buttons) b.disabled = true;
    window.setTimeout(() => {
      bar.classList.remove('turn-changed');
      bar.dataset.settling = 'false';
      for (const b of buttons) b.disabled = false;
    }, pause);
  } else {
    bar.dataset.settling = 'false';
  }
  return bar;
}

function turnLine(view: TableView, offered: readonly LegalAction[]): string {
  if (view.status !== 'open') return `The table is ${view.status}.`;
  if (!view.hand || view.hand.phase === 'complete') return 'Between hands';
  if (offered.length === 1 && offered[0]!.type === 'Deal') return 'Ready to deal';
  if (view.hand.phase === 'forced-bets') return 'Blinds and forced bets';
  if (view.toAct === null) return offered.some((a) => a.type === 'DealBoard') ? 'Deal the board' : 'Waiting';
  const call = offered.find((a): a is Extract<LegalAction, { type: 'Call' }> => a.type === 'Call');
  const verb = view.hand.phase === 'showdown' ? 'to show' : 'to act';
  return `${seatAndPlayer(view, view.toAct)} ${verb}${call ? ` — ${call.amount} to call` : view.hand.phase === 'betting' ? ' — nothing to call' : ''}`;
}

export function playerName(view: TableView, seat: number): string {
  return view.seats.find((s) => s.seat === seat)?.playerId ?? '';
}

/** "Seat 9, Ann": in every button, so a tap says whom it acts for. */
export function seatAndPlayer(view: TableView, seat: number): string {
  const name = playerName(view, seat);
  return name ? `Seat ${seat}, ${shownName(name)}` : `Seat ${seat}`;
}

function inHand(view: TableView, seat: number): HandPlayerView | undefined {
  return view.hand?.players.find((p) => p.seat === seat);
}

function button(testId: string, label: string, onClick: () => void, kind = ''): HTMLButtonElement {
  const b = element('button', { type: 'button', 'data-testid': testId, class: kind || null }, label);
  b.addEventListener('click', onClick);
  return b;
}

type Ask = (question: string, yes: string, go: () => void) => void;

/** What a console offers: every legal action but a reader's report. */
type ConsoleAction = Exclude<LegalAction, { type: 'ReportHoleCards' }>;

function actionControl(view: TableView, action: ConsoleAction, ctx: ActionBarContext, ask: Ask): HTMLElement {
  const testId = action.seat === null ? `action-${action.type}` : `action-${action.type}-${action.seat}`;
  const route = commandRoute(action.type);
  const send = (body: Record<string, unknown>) => ctx.choose({ route, body, decidedOnVersion: view.version });
  const who = action.seat === null ? '' : ` — ${seatAndPlayer(view, action.seat)}`;
  const refuse = (sentence: string) => ctx.feedback.refusedHere('actions', sentence);
  const player = action.seat === null ? undefined : inHand(view, action.seat);
  switch (action.type) {
    case 'PostBlind':
      return button(testId, `Post ${FORCED_BET_WORDS[action.blind] ?? action.blind} ${action.amount}${who}`, () =>
        send({ seat: action.seat, blind: action.blind }),
      );
    case 'Straddle':
      return button(testId, `Straddle ${action.amount}${who}`, () => send({ seat: action.seat }));
    case 'Deal':
      return button(testId, 'Deal', () => send({}), 'primary');
    case 'ChopBlinds': {
      // Both blinds must agree; the console records each player's consent under their player id.
      const consents = [action.seat, action.bigBlindSeat].map((seat) => ({ seat, by: playerName(view, seat) || `seat ${seat}` }));
      return button(
        testId,
        `Chop the blinds — seats ${action.seat} and ${action.bigBlindSeat}${action.fee ? `, fee ${action.fee}` : ''}`,
        () => send({ consents }),
      );
    }
    case 'RunItTwice': {
      // Every player in the pot must agree; the console records each consent under the player's id.
      const consents = action.seats.map((seat) => ({ seat, by: playerName(view, seat) || `seat ${seat}` }));
      return button(testId, `Run it twice — seats ${action.seats.join(', ')} agree`, () => send({ consents }));
    }
    case 'RunItOnce':
      return button(testId, 'Run it once', () => send({}));
    case 'Fold': {
      const couldCheck = view.legalActions.some((a) => a.type === 'Check' && a.seat === action.seat);
      return button(
        testId,
        `Fold${who}`,
        () =>
          couldCheck
            ? ask(`${seatAndPlayer(view, action.seat)} faces no bet and could check. Fold anyway?`, `Yes, fold seat ${action.seat}`, () =>
                send({ seat: action.seat }),
              )
            : send({ seat: action.seat }),
        'fold',
      );
    }
    case 'Check':
      return button(testId, `Check${who}`, () => send({ seat: action.seat }));
    case 'Call': {
      const allIn = player !== undefined && action.amount >= player.stack;
      return button(testId, `Call ${action.amount}${allIn ? ' (all in)' : ''}${who}`, () =>
        allIn
          ? ask(`${seatAndPlayer(view, action.seat)} calls all in for ${action.amount}?`, `Yes, all in`, () => send({ seat: action.seat }))
          : send({ seat: action.seat }),
      );
    }
    case 'ShowHand':
      if (action.cardsToEnter !== undefined)
        return cardPicker(
          testId,
          `Show${who}`,
          action.cardsToEnter,
          ctx.seenCards,
          (cards) => send({ seat: action.seat, cards }),
          view.hand?.handNumber,
        );
      return button(testId, `Show${who}`, () => send({ seat: action.seat }));
    case 'MuckHand':
      return button(testId, `Muck${who}`, () => send({ seat: action.seat }));
    case 'DealBoard':
      return cardPicker(
        testId,
        `Deal the ${action.street}`,
        action.cardsToEnter,
        ctx.seenCards,
        (cards) => send({ street: action.street, cards }),
        view.hand?.handNumber,
      );
    case 'Bet': {
      const bet = (amount: number) => {
        const allIn = player !== undefined && amount >= player.stack;
        if (allIn)
          ask(`${seatAndPlayer(view, action.seat)} bets all in (${amount})?`, 'Yes, all in', () => send({ seat: action.seat, amount }));
        else send({ seat: action.seat, amount });
      };
      const form = boundedAmount(view, testId, `Bet${who}`, action.min, action.max, 1, refuse, bet);
      if (player !== undefined && action.max >= player.stack)
        form.append(button(`${testId}-all-in`, `All in ${action.max}${who}`, () => bet(action.max), 'danger'));
      return form;
    }
    case 'Raise': {
      const raise = (to: number) => {
        const allIn = player !== undefined && to >= player.stack + (player.live ?? 0);
        if (allIn)
          ask(`${seatAndPlayer(view, action.seat)} raises all in (to ${to})?`, 'Yes, all in', () => send({ seat: action.seat, to }));
        else send({ seat: action.seat, to });
      };
      const form = boundedAmount(view, testId, `Raise to${who}`, action.min, action.max, 1, refuse, raise);
      if (player !== undefined && action.max >= player.stack + (player.live ?? 0))
        // One tap to all in (where the limit lets the seat put in its whole stack): it asks first, as a typed all-in does.
        form.append(button(`${testId}-all-in`, `All in (to ${action.max})${who}`, () => raise(action.max), 'danger'));
      return form;
    }
    case 'UseTimeBank': {
      // The running clock gets the option's extension (docs/house-options.md "Shot clock and time banks").
      const seconds = (view.rules?.houseOptions.shotClock as { timeBankSeconds?: number } | undefined)?.timeBankSeconds;
      return button(testId, `Time bank${seconds ? ` +${seconds} s` : ''} (${action.extensionsLeft} left)${who}`, () =>
        send({ seat: action.seat }),
      );
    }
    case 'KillPot':
      return boundedAmount(view, testId, `Kill the pot${who}`, action.min, action.max, action.step, refuse, (amount) =>
        send({ seat: action.seat, amount }),
      );
  }
}

/** The kill pot when several seats may kill: the seat is chosen first, and the amount's bounds are that seat's. */
function killControl(view: TableView, kills: readonly Extract<LegalAction, { type: 'KillPot' }>[], ctx: ActionBarContext): HTMLElement {
  const seatId = 'action-KillPot-seat';
  const amountId = 'action-KillPot-amount';
  const seat = element(
    'select',
    { id: seatId, 'data-testid': seatId },
    kills.map((k) => element('option', { value: k.seat }, seatAndPlayer(view, k.seat))),
  );
  const input = element('input', { id: amountId, type: 'number', required: true, inputmode: 'numeric', 'data-testid': amountId });
  const bounds = element('span', { class: 'quiet' });
  const chosen = () => kills.find((k) => k.seat === Number(seat.value))!;
  const fit = () => {
    const k = chosen();
    // The seat's minimum as drawn (defaultValue), not as typed: a redraw may replace it (form-drafts.ts).
    Object.assign(input, {
      min: String(k.min),
      max: String(k.max),
      step: String(k.step),
      defaultValue: String(k.min),
      value: String(k.min),
    });
    bounds.textContent = `${k.min}–${k.max}`;
  };
  seat.addEventListener('change', fit);
  fit();
  const form = element(
    'form',
    { class: 'amount-action', novalidate: true, 'data-version': view.version },
    element('label', { for: seatId }, 'Kill the pot:'),
    seat,
    element('label', { for: amountId }, bounds),
    input,
    element('button', { type: 'submit', 'data-testid': 'action-KillPot' }, 'Kill the pot'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const k = chosen();
    const amount = Number(input.value);
    if (!Number.isSafeInteger(amount) || amount < k.min || amount > k.max || (amount - k.min) % k.step !== 0)
      return ctx.feedback.refusedHere(
        'actions',
        `The kill for ${seatAndPlayer(view, k.seat)} is from ${k.min} to ${k.max}${k.step > 1 ? ` in steps of ${k.step}` : ''}; ${input.value || 'nothing'} was entered. Nothing was sent.`,
      );
    ctx.choose({ route: commandRoute('KillPot'), body: { seat: k.seat, amount }, decidedOnVersion: view.version });
  });
  return form;
}

/**
 * An amount and its button. The form carries the version its command is decided on: a redraw for a newer version
 * replaces it rather than keeping it (form-drafts.ts), the amount typed going into the new one.
 */
function boundedAmount(
  view: TableView,
  testId: string,
  label: string,
  min: number,
  max: number,
  step: number,
  refuse: (sentence: string) => void,
  send: (amount: number) => void,
): HTMLFormElement {
  const inputId = `${testId}-amount`;
  const input = element('input', {
    id: inputId,
    type: 'number',
    min,
    max,
    step,
    value: min,
    required: true,
    inputmode: 'numeric',
    'data-testid': inputId,
  });
  const b = element('button', { type: 'submit', 'data-testid': testId }, label);
  const form = element(
    'form',
    { class: 'amount-action', novalidate: true, 'data-version': view.version },
    element('label', { for: inputId }, `${min}–${max}`),
    input,
    b,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const amount = Number(input.value);
    if (!Number.isSafeInteger(amount) || amount < min || amount > max) {
      refuse(
        `The amount must be a whole number from ${min} to ${max}; ${input.value === '' ? 'nothing' : input.value} was entered. Nothing was sent.`,
      );
      return;
    }
    send(amount);
  });
  return form;
}
