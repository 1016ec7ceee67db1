import { confirmFirst } from './confirm-dialog.js';
import { element } from './elements.js';
import type { FeedbackSlots } from './feedback-slots.js';
import { owedPosts } from './owed-posts.js';
import { liveStack } from './table-render.js';
import type { SeatView, TableView } from './table-types.js';
import { shownName } from './player-aliases.js';

/**
 * A table command from a player's row: a refusal shows on the row (`slot`), what was done on the Players panel's
 * line (the row itself may be gone: a player who left or moved).
 */
export type SendCommand = (slot: string, route: string, body: Record<string, unknown>, done: string) => void;

/**
 * The players at the table and what the floor (or the dealer) does for them: sit out and back in (owing missed
 * blinds, or waiting for the big blind), cash out and leave, add chips or rebuy, change seat; a busted player is
 * marked and removed or rebuys. The engine decides what is allowed now (a player dealt in cannot move or leave);
 * its sentence shows on the player's row.
 */
export function playerControls(view: TableView, feedback: FeedbackSlots, send: SendCommand): HTMLElement {
  const maxSeats = view.rules?.maxSeats ?? 10;
  const taken = new Set(view.seats.map((s) => s.seat));
  const free = Array.from({ length: maxSeats }, (_, i) => i + 1).filter((seat) => !taken.has(seat));
  const inProgress = view.hand !== null && view.hand.phase !== 'complete';
  const section = element(
    'section',
    { class: 'players panel', 'aria-labelledby': 'players-heading', 'data-testid': 'players' },
    element('h2', { id: 'players-heading' }, 'Players'),
    feedback.slot('players'),
  );
  if (view.seats.length === 0) section.append(element('p', { class: 'quiet' }, 'Nobody is seated.'));
  for (const seat of view.seats) section.append(playerRow(view, seat, free, inProgress, feedback, send));
  return section;
}

function playerRow(
  view: TableView,
  seat: SeatView,
  free: readonly number[],
  inProgress: boolean,
  feedback: FeedbackSlots,
  send: SendCommand,
): HTMLElement {
  const n = seat.seat;
  const name = shownName(seat.playerId);
  const who = `seat ${n}, ${name}`;
  const dealtIn = inProgress && view.hand!.players.some((p) => p.seat === n && p.playerId === seat.playerId);
  const busted = seat.busted ?? (!inProgress && seat.stack === 0);
  const slot = `player-${n}`;
  const owes = owedPosts(view, seat);
  const status = [busted ? 'busted' : '', seat.sittingOut ? 'sitting out' : '', owes, dealtIn ? 'in the hand' : '']
    .filter(Boolean)
    .join(', ');
  const row = element(
    'div',
    { class: `player-row${busted ? ' busted' : ''}`, 'data-testid': `player-row-${n}` },
    element(
      'p',
      { class: 'player-line' },
      element('strong', {}, `Seat ${n}: ${name}`),
      element('span', { 'data-testid': `player-stack-${n}` }, ` ${liveStack(view, seat)} chips`),
      status ? element('span', { class: 'badge', 'data-testid': `player-status-${n}` }, status) : null,
    ),
  );
  const buttons = element('div', { class: 'row-controls' });
  const button = (testId: string, label: string, onClick: () => void) => {
    const b = element('button', { type: 'button', 'data-testid': testId }, label);
    b.addEventListener('click', onClick);
    buttons.append(b);
  };
  if (busted) {
    button(`remove-${n}`, `Remove busted player — ${who}`, () =>
      send(slot, 'leave-table', { seat: n }, `${name} removed; seat ${n} is free.`),
    );
  } else {
    if (seat.sittingOut) {
      button(`sit-in-${n}`, `Back in — ${who}`, () =>
        send(slot, 'sit-in', { seat: n }, `${name} is back in${owes ? ` and ${owes}` : ''}.`),
      );
      if (owes)
        button(`sit-in-wait-${n}`, `Back in, waits for the big blind — ${who}`, () =>
          send(slot, 'sit-in', { seat: n, waitForBigBlind: true }, `${name} waits for the big blind.`),
        );
    } else {
      button(`sit-out-${n}`, `Sit out — ${who}`, () => send(slot, 'sit-out', { seat: n }, `${name} sits out.`));
    }
    if (!dealtIn)
      button(`leave-${n}`, `Cash out ${seat.stack} and leave — ${who}`, () =>
        confirmFirst(
          `Cash out seat ${n}, ${name}?`,
          `Seat ${n}, ${name}, leaves table ${view.tableId} with ${seat.stack} chips; the seat is free again. This cannot be taken back.`,
          `Cash out ${seat.stack} — seat ${n}, ${name}`,
          () => send(slot, 'leave-table', { seat: n }, `${name} left with ${seat.stack}.`),
        ),
      );
  }
  const amountId = `add-chips-${n}-amount`;
  const add = element(
    'form',
    { class: 'inline-form', 'data-testid': `add-chips-${n}` },
    element('label', { for: amountId }, busted ? 'Rebuy' : 'Add chips'),
    element('input', {
      id: amountId,
      name: 'amount',
      type: 'number',
      min: 1,
      step: 1,
      required: true,
      inputmode: 'numeric',
      value: view.rules?.buyIn?.min ?? '',
      'data-testid': amountId,
    }),
    element('button', { type: 'submit', 'data-testid': `add-chips-${n}-submit` }, `${busted ? 'Rebuy' : 'Add'} — ${who}`),
  );
  add.addEventListener('submit', (event) => {
    event.preventDefault();
    const amount = Number((add.elements.namedItem('amount') as HTMLInputElement).value);
    if (!Number.isSafeInteger(amount) || amount < 1)
      return feedback.refusedHere(slot, 'Enter a whole number of chips to add. Nothing was sent.');
    send(slot, 'add-chips', { seat: n, amount }, `${seat.playerId} added ${amount}.`);
  });
  const moveId = `change-seat-${n}-to`;
  const move = element(
    'form',
    { class: 'inline-form', 'data-testid': `change-seat-${n}` },
    element('label', { for: moveId }, 'Move to seat'),
    element(
      'select',
      { id: moveId, name: 'to', 'data-testid': moveId, disabled: free.length === 0 },
      free.map((seatNumber) => element('option', { value: seatNumber }, String(seatNumber))),
    ),
    element('button', { type: 'submit', 'data-testid': `change-seat-${n}-submit`, disabled: free.length === 0 }, `Move — ${who}`),
  );
  move.addEventListener('submit', (event) => {
    event.preventDefault();
    const to = Number((move.elements.namedItem('to') as HTMLSelectElement).value);
    send(slot, 'change-seat', { from: n, to }, `${seat.playerId} moved from seat ${n} to seat ${to}.`);
  });
  row.append(buttons, element('div', { class: 'row-controls' }, add, busted ? null : move), feedback.slot(slot));
  return row;
}
