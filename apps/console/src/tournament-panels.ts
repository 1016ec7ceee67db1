import type { Entry } from '@felt/tournament';
import { confirmFirst } from './confirm-dialog.js';
import { element, field, formValues } from './elements.js';
import type { Desk, RecordedEvent } from './tournament-types.js';

export const isAlive = (e: Entry) => e.status === 'registered' || e.status === 'seated';
export const who = (e: Entry) => `${e.alias} (${e.entryId})`;
const seatWords = (seat: { tableId: string; seat: number } | null) => (seat ? `table ${seat.tableId} seat ${seat.seat}` : '—');

/**
 * The moves the tournament proposed to balance or break tables: each is made when its table's current hand ends
 * (the player finishes the hand they are in). The floor may send the player to another seat instead, with a reason
 * that is recorded.
 */
export function movesPanel(desk: Desk): HTMLElement {
  const { view } = desk;
  const byId = new Map(view.entryList.map((e) => [e.entryId, e]));
  const tables = view.tables.filter((t) => !t.broken);
  return element(
    'div',
    { class: 'panel', 'aria-labelledby': 'moves-heading', 'data-testid': 'moves' },
    element('h3', { id: 'moves-heading' }, `Moves (${view.moves.length})`),
    view.moves.length === 0 && element('p', { class: 'quiet' }, 'No player is waiting to move: the tables are balanced.'),
    view.moves.map((m) => {
      const entry = byId.get(m.entryId)!;
      const slot = `move-${m.entryId}`;
      const form = element(
        'form',
        { class: 'inline-form', 'data-testid': `override-${m.entryId}` },
        field(
          'To table',
          element(
            'select',
            { name: 'tableId' },
            tables.map((t) => element('option', { value: t.tableId, selected: t.tableId === m.to.tableId }, t.tableId)),
          ),
        ),
        field('Seat', element('input', { name: 'seat', type: 'number', min: 1, max: 10, value: m.to.seat })),
        field('Reason', element('input', { name: 'reason', autocomplete: 'off' })),
        element('button', { type: 'submit', 'data-testid': `override-${m.entryId}-submit` }, 'Send there instead'),
      );
      form.addEventListener('submit', (event) => {
        event.preventDefault();
        const { tableId, seat, reason } = formValues(form);
        if (reason.length < 3)
          return desk.feedback.refusedHere(slot, 'Say why (3 characters at least): the reason is recorded. Nothing was changed.');
        const to = { tableId: tableId!, seat: Number(seat) };
        confirmFirst(
          `Send ${who(entry)} to ${seatWords(to)}?`,
          `Instead of ${seatWords(m.to)}, because "${reason}". The move is made when table ${m.from.tableId}'s hand ends.`,
          'Send there',
          () =>
            void desk.send(
              slot,
              { type: 'OverrideMove', entryId: m.entryId, to, reason },
              () => `${entry.alias} goes to ${seatWords(to)}.`,
            ),
        );
      });
      return element(
        'div',
        { class: 'move', 'data-testid': `move-${m.entryId}` },
        element(
          'p',
          {},
          `${who(entry)}: ${seatWords(m.from)} → ${seatWords(m.to)} (${m.reason === 'break' ? 'the table breaks' : 'balancing'}), when table ${m.from.tableId}'s hand ends.`,
        ),
        form,
        desk.feedback.slot(slot),
      );
    }),
  );
}

/** Every entry: who is in, where, with what; the eliminations (latest first) and, at the end, places and prizes. */
export function entriesPanel(desk: Desk): HTMLElement {
  const { view } = desk;
  const structure = view.structure!;
  const results = new Map((view.results ?? []).map((r) => [r.entryId, r]));
  const drawn = view.entryList.some((e) => e.status !== 'registered' && e.status !== 'unregistered');
  const entriesOf = (playerId: string) => view.entryList.filter((e) => e.playerId === playerId && e.status !== 'unregistered').length;
  const price = structure.entry.prizePool + structure.entry.houseFee + structure.entry.staffFee;
  const rank = (e: Entry) => (isAlive(e) ? 1e15 + e.chips : e.status === 'busted' ? (e.bust?.round ?? 0) : -1);
  const rows = [...view.entryList].sort(
    (a, b) => (results.get(a.entryId)?.place ?? 1e9) - (results.get(b.entryId)?.place ?? 1e9) || rank(b) - rank(a),
  );
  const action = (e: Entry): HTMLElement | null => {
    const slot = `entry-${e.entryId}`;
    if (e.status === 'registered' && !drawn) {
      const b = element('button', { type: 'button', class: 'danger', 'data-testid': `unregister-${e.entryId}` }, 'Unregister');
      b.addEventListener('click', () =>
        confirmFirst(
          `Unregister ${who(e)}?`,
          `The entry is cancelled and ${price} is refunded to the player.`,
          'Unregister and refund',
          () => void desk.send(slot, { type: 'Unregister', entryId: e.entryId }, () => `${e.alias} unregistered: refund ${price}.`),
        ),
      );
      return b;
    }
    const last = view.entryList.filter((x) => x.playerId === e.playerId).at(-1);
    if (e.status === 'busted' && last === e && view.registrationOpen && entriesOf(e.playerId) < structure.maxEntriesPerPlayer) {
      const b = element('button', { type: 'button', 'data-testid': `re-enter-${e.entryId}` }, 'Re-enter');
      b.addEventListener('click', () =>
        confirmFirst(
          `Re-enter ${e.alias} (${e.playerId})?`,
          `A new entry for ${price}, with ${structure.startingStack} chips, seated at once.`,
          'Re-enter',
          () => void desk.send(slot, { type: 'ReEnter', playerId: e.playerId }, receipt),
        ),
      );
      return b;
    }
    return null;
  };
  return element(
    'div',
    { class: 'panel', 'aria-labelledby': 'entries-heading' },
    element('h3', { id: 'entries-heading' }, `Entries and eliminations (${view.playersLeft} of ${view.entries} left)`),
    element(
      'table',
      { class: 'entries', 'data-testid': 'entries' },
      element(
        'thead',
        {},
        element(
          'tr',
          {},
          ['Entry', 'Player', 'Status', 'Seat', 'Chips', 'Place', 'Prize', ''].map((h) => element('th', { scope: 'col' }, h)),
        ),
      ),
      element(
        'tbody',
        {},
        rows.map((e) => {
          const result = results.get(e.entryId);
          const slot = `entry-${e.entryId}`;
          return element(
            'tr',
            { 'data-testid': `entry-${e.entryId}` },
            element('td', {}, `${e.alias} (${e.entryId})`),
            element('td', {}, e.playerId),
            element(
              'td',
              { 'data-testid': `entry-status-${e.entryId}` },
              e.status === 'busted' ? `out (bust round ${e.bust?.round ?? '?'})` : e.status,
            ),
            element('td', {}, seatWords(e.seat)),
            element('td', {}, isAlive(e) ? e.chips : 0),
            element('td', { 'data-testid': `entry-place-${e.entryId}` }, result ? result.place : ''),
            element('td', { 'data-testid': `entry-prize-${e.entryId}` }, result ? result.prize : ''),
            element('td', {}, action(e), desk.feedback.slot(slot)),
          );
        }),
      ),
    ),
  );
}

/** The receipt of a registration or re-entry, from the event the command recorded. */
export function receipt(events: readonly RecordedEvent[]): string {
  const e = events.find((x) => x.type === 'PlayerRegistered') as
    | {
        entryId: string;
        alias: string;
        fees: { prizePool: number; houseFee: number; staffFee: number };
        chips: number;
        seat: { tableId: string; seat: number } | null;
      }
    | undefined;
  if (!e) return 'Done.';
  const paid = e.fees.prizePool + e.fees.houseFee + e.fees.staffFee;
  const seat = e.seat ? `, seat ${e.seat.seat} at table ${e.seat.tableId}` : '';
  return `Receipt: entry ${e.entryId} (${e.alias}) paid ${paid} (${e.fees.prizePool} prize pool, ${e.fees.houseFee} house, ${e.fees.staffFee} staff) for ${e.chips} chips${seat}.`;
}

/** The money reconciled: what players paid, the prize pool, the house's and the staff's fees, any overlay. */
export function moneyPanel(desk: Desk): HTMLElement {
  const { money } = desk.view;
  const row = (label: string, value: number, id: string) =>
    element('tr', {}, element('th', { scope: 'row' }, label), element('td', { 'data-testid': `money-${id}` }, value));
  return element(
    'div',
    { class: 'panel', 'aria-labelledby': 'money-heading' },
    element('h3', { id: 'money-heading' }, 'Money'),
    element(
      'table',
      {},
      element(
        'tbody',
        {},
        row('Paid by players', money.paid, 'paid'),
        row('To the prize pool', money.collected, 'collected'),
        row('House fees', money.houseFees, 'house'),
        row('Staff fees', money.staffFees, 'staff'),
        row('Overlay (the house adds)', money.overlay, 'overlay'),
        row('Prize pool', money.prizePool, 'pool'),
        row('Chips in play', desk.view.chipsInPlay, 'chips'),
      ),
    ),
  );
}
