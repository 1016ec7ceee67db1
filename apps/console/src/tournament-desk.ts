import { clockBoardView, stepWords, tickClocks } from './clock-view.js';
import { confirmFirst } from './confirm-dialog.js';
import type { ConsoleContext } from './console-context.js';
import { element, field, formValues } from './elements.js';
import { FeedbackSlots } from './feedback-slots.js';
import { redraw } from './form-drafts.js';
import { newCommandId } from './table-commands.js';
import { dealPanel } from './tournament-deal.js';
import { entriesPanel, movesPanel, moneyPanel, receipt } from './tournament-panels.js';
import { notForRole } from './tournament-screen.js';
import type { Desk, FloorTournament, RecordedEvent } from './tournament-types.js';

const READ_EVERY_MS = 3000;

/**
 * The tournament director's desk (#/tournament/<id>): the clock and its controls, registration with receipts, the
 * tables and the seat draw, the moves the tournament proposes (made when their table's hand ends; the floor may send
 * a player elsewhere with a reason), the entries with eliminations and prizes, the money, and the deal calculator.
 * Read every few seconds (hands end at the tables) and after each command; what the floor is typing survives every
 * redraw (form-drafts.ts). Irreversible taps ask first, naming the player, the table or the amount.
 */
export function tournamentDesk(ctx: ConsoleContext, tournamentId: string): { node: HTMLElement; stop: () => void } {
  if (ctx.session()?.user.role !== 'floor') return { node: notForRole(tournamentId), stop: () => {} };
  const feedback = new FeedbackSlots();
  const body = element('div', { 'data-testid': 'tournament-desk' }, 'Loading…');
  const path = `/tournaments/${encodeURIComponent(tournamentId)}`;
  const node = element(
    'section',
    { class: 'screen tournament-desk', 'aria-labelledby': 'desk-heading' },
    element(
      'h2',
      { id: 'desk-heading' },
      `Tournament ${tournamentId} `,
      element(
        'a',
        { href: `clock.html?tournament=${encodeURIComponent(tournamentId)}`, target: '_blank', 'data-testid': 'desk-clock-link' },
        'Clock board (TV)',
      ),
    ),
    body,
  );
  let stopped = false;
  const read = async () => {
    try {
      const view = await ctx.api.get<FloorTournament>(path);
      if (!stopped) redraw(body, deskView({ view, feedback, send }, ctx.api.serverTime.now()));
    } catch (error) {
      if (!stopped) ctx.notice.error(error);
    }
  };
  const send: Desk['send'] = async (slot, command, done) => {
    try {
      const answer = await ctx.api.post<{ events: RecordedEvent[] }>(`${path}/commands`, command, { 'Idempotency-Key': newCommandId() });
      feedback.succeeded(slot, done(answer.events));
      await read();
      return true;
    } catch (error) {
      feedback.refused(slot, error);
      return false;
    }
  };
  void read();
  const poll = window.setInterval(() => void read(), READ_EVERY_MS);
  const tick = window.setInterval(() => tickClocks(body, ctx.api.serverTime.now()), 1000);
  return { node, stop: () => ((stopped = true), window.clearInterval(poll), window.clearInterval(tick)) };
}

function deskView(desk: Desk, now: number): HTMLElement[] {
  return [
    element('div', { class: 'desk-top' }, clockBoardView(desk.view, now), clockControls(desk)),
    element('div', { class: 'desk-grid' }, registrationPanel(desk), tablesPanel(desk)),
    movesPanel(desk),
    entriesPanel(desk),
    dealPanel(desk),
    moneyPanel(desk),
  ];
}

/** Start, pause, resume, add time, the next level early; hand-for-hand near the money. */
function clockControls(desk: Desk): HTMLElement {
  const { view, send } = desk;
  const { clock } = view;
  const button = (testid: string, text: string) =>
    element('button', { type: 'button', 'data-testid': testid, disabled: view.status === 'finished' }, text);
  const buttons: HTMLElement[] = [];
  if (clock.status === 'not-started') {
    const start = button('clock-start', 'Start the clock');
    start.addEventListener('click', () =>
      confirmFirst(
        `Start the clock of ${view.name}?`,
        `${stepWords(view.level)} starts now; the levels then move on by themselves.`,
        'Start the clock',
        () => void send('clock', { type: 'StartClock' }, () => 'The clock is running.'),
      ),
    );
    buttons.push(start);
  }
  if (clock.status === 'running') {
    const pause = button('clock-pause', 'Pause');
    pause.addEventListener('click', () => void send('clock', { type: 'PauseClock' }, () => 'The clock is paused.'));
    buttons.push(pause);
  }
  if (clock.status === 'paused') {
    const resume = button('clock-resume', 'Resume');
    resume.addEventListener('click', () => void send('clock', { type: 'ResumeClock' }, () => 'The clock is running again.'));
    buttons.push(resume);
  }
  if (clock.status !== 'not-started' && view.next) {
    const early = button('clock-next-level', 'Next level now');
    early.addEventListener('click', () =>
      confirmFirst(
        `Move to the next level now?`,
        `${stepWords(view.level)} ends early; ${stepWords(view.next)} takes effect on each table's next hand.`,
        'Next level now',
        () => void send('clock', { type: 'AdvanceLevel', fromStep: view.level!.step, early: true }, () => `Now: ${stepWords(view.next)}.`),
      ),
    );
    buttons.push(early);
  }
  const addTime = element(
    'form',
    { class: 'inline-form', 'data-testid': 'add-time' },
    field('Minutes (− to take off)', element('input', { name: 'minutes', type: 'number', value: 1, min: -60, max: 60 })),
    element('button', { type: 'submit', 'data-testid': 'add-time-submit', disabled: clock.status === 'not-started' }, 'Add time'),
  );
  addTime.addEventListener('submit', (event) => {
    event.preventDefault();
    const minutes = Number(formValues(addTime).minutes);
    if (!Number.isInteger(minutes) || minutes === 0 || Math.abs(minutes) > 60)
      return desk.feedback.refusedHere('clock', 'Add time: a whole number of minutes, −60 to 60, not 0. Nothing was changed.');
    void send(
      'clock',
      { type: 'AddTime', seconds: minutes * 60 },
      () => `${minutes > 0 ? 'Added' : 'Took off'} ${Math.abs(minutes)} min.`,
    ).then((ok) => ok && addTime.reset());
  });
  const hfh = button('hand-for-hand', view.handForHand ? 'End hand-for-hand' : 'Start hand-for-hand');
  hfh.addEventListener(
    'click',
    () =>
      void send('clock', { type: 'HandForHand', on: !view.handForHand }, () =>
        view.handForHand ? 'Hand-for-hand ended.' : 'Hand-for-hand: each table plays one hand, then waits.',
      ),
  );
  return element(
    'div',
    { class: 'panel', 'aria-label': 'Clock controls' },
    element('div', { class: 'row-controls' }, buttons, view.status === 'running' && hfh),
    addTime,
    desk.feedback.slot('clock'),
  );
}

/** Register a player (the receipt shows beside the form); the entries' list below unregisters and re-enters. */
function registrationPanel(desk: Desk): HTMLElement {
  const { view } = desk;
  const form = element(
    'form',
    { 'data-testid': 'register', class: 'inline-form' },
    field('Player id (card number)', element('input', { name: 'playerId', autocomplete: 'off' })),
    field('Alias (shown to dealers)', element('input', { name: 'alias', autocomplete: 'off' })),
    element('button', { type: 'submit', class: 'primary', 'data-testid': 'register-submit', disabled: !view.registrationOpen }, 'Register'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const { playerId, alias } = formValues(form);
    void desk.send('register', { type: 'Register', playerId, alias }, receipt).then((ok) => ok && form.reset());
  });
  return element(
    'div',
    { class: 'panel', 'aria-labelledby': 'register-heading' },
    element('h3', { id: 'register-heading' }, `Registration ${view.registrationOpen ? 'open' : 'closed'}`),
    form,
    desk.feedback.slot('register'),
  );
}

/** The tables (add one; the seat draw once players are registered). */
function tablesPanel(desk: Desk): HTMLElement {
  const { view } = desk;
  const form = element(
    'form',
    { 'data-testid': 'add-tournament-table', class: 'inline-form' },
    field('Table id', element('input', { name: 'tableId', autocomplete: 'off' })),
    element('button', { type: 'submit', 'data-testid': 'add-tournament-table-submit' }, 'Add the table'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const { tableId } = formValues(form);
    void desk.send('tables', { type: 'AddTable', tableId }, () => `Table ${tableId} added.`).then((ok) => ok && form.reset());
  });
  const drawn = view.entryList.some((e) => e.status === 'seated' || e.status === 'busted');
  const waiting = view.entryList.filter((e) => e.status === 'registered').length;
  const draw = element(
    'button',
    { type: 'button', class: 'primary', 'data-testid': 'draw-seats', disabled: drawn || waiting === 0 },
    'Draw the seats',
  );
  draw.addEventListener('click', () =>
    confirmFirst(
      `Draw the seats for ${waiting} entries?`,
      `The server draws every seat at random over ${view.tables.filter((t) => !t.broken).length} tables and records the draw; it cannot be drawn again.`,
      'Draw the seats',
      () =>
        void desk.send(
          'tables',
          { type: 'DrawSeats' },
          (events) =>
            `Seats drawn for ${(events.find((e) => e.type === 'SeatsDrawn')?.seats as unknown[] | undefined)?.length ?? 0} entries.`,
        ),
    ),
  );
  const seatedAt = (tableId: string) => view.entryList.filter((e) => e.status === 'seated' && e.seat?.tableId === tableId).length;
  return element(
    'div',
    { class: 'panel', 'aria-labelledby': 'tables-heading' },
    element('h3', { id: 'tables-heading' }, 'Tables and the seat draw'),
    element(
      'ul',
      { 'data-testid': 'tournament-tables' },
      view.tables.map((t) =>
        element(
          'li',
          { 'data-testid': `tournament-table-${t.tableId}` },
          `${t.tableId}: ${t.broken ? 'broken' : `${seatedAt(t.tableId)} of ${t.seats} seats`}`,
        ),
      ),
    ),
    form,
    draw,
    desk.feedback.slot('tables'),
  );
}
