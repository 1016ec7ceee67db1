import type { ConsoleContext } from './console-context.js';
import { element, replaceChildren } from './elements.js';
import { openTableForm, submitForm } from './floor-forms.js';
import { stakesText } from './table-render.js';
import type { TableView } from './table-types.js';

/** GET /tables lists ids and versions; the stakes and seats come from each table's view. */
interface TableListing {
  readonly tableId: string;
}

interface LobbyRow {
  readonly tableId: string;
  readonly status: string;
  readonly stakes: string;
  readonly seats: string;
  readonly handsPlayed: string;
}

/** The lobby: every table with its stakes and free seats; floor supervisors open new tables here. */
export function lobbyScreen(ctx: ConsoleContext): HTMLElement {
  const list = element('div', { 'data-testid': 'lobby-tables' }, 'Loading…');
  const refresh = element('button', { type: 'button', 'data-testid': 'lobby-refresh' }, 'Refresh');
  const screen = element(
    'section',
    { class: 'screen', 'aria-labelledby': 'lobby-heading' },
    element('h2', { id: 'lobby-heading' }, 'Tables'),
    refresh,
    list,
    openTableForm(
      (request, form) => void submitForm(ctx, request, form, () => ctx.go(`#/table/${encodeURIComponent(String(request.body.tableId))}`)),
      (sentence) => ctx.notice.info(sentence),
    ),
  );
  const load = async () => {
    try {
      replaceChildren(list, lobbyTable(await lobbyRows(ctx)));
    } catch (error) {
      replaceChildren(list, 'The tables could not be loaded.');
      ctx.notice.error(error);
    }
  };
  refresh.addEventListener('click', () => void load());
  void load();
  return screen;
}

async function lobbyRows(ctx: ConsoleContext): Promise<LobbyRow[]> {
  // The list is paged (docs/api.md): follow nextAfter to the last page.
  const tables: TableListing[] = [];
  for (let after: string | null = null, first = true; first || after !== null; first = false) {
    const page: { tables: TableListing[]; nextAfter: string | null } = await ctx.api.get(`/tables?limit=1000${after === null ? '' : `&after=${encodeURIComponent(after)}`}`);
    tables.push(...page.tables);
    after = page.nextAfter;
  }
  return Promise.all(
    tables.map(async (listing): Promise<LobbyRow> => {
      const view = await ctx.api.get<TableView>(`/tables/${encodeURIComponent(listing.tableId)}`);
      const maxSeats = view.rules?.maxSeats ?? 0;
      return {
        tableId: listing.tableId,
        status: view.status,
        stakes: stakesText(view.rules),
        seats: `${maxSeats - view.seats.length} free of ${maxSeats}`,
        handsPlayed: String(view.handsPlayed),
      };
    }),
  );
}

function lobbyTable(rows: readonly LobbyRow[]): HTMLElement {
  if (rows.length === 0) return element('p', {}, 'No tables yet.');
  return element(
    'table',
    { class: 'lobby' },
    element('thead', {}, element('tr', {}, ['Table', 'Status', 'Stakes', 'Seats', 'Hands'].map((h) => element('th', { scope: 'col' }, h)))),
    element(
      'tbody',
      {},
      rows.map((row) =>
        element(
          'tr',
          { 'data-testid': `lobby-row-${row.tableId}` },
          element('th', { scope: 'row' }, element('a', { href: `#/table/${encodeURIComponent(row.tableId)}` }, row.tableId)),
          element('td', {}, row.status),
          element('td', { 'data-testid': `lobby-stakes-${row.tableId}` }, row.stakes),
          element('td', { 'data-testid': `lobby-seats-${row.tableId}` }, row.seats),
          element('td', {}, row.handsPlayed),
        ),
      ),
    ),
  );
}
