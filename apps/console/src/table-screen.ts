import { actionBar, TurnChangeGuard } from './action-bar.js';
import type { ChosenAction, CommandStep } from './chosen-action.js';
import { ApiError } from './api-client.js';
import type { ConsoleContext } from './console-context.js';
import { dealerStaff } from './dealer-staff.js';
import { element, replaceChildren } from './elements.js';
import { eventSentence, splitCards, type SeatName } from './event-sentences.js';
import { FeedbackSlots } from './feedback-slots.js';
import { changeRulesForm } from './rules-change-form.js';
import { correctionForm, dealerControls, handAndTableForms, seatPlayerForm, type FormRequest } from './floor-forms.js';
import { redraw } from './form-drafts.js';
import { handHistoryList, recalledHands } from './hand-history.js';
import { shownHands, TableEventLog } from './table-event-log.js';
import { LiveTables } from './live-connection.js';
import { playerControls } from './player-controls.js';
import { playerLookup } from './player-lookup.js';
import { AbsenceNotices } from './player-absences.js';
import { showdownPanel } from './showdown-panel.js';
import { ShotClockDisplay } from './shot-clock.js';
import { tableCash } from './table-cash.js';
import { TableCommands } from './table-commands.js';
import { tableGraphic, tableSummary } from './table-render.js';
import type { CommandAnswer, TableEventItem, TableView } from './table-types.js';
import { learnAliases, shownName } from './player-aliases.js';

const LOG_LINES = 80;
/** A tap that stands for several commands (every forced bet, every hand tabled) sends at most this many. */
const MOST_COMMANDS_A_TAP = 20;
/** After a reload, the events read back so that the hand in progress shows all its actions again. */
const EVENTS_RESTORED = 1000;

/**
 * One table: the summary strip, the table graphic, the action bar pinned at the bottom, and beside them the
 * showdown, the activity log and the controls this user's role may use (a dealer sees no floor-only control, a
 * regulator none). It shows the newest view it has, from a command's answer or from /live, whichever is newer.
 */
export function tableScreen(ctx: ConsoleContext, tableId: string): { node: HTMLElement; stop(): void } {
  const role = ctx.session()?.user.role ?? 'regulator';
  const isFloor = role === 'floor';
  const mayAct = role === 'floor' || role === 'dealer';
  const commands = new TableCommands(ctx.api, tableId);
  const feedback = new FeedbackSlots();
  const guard = new TurnChangeGuard();
  const log = new TableEventLog();
  let view: TableView | null = null;

  const liveStatus = element('span', { class: 'live-status', 'data-testid': 'live-status', role: 'status' }, 'connecting…');
  const summary = element('div', { class: 'summary-slot' }, 'Loading…');
  const graphic = element('div', { class: 'graphic-slot' });
  const bar = element('div', { class: 'bar-actions' });
  // The shot clock's countdown sits above the action bar, outside it: the bar is redrawn, the countdown keeps ticking.
  const shotClock = new ShotClockDisplay(ctx.api.serverTime, isFloor, (route, version) =>
    sendCommand('actions', route, {}, route === 'pause-clock' ? 'Clock paused.' : 'Clock resumed.', version),
  );
  const showdown = element('div', { class: 'showdown-slot' });
  const between = element('div', { class: 'between-slot' });
  // Focusable: it scrolls on its own, and a keyboard must reach what is below.
  const logList = element('ol', {
    class: 'log',
    'data-testid': 'activity-log',
    'aria-live': 'polite',
    reversed: true,
    tabindex: 0,
    'aria-label': 'Activity, newest first',
  });
  const management = element('div', { class: 'management' });
  const staff = isFloor ? dealerStaff(ctx.api, tableId) : null;
  const lookup: HTMLElement | null = isFloor ? seatLookup(ctx, (): HTMLElement => node) : null;
  // Absences that ran out are in the audit stream, which the floor reads and a dealer may not.
  const absences = isFloor ? new AbsenceNotices(ctx.api, tableId) : null;
  const mayRecall = isFloor || role === 'regulator';
  const history = element('div', { 'data-testid': 'history' }, mayRecall ? null : 'Hand recall is for floor supervisors and regulators.');
  const recall = element('button', { type: 'button', 'data-testid': 'recall-hands', hidden: !mayRecall }, 'Recall the last 10 hands');
  const node: HTMLElement = element(
    'section',
    { class: 'screen table-screen', 'aria-labelledby': 'table-heading', 'data-role': role },
    element(
      'header',
      { class: 'table-head' },
      element('a', { href: '#/lobby' }, '← Lobby'),
      element('h1', { id: 'table-heading' }, `Table ${tableId}`),
      summary,
      liveStatus,
      feedback.slot('screen'),
    ),
    element('div', { class: 'table-main' }, graphic),
    element(
      'aside',
      { class: 'table-side', 'aria-label': 'Hand, activity and controls' },
      between,
      showdown,
      element(
        'section',
        { class: 'panel', 'aria-labelledby': 'log-heading' },
        element('h2', { id: 'log-heading' }, 'This hand and before'),
        logList,
      ),
      absences?.node,
      management,
      lookup,
      staff?.node,
      element(
        'section',
        { class: 'panel', 'aria-labelledby': 'history-heading' },
        element('h2', { id: 'history-heading' }, 'Hand history'),
        recall,
        history,
      ),
    ),
    element('div', { class: 'bar-slot' }, shotClock.node, bar),
  );
  const seatName = (): SeatName => (seat) => {
    const id = view?.seats.find((s) => s.seat === seat)?.playerId;
    return id ? `Seat ${seat} (${shownName(id)})` : `Seat ${seat}`;
  };

  /** The table itself: redrawn for every new event or view. */
  const renderTable = () => {
    if (!view) return;
    const record = log.currentHand();
    replaceChildren(summary, tableSummary(view, record, log.bombPotCalledFor()));
    replaceChildren(graphic, tableGraphic(view, record));
    replaceChildren(showdown, showdownPanel(view, record));
    const seen = new Set<string>([
      ...splitCards(view.hand?.board ?? ''),
      ...(view.hand?.players ?? []).flatMap((p) => splitCards(p.holeCards ?? '')),
    ]);
    if (record && view.hand?.phase !== 'complete') for (const s of shownHands(record)) for (const c of s.cards) seen.add(c);
    // Events arrive after the answer that showed their version, and other consoles' commands at any time: what the
    // dealer was typing (an amount, a seat) stays, instead of the minimum coming back under their finger.
    redraw(bar, actionBar(view, { role, feedback, guard, choose: act, seenCards: seen }));
    const lines = log.newestFirst(LOG_LINES);
    replaceChildren(
      logList,
      lines.map((event) => element('li', { 'data-version': event.version }, `v${event.version} ${eventSentence(event, seatName())}`)),
    );
  };
  /** The forms: redrawn for a new version of the table, keeping what was typed into them (form-drafts.ts). */
  const renderControls = () => {
    if (!view) return;
    redraw(between, mayAct ? dealerControls(view, feedback, submit) : null);
    redraw(
      management,
      mayAct ? playerControls(view, feedback, sendCommand) : null,
      mayAct
        ? element(
            'section',
            { class: 'panel floor-forms', 'aria-labelledby': 'floor-heading' },
            element('h2', { id: 'floor-heading' }, isFloor ? 'Floor' : 'Seating'),
            seatPlayerForm(view, feedback, submit),
            isFloor ? correctionForm(view, log.standingActions(), seatName(), feedback, submit) : null,
            isFloor ? handAndTableForms(view, feedback, submit) : null,
            isFloor ? changeRulesForm(view, feedback, submit) : null,
          )
        : null,
      mayAct ? tableCash(ctx.api, view, feedback) : null,
    );
  };
  const show = (next: TableView) => {
    if (view && next.version <= view.version) return; // already shown, or an older view arriving late
    view = next;
    shotClock.show(next);
    absences?.show(next);
    learnAliases(
      ctx.api,
      next.seats.map((s) => s.playerId),
      () => {
        renderTable();
        renderControls();
      },
    );
    renderTable();
    renderControls();
  };
  const record = (events: readonly TableEventItem[]) => {
    // The activity names players who may have left since: their aliases too.
    learnAliases(
      ctx.api,
      events.flatMap((e) => (typeof e.data.playerId === 'string' ? [e.data.playerId] : [])),
      renderTable,
    );
    log.add(events);
    renderTable();
  };
  const live = new LiveTables(() => ctx.session()?.accessToken ?? null, {
    table: show,
    events: record,
    status: (text, connected) => {
      liveStatus.textContent = text;
      liveStatus.dataset.connected = String(connected);
    },
    access: () => void staff?.load(),
    released: (released) => role === 'dealer' && released === tableId && backToLobby(ctx, tableId),
  });

  /** A command answered 201/200: show its events and the table it left. */
  const applied = (answer: CommandAnswer) => {
    log.add(answer.events);
    if (view && answer.table.version <= view.version) {
      // /live showed this version first: draw the forms again all the same (a sent form starts afresh).
      renderTable();
      renderControls();
    }
    show(answer.table);
  };
  let acting = false;
  async function act(action: ChosenAction): Promise<void> {
    // One decision at a time: the buttons wait for this command's answer (and a run of commands for its last).
    if (acting) return;
    acting = true;
    const buttons = [...bar.querySelectorAll<HTMLButtonElement>('button:not([disabled])')];
    for (const button of buttons) button.disabled = true;
    let step: CommandStep | null = action;
    let version = action.decidedOnVersion;
    let done = 0;
    try {
      for (; step && done < MOST_COMMANDS_A_TAP; done++) {
        const answer = await commands.send(step.route, step.body, version);
        applied(answer);
        version = answer.table.version;
        step = action.next?.(answer.table) ?? null;
      }
      feedback.succeeded();
    } catch (error) {
      feedback.refused(
        'actions',
        error,
        done === 0
          ? undefined
          : done === 1
            ? 'The first command of this tap was recorded; then:'
            : `The first ${done} commands of this tap were recorded; then:`,
      );
      // Someone else acted first: show the table as it is now.
      if (error instanceof ApiError && error.status === 409) void reload();
    } finally {
      acting = false;
      for (const button of buttons) if (button.isConnected) button.disabled = false;
    }
  }
  function sendCommand(slot: string, route: string, body: Record<string, unknown>, done: string, version = view?.version): void {
    void commands
      .send(route, body, version)
      .then((answer) => {
        feedback.succeeded('players', done);
        applied(answer);
      })
      .catch((error) => {
        feedback.refused(slot, error);
        if (error instanceof ApiError && error.status === 409) void reload();
      });
  }
  function submit(request: FormRequest, form: HTMLFormElement): void {
    const slot = form.dataset.testid ?? 'screen';
    const fieldset = form.querySelector('fieldset');
    if (fieldset) fieldset.disabled = true;
    const headers: Record<string, string> = {};
    void (
      request.path.startsWith(`/tables/${encodeURIComponent(tableId)}/`)
        ? commands.send(request.path.slice(`/tables/${encodeURIComponent(tableId)}/`.length), request.body, view?.version)
        : ctx.api.send(request.method, request.path, request.body, headers)
    )
      .then((answer: unknown) => {
        // Sent: the form starts afresh (the one on screen now, if a redraw replaced it meanwhile).
        (node.querySelector<HTMLFormElement>(`form[data-testid="${CSS.escape(slot)}"]`) ?? form).reset();
        const waits = (answer as { code?: string } | null)?.code === 'APPROVAL_REQUIRED' && request.waiting;
        feedback.succeeded(slot, waits || request.done);
        if (isCommandAnswer(answer)) applied(answer);
        else void reload();
      })
      .catch((error) => {
        feedback.refused(slot, error);
        if (error instanceof ApiError && error.status === 409) void reload();
      })
      .finally(() => {
        if (fieldset) fieldset.disabled = false;
      });
  }
  async function reload(): Promise<void> {
    try {
      show(await ctx.api.get<TableView>(`/tables/${encodeURIComponent(tableId)}`));
    } catch (error) {
      feedback.refused('screen', error);
    }
  }
  /** After a reload the hand in progress and its actions come back: the table's recent events are read again. */
  async function restoreEvents(): Promise<void> {
    if (!view) return;
    const shown = view;
    const from = Math.max(1, view.version - EVENTS_RESTORED + 1);
    try {
      const page = await ctx.api.get<{ events: TableEventItem[] }>(
        `/tables/${encodeURIComponent(tableId)}/events?fromVersion=${from}&limit=${EVENTS_RESTORED}`,
      );
      record(page.events);
      // The correction form lists the hand's standing actions: draw it again now that they are known.
      if (view === shown) renderControls();
    } catch (error) {
      feedback.refused('screen', error);
    }
  }
  recall.addEventListener('click', async () => {
    try {
      replaceChildren(
        history,
        handHistoryList(recalledHands(await ctx.api.get(`/regulator/tables/${encodeURIComponent(tableId)}/hands?last=10`))),
      );
    } catch (error) {
      replaceChildren(history, 'The hand history could not be recalled.');
      feedback.refused('screen', error);
    }
  });

  void reload().then(async () => {
    await restoreEvents();
    live.follow(tableId, view?.version ?? null);
  });
  void staff?.load();
  return {
    node,
    stop: () => {
      live.stop();
      shotClock.stop();
      absences?.stop();
    },
  };
}

/** A pushed dealer's tablet leaves the table at once, saying why, instead of keeping controls that would be refused. */
function backToLobby(ctx: ConsoleContext, tableId: string): void {
  // The lobby's route clears the message line first: say it once the lobby is shown.
  window.addEventListener(
    'hashchange',
    () => ctx.notice.info(`You no longer deal table ${tableId}: the floor has released you (a dealer push). Your tables are in the lobby.`),
    { once: true },
  );
  ctx.go('#/lobby');
}

/**
 * The floor seats a registered player by lookup instead of typing a card number: a player found who may sit fills
 * the seat form's player id (the buy-in field gets the focus). One who may not shows why and offers nothing.
 */
function seatLookup(ctx: ConsoleContext, screen: () => HTMLElement): HTMLElement {
  return playerLookup(ctx, 'seat-lookup', 'Find a registered player to seat', (p) => {
    if (!p.mayBeSeated) return null;
    const pick = element('button', { type: 'button', 'data-testid': `pick-${p.playerId}` }, `Seat ${p.alias}`);
    pick.addEventListener('click', () => {
      const form = screen().querySelector<HTMLFormElement>('form[data-testid="seat-player"]');
      const input = form?.querySelector<HTMLInputElement>('input[name="playerId"]');
      if (!form || !input) return;
      input.value = p.playerId;
      // Marked as typed, so a redraw before the form is sent keeps the pick (form-drafts.ts).
      input.dispatchEvent(new Event('input', { bubbles: true }));
      form.querySelector<HTMLInputElement>('input[name="buyIn"]')?.focus();
    });
    return pick;
  });
}

function isCommandAnswer(answer: unknown): answer is CommandAnswer {
  const a = answer as Partial<CommandAnswer> | null;
  return typeof a === 'object' && a !== null && Array.isArray(a.events) && typeof a.table === 'object';
}
