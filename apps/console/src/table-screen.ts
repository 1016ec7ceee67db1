import { actionPanel, type ChosenAction } from './action-panel.js';
import { ApiError } from './api-client.js';
import type { ConsoleContext } from './console-context.js';
import { element, replaceChildren } from './elements.js';
import { eventSentence } from './event-sentences.js';
import { assignDealerForm, dealerControls, handAndTableForms, seatPlayerForm, submitForm, type FormRequest } from './floor-forms.js';
import { FormDrafts } from './form-drafts.js';
import { handHistoryList, recalledHands } from './hand-history.js';
import { LiveTable } from './live-connection.js';
import { TableCommands } from './table-commands.js';
import { seatsTable, tableSummary } from './table-render.js';
import type { CommandAnswer, TableEventItem, TableView } from './table-types.js';

const LOG_LINES = 60;

/**
 * One table: its state, the buttons for the legal actions, the dealer's and the floor's forms, the activity log
 * and the hand history. It shows the newest view it has, from a command's answer or from /live, whichever is
 * newer; a refused command shows the API's sentence and changes nothing.
 */
export function tableScreen(ctx: ConsoleContext, tableId: string): { node: HTMLElement; stop(): void } {
  const commands = new TableCommands(ctx.api, tableId);
  let view: TableView | null = null;
  const log = new Map<number, string>();

  const heading = element('h2', { id: 'table-heading' }, `Table ${tableId}`);
  const dealers = element('p', { 'data-testid': 'dealers' });
  const liveStatus = element('span', { class: 'live-status', 'data-testid': 'live-status', role: 'status' }, 'connecting…');
  const state = element('div', { class: 'table-state' }, 'Loading…');
  const controls = element('div', { class: 'table-controls' });
  const logList = element('ol', { class: 'log', 'data-testid': 'activity-log', 'aria-live': 'polite' });
  // The recall is the regulator's route, open to regulators and floor supervisors only (docs/api.md).
  const mayRecall = ['floor', 'regulator'].includes(ctx.session()?.user.role ?? '');
  const history = element('div', { 'data-testid': 'history' }, mayRecall ? null : 'Hand recall is for floor supervisors and regulators.');
  const recall = element('button', { type: 'button', 'data-testid': 'recall-hands', hidden: !mayRecall }, 'Recall the last 10 hands');
  const node = element(
    'section',
    { class: 'screen table-screen', 'aria-labelledby': 'table-heading' },
    element('p', {}, element('a', { href: '#/lobby' }, '← Lobby')),
    heading,
    liveStatus,
    dealers,
    state,
    controls,
    element('section', { 'aria-labelledby': 'log-heading' }, element('h3', { id: 'log-heading' }, 'Activity'), logList),
    element('section', { 'aria-labelledby': 'history-heading' }, element('h3', { id: 'history-heading' }, 'Hand history'), recall, history),
  );

  // What was typed into the floor's forms survives a re-render caused by someone else's command.
  const drafts = new FormDrafts(controls);

  const show = (next: TableView) => {
    if (view && next.version <= view.version) return; // already shown, or an older view arriving late
    view = next;
    replaceChildren(state, tableSummary(next), seatsTable(next));
    replaceChildren(
      controls,
      actionPanel(next, act, (sentence) => ctx.notice.info(sentence)),
      element(
        'section',
        { 'aria-labelledby': 'dealer-heading' },
        element('h3', { id: 'dealer-heading' }, 'Dealer'),
        dealerControls(next, submit, (sentence) => ctx.notice.info(sentence)),
      ),
      element(
        'section',
        { 'aria-labelledby': 'floor-heading', class: 'floor-forms' },
        element('h3', { id: 'floor-heading' }, 'Floor'),
        seatPlayerForm(next, submit, (sentence) => ctx.notice.info(sentence)),
        assignDealerForm(next, submit, (sentence) => ctx.notice.info(sentence)),
        handAndTableForms(next, submit, (sentence) => ctx.notice.info(sentence)),
      ),
    );
    drafts.restore();
  };
  // A command's answer and /live both carry the command's events, in either order: each version is logged once,
  // newest first.
  const record = (events: readonly TableEventItem[]) => {
    for (const event of events) log.set(event.version, `v${event.version} ${eventSentence(event)}`);
    const newestFirst = [...log.keys()].sort((a, b) => b - a);
    for (const version of newestFirst.slice(LOG_LINES)) log.delete(version);
    replaceChildren(logList, newestFirst.slice(0, LOG_LINES).map((version) => element('li', {}, log.get(version)!)));
  };
  const live = new LiveTable(tableId, () => ctx.session()?.accessToken ?? null, {
    table: show,
    events: record,
    status: (text, connected) => {
      liveStatus.textContent = text;
      liveStatus.dataset.connected = String(connected);
    },
  });

  /** A command answered 201/200: show its events and the table it left. */
  const applied = (answer: CommandAnswer) => {
    record(answer.events);
    show(answer.table);
  };
  async function act(action: ChosenAction): Promise<void> {
    ctx.notice.clear();
    // One decision at a time: the buttons wait for this command's answer (a second click would act on a stale view).
    const buttons = [...controls.querySelectorAll<HTMLButtonElement>('[data-testid="actions"] button:not([disabled])')];
    for (const button of buttons) button.disabled = true;
    try {
      applied(await commands.send(action.route, action.body, view?.version));
    } catch (error) {
      ctx.notice.error(error);
      // Someone else acted first: show the table as it is now.
      if (error instanceof ApiError && error.status === 409) void reload();
    } finally {
      for (const button of buttons) button.disabled = false;
    }
  }
  function submit(request: FormRequest, form: HTMLFormElement): void {
    void submitForm(ctx, request, form, (answer) => {
      drafts.forget(form);
      // A table command answers with its events and the table; other requests (assigning a dealer) do not.
      if (isCommandAnswer(answer)) applied(answer);
      void reload();
    });
  }
  async function reload(): Promise<void> {
    try {
      show(await ctx.api.get<TableView>(`/tables/${encodeURIComponent(tableId)}`));
    } catch (error) {
      ctx.notice.error(error);
    }
    void loadDealers();
  }
  /** Who deals here: the floor may look (GET /tables/:id/dealers); for other roles the line stays empty. */
  async function loadDealers(): Promise<void> {
    if (ctx.session()?.user.role !== 'floor') return;
    try {
      const answer = await ctx.api.get<{ dealers: { name: string }[] }>(`/tables/${encodeURIComponent(tableId)}/dealers`);
      dealers.textContent = `Dealers: ${answer.dealers.map((d) => d.name).join(', ') || 'none assigned'}`;
    } catch {
      dealers.textContent = '';
    }
  }
  recall.addEventListener('click', async () => {
    try {
      replaceChildren(history, handHistoryList(recalledHands(await ctx.api.get(`/regulator/tables/${encodeURIComponent(tableId)}/hands?last=10`))));
    } catch (error) {
      replaceChildren(history, 'The hand history could not be recalled.');
      ctx.notice.error(error);
    }
  });

  void reload().then(() => live.start(view?.version ?? null));
  return { node, stop: () => live.stop() };
}

function isCommandAnswer(answer: unknown): answer is CommandAnswer {
  const a = answer as Partial<CommandAnswer> | null;
  return typeof a === 'object' && a !== null && Array.isArray(a.events) && typeof a.table === 'object';
}
