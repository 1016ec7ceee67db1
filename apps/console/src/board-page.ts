import type { JackpotBoardRow } from '@felt/accounting';
import { element, replaceChildren } from './elements.js';
import { jackpotItems } from './jackpot-strip.js';
import { countdown, RoomFeed } from './room-feed.js';
import type { BoardGame } from '@felt/room';

/**
 * The room's public display (/console/board.html, for the TV): games running, seats open, the lists by alias and
 * who is called to which table. No sign-in: it follows /live's `board` channel without a token, and the API sends
 * that channel aliases and counts only (docs/security.md). Above the games, each jackpot's name and balance (the
 * `jackpots` channel: balances only, nothing of who paid in or was paid).
 */
const root = document.getElementById('board')!;
const status = document.getElementById('board-status')!;

function render(games: readonly BoardGame[]): void {
  if (games.length === 0) return replaceChildren(root, element('p', {}, 'No games are running.'));
  replaceChildren(
    root,
    games.map((g) =>
      element(
        'section',
        { class: 'board-game', 'data-testid': `board-${g.gameId}` },
        element('h2', {}, g.name),
        element(
          'p',
          { 'data-testid': `board-summary-${g.gameId}` },
          g.interestList
            ? `Interest list: ${g.listLength}`
            : `${g.tablesRunning} table${g.tablesRunning === 1 ? '' : 's'} · ${g.seatsOpen} open · ${g.listLength} waiting`,
        ),
        g.called.length > 0 &&
          element(
            'ul',
            { class: 'called' },
            g.called.map((c) =>
              element(
                'li',
                { 'data-testid': `board-called-${c.alias}` },
                `${c.alias} → table ${c.tableId} `,
                element('span', { 'data-respond-by': c.respondBy }, countdown(c.respondBy)),
              ),
            ),
          ),
        element(
          'ol',
          { 'data-testid': `board-list-${g.gameId}` },
          g.list.map((alias) => element('li', {}, alias)),
        ),
      ),
    ),
  );
}

new RoomFeed<BoardGame>('board', () => null, {
  games: render,
  status: (text, connected) => {
    status.textContent = text;
    status.dataset.connected = String(connected);
  },
}).start();
const jackpots = document.getElementById('jackpots')!;
new RoomFeed<JackpotBoardRow>('jackpots', () => null, {
  games: (funds) => {
    jackpots.parentElement!.hidden = funds.length === 0;
    replaceChildren(jackpots, jackpotItems(funds, 'li'));
  },
  status: () => undefined,
}).start();
window.setInterval(() => {
  for (const t of Array.from(root.querySelectorAll<HTMLElement>('[data-respond-by]'))) t.textContent = countdown(t.dataset.respondBy!);
}, 1000);
document.body.dataset.ready = 'true';
