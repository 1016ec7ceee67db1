import { confirmFirst } from './confirm-dialog.js';
import type { ConsoleContext } from './console-context.js';
import { element, field, formValues } from './elements.js';
import { redraw } from './form-drafts.js';
import { countdown, RoomFeed } from './room-feed.js';
import { callOutOfTurnForm, input, openGameForm, tableChangeForm } from './room-game-forms.js';
import type { FloorGameAt, PendingCall, SeatedPlayer } from '@felt/room';
import { playerLookup } from './player-lookup.js';
import { newCommandId } from './table-commands.js';
import type { TableView } from './table-types.js';

/**
 * The floor's waitlist board (#/room): every game with its tables, open seats and who is next for each, the list,
 * the calls with a timer each, and the forms to open a game, add a table and list a player. Live over /live's
 * `room` channel; every button is one request to /room/... (docs/api.md "The room"), and a refusal shows the
 * room's sentence in the notice line.
 */
export function roomScreen(ctx: ConsoleContext): { node: HTMLElement; stop: () => void } {
  // The room's lists and calls are the floor's (the API refuses its channel to anyone else): no dead end, no form.
  if (ctx.session()?.user.role !== 'floor') return { node: roomForOthers(), stop: () => {} };
  const status = element('span', { class: 'live-status', 'data-testid': 'room-live-status' }, 'connecting…');
  const games = element('div', { 'data-testid': 'room-games' }, 'Loading…');
  const node = element(
    'section',
    { class: 'screen room', 'aria-labelledby': 'room-heading' },
    element('h2', { id: 'room-heading' }, 'Room: games and lists ', status),
    element(
      'p',
      {},
      "The public board for the room's TV: ",
      element('a', { href: 'board.html', target: '_blank' }, '/console/board.html'),
      ' (no sign-in).',
    ),
    games,
    // Listing a registered player by lookup: their card and registered alias, nothing typed (one who may not sit: why).
    playerLookup(ctx, 'list-lookup', 'Find a registered player to list', (p) =>
      p.mayBeSeated
        ? element(
            'span',
            { class: 'row-controls' },
            shown.map((g) => {
              const list = element(
                'button',
                { type: 'button', 'data-testid': `list-${p.playerId}-${g.state.gameId}` },
                `List ${p.alias} for ${g.state.name}`,
              );
              list.addEventListener('click', () => {
                const body = { type: 'JoinList', playerId: p.playerId, alias: p.alias };
                void send(ctx, `/room/games/${encodeURIComponent(g.state.gameId)}/commands`, body, `${p.alias} is on the list.`);
              });
              return list;
            }),
          )
        : null,
    ),
    openGameForm((path, body, done) => send(ctx, path, body, done)),
  );
  let shown: readonly FloorGameAt[] = [];
  const render = () => redraw(games, shown.length === 0 ? element('p', {}, 'No games yet.') : shown.map((g) => gameSection(ctx, g)));
  const showGames = (list: readonly FloorGameAt[]) => {
    shown = list.filter((g) => g.state.status === 'open');
    aliases = aliasesOf(list);
    render();
  };
  // The floor's own change shows at once, read back from the API, whether or not /live's message has come yet.
  const readBack = () => {
    ctx.api.get<{ games: FloorGameAt[] }>('/room/games').then(
      (answer) => showGames(answer.games),
      () => undefined,
    );
  };
  document.addEventListener(ROOM_CHANGED, readBack);
  const feed = new RoomFeed<FloorGameAt>('room', () => ctx.session()?.accessToken ?? null, {
    games: showGames,
    status: (text, connected) => {
      status.textContent = text;
      status.dataset.connected = String(connected);
    },
  });
  feed.start();
  // The call timers count down between messages.
  const timer = window.setInterval(() => {
    for (const t of Array.from(node.querySelectorAll<HTMLElement>('[data-respond-by]'))) t.textContent = countdown(t.dataset.respondBy!);
  }, 1000);
  return { node, stop: () => (feed.stop(), window.clearInterval(timer), document.removeEventListener(ROOM_CHANGED, readBack)) };
}

/** The players the room screen shows, by player id (a card number): its refusals name them by alias. */
let aliases: ReadonlyMap<string, string> = new Map();
function aliasesOf(games: readonly FloorGameAt[]): ReadonlyMap<string, string> {
  const known = new Map<string, string>();
  for (const { state } of games)
    for (const p of [...state.list, ...state.calls, ...state.tables.flatMap((t) => t.seated)]) known.set(p.playerId, p.alias);
  return known;
}

/** Sent on the document when a room command of this page succeeded. */
const ROOM_CHANGED = 'felt-room-changed';

async function send(ctx: ConsoleContext, path: string, body: Record<string, unknown>, done: string): Promise<boolean> {
  try {
    await ctx.api.post(path, body, { 'Idempotency-Key': newCommandId() });
    ctx.notice.info(done);
    document.dispatchEvent(new Event(ROOM_CHANGED));
    return true;
  } catch (error) {
    ctx.notice.error(error, aliases);
    return false;
  }
}

/**
 * A player leaving is cashed out at the table: the floor confirms, with the stack the table shows now (the room's
 * state has no stacks; read from the table, and said plainly when it cannot be read).
 */
async function confirmLeave(ctx: ConsoleContext, tableId: string, h: SeatedPlayer, go: () => void): Promise<void> {
  const stack = await ctx.api
    .get<TableView>(`/tables/${encodeURIComponent(tableId)}`)
    .then((view) => view.seats.find((s) => s.seat === h.seat)?.stack)
    .catch(() => undefined);
  const amount = stack === undefined ? 'their whole stack' : `${stack} chips`;
  confirmFirst(
    `Seat ${h.seat}, ${h.alias}, leaves table ${tableId}?`,
    `Seat ${h.seat}, ${h.alias} (${h.playerId}), is cashed out with ${amount} and the seat opens for the next player called. This cannot be taken back.`,
    `Leave — seat ${h.seat}, ${h.alias}`,
    go,
  );
}

function gameSection(ctx: ConsoleContext, game: FloorGameAt): HTMLElement {
  const id = game.state.gameId;
  const base = `/room/games/${encodeURIComponent(id)}`;
  const command = (body: Record<string, unknown>, done: string) => void send(ctx, `${base}/commands`, body, done);
  const button = (label: string, testId: string, onClick: () => void, disabled = false) => {
    const b = element('button', { type: 'button', 'data-testid': testId, disabled }, label);
    b.addEventListener('click', onClick);
    return b;
  };
  const b = game.board;
  return element(
    'section',
    { class: 'room-game', 'data-testid': `game-${id}` },
    element(
      'h3',
      {},
      `${game.state.name} `,
      element(
        'small',
        {},
        `${b.tablesRunning} table(s), ${b.seatsOpen} seat(s) open, ${b.listLength} listed${b.interestList ? ' (interest list)' : ''}${b.newTableDue ? ' — a new table is due' : ''}`,
      ),
    ),
    element('h4', {}, 'Calls'),
    game.calls.length === 0
      ? element('p', {}, 'Nobody is called.')
      : element(
          'ul',
          { 'data-testid': `calls-${id}` },
          game.calls.map((c) => callRow(ctx, base, c)),
        ),
    element('h4', {}, 'Open seats'),
    game.openSeats.length === 0
      ? element('p', {}, 'No seat open.')
      : element(
          'ul',
          {},
          game.openSeats.map((s) => {
            const next = s.queue[0];
            return element(
              'li',
              { 'data-testid': `open-seat-${s.tableId}-${s.seat}` },
              `Table ${s.tableId}, seat ${s.seat}: `,
              next ? `next is ${next.alias} (${next.route}) ` : 'nobody waiting',
              next &&
                button(`Call ${next.alias}`, `call-${s.tableId}-${s.seat}`, () =>
                  command(
                    { type: 'CallPlayer', playerId: next.playerId, tableId: s.tableId, seat: s.seat },
                    `${next.alias} is called to table ${s.tableId}, seat ${s.seat}.`,
                  ),
                ),
              callOutOfTurnForm(s.tableId, s.seat, s.queue, command),
            );
          }),
        ),
    element('h4', {}, 'List'),
    game.state.list.length === 0
      ? element('p', {}, 'Nobody is listed.')
      : element(
          'ol',
          { 'data-testid': `list-${id}` },
          game.state.list.map((e) =>
            element(
              'li',
              { 'data-testid': `listed-${e.playerId}` },
              `${e.alias} (${e.playerId}) `,
              button('Take off', `leave-${e.playerId}`, () =>
                command({ type: 'LeaveList', playerId: e.playerId }, `${e.alias} is off the list.`),
              ),
            ),
          ),
        ),
    element('h4', {}, 'Tables'),
    element(
      'ul',
      {},
      game.state.tables
        .filter((t) => !t.broken)
        .map((t) =>
          element(
            'li',
            { 'data-testid': `room-table-${t.tableId}` },
            element('a', { href: `#/table/${encodeURIComponent(t.tableId)}` }, t.tableId),
            t.mustMove ? ' (must-move)' : '',
            `: ${t.seated.length} of ${t.seats} seated `,
            [...t.seated]
              .sort((a, b) => a.seat - b.seat)
              .map((h) =>
                element(
                  'span',
                  { class: 'seated' },
                  button(
                    `${h.seat}: ${h.alias} leaves`,
                    `vacate-${t.tableId}-${h.seat}`,
                    () =>
                      void confirmLeave(ctx, t.tableId, h, () =>
                        send(ctx, `${base}/vacate`, { tableId: t.tableId, seat: h.seat }, `Seat ${h.seat} at table ${t.tableId} is open.`),
                      ),
                  ),
                  game.state.changes.some((c) => c.playerId === h.playerId)
                    ? button('cancel change', `cancel-change-${h.playerId}`, () =>
                        command({ type: 'CancelTableChange', playerId: h.playerId }, `${h.alias}'s table change is cancelled.`),
                      )
                    : tableChangeForm(h.playerId, h.alias, t.tableId, game.state.tables, command),
                ),
              ),
          ),
        ),
    ),
    joinForm(ctx, id, base),
    addTableForm(ctx, id, base),
  );
}

/** A call: who, where, the time left, and Seat (with the buy-in) or No-show once the time is up. */
function callRow(ctx: ConsoleContext, base: string, c: PendingCall): HTMLElement {
  const buyIn = element('input', {
    type: 'number',
    min: 1,
    step: 1,
    name: 'buyIn',
    'aria-label': `Buy-in for ${c.alias}`,
    'data-testid': `buy-in-${c.playerId}`,
    placeholder: c.route === 'list' ? 'buy-in' : 'stack moves',
  });
  const seat = element('button', { type: 'button', 'data-testid': `seat-${c.playerId}` }, 'Seat');
  seat.addEventListener('click', () => {
    // A player called from the list brings chips: ask for them here rather than send and be refused.
    if (c.route === 'list' && buyIn.value === '') {
      ctx.notice.error(new Error(`Type the chips ${c.alias} buys in for, then tap Seat; nothing was sent.`));
      return buyIn.focus();
    }
    const body: Record<string, unknown> = { playerId: c.playerId };
    if (buyIn.value !== '') body.buyIn = Number(buyIn.value);
    void send(ctx, `${base}/seat`, body, `${c.alias} is seated at table ${c.tableId}, seat ${c.seat}.`);
  });
  const noShow = element('button', { type: 'button', 'data-testid': `no-show-${c.playerId}` }, 'No-show');
  noShow.addEventListener(
    'click',
    () => void send(ctx, `${base}/commands`, { type: 'NoShow', playerId: c.playerId }, `${c.alias}: no-show recorded.`),
  );
  return element(
    'li',
    { 'data-testid': `call-${c.playerId}` },
    `${c.alias} to table ${c.tableId}, seat ${c.seat} (${c.route}): `,
    element('strong', { 'data-testid': `call-timer-${c.playerId}`, 'data-respond-by': c.respondBy }, countdown(c.respondBy)),
    ' ',
    buyIn,
    seat,
    noShow,
  );
}

function joinForm(ctx: ConsoleContext, gameId: string, base: string): HTMLFormElement {
  const f = element(
    'form',
    { 'data-testid': `join-${gameId}` },
    element(
      'fieldset',
      {},
      element('legend', {}, 'Add to the list'),
      field('Player id', input('playerId')),
      field('Alias (on the board)', input('alias')),
      element('button', { type: 'submit', 'data-testid': `join-${gameId}-submit` }, 'List'),
    ),
  );
  f.addEventListener('submit', (event) => {
    event.preventDefault();
    const v = formValues(f);
    void send(ctx, `${base}/commands`, { type: 'JoinList', playerId: v.playerId, alias: v.alias }, `${v.alias} is on the list.`).then(
      (ok) => ok && f.reset(),
    );
  });
  return f;
}

function addTableForm(ctx: ConsoleContext, gameId: string, base: string): HTMLFormElement {
  const mustMove = element('input', { type: 'checkbox', name: 'mustMove', 'data-testid': `must-move-${gameId}` });
  const f = element(
    'form',
    { 'data-testid': `add-table-${gameId}` },
    element(
      'fieldset',
      {},
      element('legend', {}, 'Add a table'),
      field('Table id', input('tableId')),
      element('label', {}, mustMove, ' must-move'),
      element('button', { type: 'submit', 'data-testid': `add-table-${gameId}-submit` }, 'Add'),
    ),
  );
  f.addEventListener('submit', (event) => {
    event.preventDefault();
    const v = formValues(f);
    void send(ctx, `${base}/tables`, { tableId: v.tableId, mustMove: mustMove.checked }, `Table ${v.tableId} is in the game.`).then(
      (ok) => ok && f.reset(),
    );
  });
  return f;
}

/** What a dealer or a regulator finds at #/room: where the room's lists are (the public board), nothing to wait for. */
function roomForOthers(): HTMLElement {
  return element(
    'section',
    { class: 'screen room', 'aria-labelledby': 'room-heading', 'data-testid': 'room-not-floor' },
    element('h2', { id: 'room-heading' }, 'Room'),
    element(
      'p',
      {},
      "The room's lists, calls and seating are kept by the floor supervisors. The public board shows the games, the open seats and who is called: ",
      element('a', { href: 'board.html', target: '_blank', 'data-testid': 'room-board-link' }, 'the room board'),
      '.',
    ),
  );
}
