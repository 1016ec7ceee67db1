import type { ConsoleContext } from './console-context.js';
import { element } from './elements.js';
import { FeedbackSlots } from './feedback-slots.js';
import { openTableForm } from './floor-forms.js';
import { jackpotStrip } from './jackpot-strip.js';
import { LiveTables } from './live-connection.js';
import { seatToAct } from './owed-posts.js';
import { liveStack, stakesText } from './table-render.js';
import type { TableView } from './table-types.js';
import { learnAliases, shownName } from './player-aliases.js';

/** How often the lobby looks for tables opened since it was drawn (the tables it shows follow /live). */
const NEW_TABLES_EVERY_MS = 10_000;

/**
 * The lobby: every table with its game, dealer (floor), the hand in progress and who sits where, kept live over
 * /live (one connection following every table); floor supervisors open new tables here.
 */
export function lobbyScreen(ctx: ConsoleContext): { node: HTMLElement; stop(): void } {
  const isFloor = ctx.session()?.user.role === 'floor';
  const isDealer = ctx.session()?.user.role === 'dealer';
  /** A dealer's own tables (GET /dealing), marked in their rows. */
  let mine = new Set<string>();
  const feedback = new FeedbackSlots();
  const rows = new Map<string, HTMLTableRowElement>();
  /** The newest view of each table: its row is drawn again when the players' aliases arrive. */
  const views = new Map<string, TableView>();
  const dealers = new Map<string, string>();
  const tbody = element('tbody');
  const empty = element('p', { class: 'quiet', 'data-testid': 'lobby-empty', hidden: true }, 'No tables yet.');
  const list = element(
    'div',
    { 'data-testid': 'lobby-tables', class: 'lobby-tables' },
    element(
      'table',
      { class: 'lobby' },
      element(
        'thead',
        {},
        element(
          'tr',
          {},
          ['Table', 'Game', 'Status', ...(isFloor ? ['Dealer'] : []), 'Hand', 'Seats'].map((h) => element('th', { scope: 'col' }, h)),
        ),
      ),
      tbody,
    ),
    empty,
  );
  const liveStatus = element('span', { class: 'live-status', 'data-testid': 'lobby-live', role: 'status' }, 'connecting…');
  const live = new LiveTables(() => ctx.session()?.accessToken ?? null, {
    table: (view) => showRow(view),
    events: () => undefined,
    status: (text, connected) => {
      liveStatus.textContent = text;
      liveStatus.dataset.connected = String(connected);
    },
  });
  const form = isFloor
    ? openTableForm(feedback, (request, sent) => {
        void ctx.api
          .send<{ code?: string }>(request.method, request.path, request.body)
          .then((answer) => {
            sent.reset();
            // A widening (the dealer's console shows hole cards) waits for a second floor supervisor (Staff screen).
            if (answer?.code === 'APPROVAL_REQUIRED')
              return feedback.succeeded(
                'open-table',
                `Table ${String(request.body.tableId)} is not opened yet: another floor supervisor must approve it on the Staff screen within the hour.`,
              );
            ctx.go(`#/table/${encodeURIComponent(String(request.body.tableId))}`);
          })
          .catch((error) => feedback.refused('open-table', error));
      })
    : null;
  const jackpots = jackpotStrip(() => ctx.session()?.accessToken ?? null);
  const node = element(
    'section',
    { class: 'screen lobby-screen', 'aria-labelledby': 'lobby-heading' },
    element('h1', { id: 'lobby-heading' }, 'Tables ', liveStatus),
    jackpots.node,
    feedback.slot('lobby'),
    list,
    form ? element('section', { class: 'panel' }, form) : null,
  );

  function showRow(view: TableView): void {
    learnAliases(
      ctx.api,
      view.seats.map((s) => s.playerId),
      () => views.forEach((v) => showRow(v)),
    );
    const maxSeats = view.rules?.maxSeats ?? 0;
    const hand = view.hand;
    const handText =
      hand && hand.phase !== 'complete'
        ? `#${hand.handNumber} ${hand.phase === 'forced-bets' ? 'blinds' : hand.phase === 'showdown' ? 'showdown' : hand.round.street}${seatToAct(view) !== null ? `, seat ${seatToAct(view)} to act` : ''}`
        : view.status === 'open'
          ? `between hands (${view.handsPlayed} played)`
          : '—';
    const row = element(
      'tr',
      { 'data-testid': `lobby-row-${view.tableId}`, 'data-version': view.version, class: mine.has(view.tableId) && 'yours' },
      element(
        'th',
        { scope: 'row' },
        element('a', { href: `#/table/${encodeURIComponent(view.tableId)}` }, view.tableId),
        mine.has(view.tableId)
          ? element('strong', { class: 'yours', 'data-testid': `lobby-yours-${view.tableId}` }, 'you deal here')
          : null,
      ),
      element('td', { 'data-testid': `lobby-stakes-${view.tableId}` }, stakesText(view.rules)),
      element('td', { 'data-testid': `lobby-status-${view.tableId}` }, view.status),
      isFloor ? element('td', { 'data-testid': `lobby-dealer-${view.tableId}` }, dealers.get(view.tableId) ?? '') : null,
      element('td', { 'data-testid': `lobby-hand-${view.tableId}` }, handText),
      element(
        'td',
        { 'data-testid': `lobby-seats-cell-${view.tableId}` },
        element('span', { 'data-testid': `lobby-seats-${view.tableId}` }, `${maxSeats - view.seats.length} free of ${maxSeats}`),
        element(
          'span',
          { class: 'lobby-players', 'data-testid': `lobby-players-${view.tableId}` },
          view.seats.map((s) => `${s.seat} ${shownName(s.playerId)} ${liveStack(view, s)}`).join(' · '),
        ),
      ),
    );
    const old = rows.get(view.tableId);
    if (old && Number(old.dataset.version) > view.version) return;
    views.set(view.tableId, view);
    if (old) old.replaceWith(row);
    else tbody.append(row);
    rows.set(view.tableId, row);
    empty.hidden = true;
  }

  async function loadDealer(tableId: string): Promise<void> {
    if (!isFloor) return;
    try {
      const answer = await ctx.api.get<{ dealers: { name: string }[] }>(`/tables/${encodeURIComponent(tableId)}/dealers`);
      dealers.set(tableId, answer.dealers.map((d) => d.name).join(', ') || 'none');
      const cell = rows.get(tableId)?.querySelector(`[data-testid="lobby-dealer-${CSS.escape(tableId)}"]`);
      if (cell) cell.textContent = dealers.get(tableId)!;
    } catch {
      // The dealer column stays empty; the table row is still right.
    }
  }

  /** A dealer's assignments, read with the list: the rows whose mark changed are drawn again. */
  async function loadMine(): Promise<void> {
    if (!isDealer) return;
    const before = mine;
    mine = new Set((await ctx.api.get<{ tables: string[] }>('/dealing')).tables);
    for (const [id, view] of views) if (before.has(id) !== mine.has(id)) showRow(view);
  }

  async function loadNewTables(): Promise<void> {
    await loadMine();
    // The list is paged (docs/api.md): follow nextAfter to the last page.
    const ids: string[] = [];
    for (let after: string | null = null, first = true; first || after !== null; first = false) {
      const page: { tables: { tableId: string }[]; nextAfter: string | null } = await ctx.api.get(
        `/tables?limit=1000${after === null ? '' : `&after=${encodeURIComponent(after)}`}`,
      );
      ids.push(...page.tables.map((t) => t.tableId));
      after = page.nextAfter;
    }
    await Promise.all(
      ids
        .filter((id) => !rows.has(id))
        .map(async (id) => {
          showRow(await ctx.api.get<TableView>(`/tables/${encodeURIComponent(id)}`));
          void loadDealer(id);
          live.follow(id, Number(rows.get(id)?.dataset.version));
        }),
    );
    empty.hidden = rows.size > 0;
  }
  const refresh = () =>
    loadNewTables().catch((error) => {
      feedback.refused('lobby', error);
    });
  void refresh();
  const timer = window.setInterval(() => void refresh(), NEW_TABLES_EVERY_MS);
  return {
    node,
    stop: () => {
      window.clearInterval(timer);
      live.stop();
      jackpots.stop();
    },
  };
}
