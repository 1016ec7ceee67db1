import { ApiClient } from './api-client.js';
import type { ConsoleContext } from './console-context.js';
import { replaceChildren } from './elements.js';
import { lobbyScreen } from './lobby-screen.js';
import { moneyScreen } from './money-screen.js';
import { roomScreen } from './room-screen.js';
import { forgetAliases } from './player-aliases.js';
import { playerPage } from './player-page.js';
import { playersScreen } from './players-screen.js';
import { Notice } from './notice.js';
import { clearSession, loadSession } from './session.js';
import { enrollScreen } from './enroll-screen.js';
import { signInScreen } from './sign-in-screen.js';
import { tableScreen } from './table-screen.js';
import { tournamentDesk } from './tournament-desk.js';
import { tournamentsScreen } from './tournament-screen.js';
import { usersScreen } from './users-screen.js';

/**
 * The floor staff console: #/sign-in, #/lobby and #/table/<id>, one screen at a time in <main>. Without a session
 * the console asks to sign in; a 401 from the API (token expired) does the same.
 */
const screenNode = document.getElementById('screen')!;
const whoNode = document.getElementById('signed-in-as')!;
const signOut = document.getElementById('sign-out') as HTMLButtonElement;
const usersLink = document.getElementById('users-link')!;
const roomLink = document.getElementById('room-link')!;
const boardLink = document.getElementById('board-link')!;
const tournamentsLink = document.getElementById('tournaments-link')!;
const playersLink = document.getElementById('players-link')!;
const moneyLink = document.getElementById('money-link')!;
const lobbyLink = document.getElementById('lobby-link')!;
const notice = new Notice(document.getElementById('notice')!);
let stopScreen: () => void = () => {};
/** Set when the API refused the token (expired, user disabled): the sign-in screen says why it is back. */
let sessionEnded = false;

const ctx: ConsoleContext = {
  api: new ApiClient(loadSession, () => {
    if (!loadSession()) return;
    clearSession();
    forgetAliases();
    sessionEnded = true;
    ctx.go('#/sign-in');
  }),
  notice,
  session: loadSession,
  go: (hash) => {
    if (location.hash === hash) route();
    else location.hash = hash;
  },
};

function showHeader(): void {
  const session = loadSession();
  whoNode.textContent = session ? `${session.user.name} (${session.user.role})` : 'not signed in';
  signOut.hidden = !session;
  // Each role's links lead where it may go: the room's lists are the floor's, the public board anyone's.
  const floor = session?.user.role === 'floor';
  usersLink.hidden = !floor;
  roomLink.hidden = !floor;
  tournamentsLink.hidden = !floor;
  playersLink.hidden = !floor;
  boardLink.hidden = !session || floor;
  // The book is read by the floor, the count team and regulators; the count team reads no table, so no lobby.
  moneyLink.hidden = !session || !['floor', 'count', 'regulator'].includes(session.user.role);
  lobbyLink.hidden = session?.user.role === 'count';
}

/** Where a person starts: the count team's work is the book, everyone else's the tables. */
function home(): string {
  return loadSession()?.user.role === 'count' ? '#/money' : '#/lobby';
}

function route(): void {
  stopScreen();
  stopScreen = () => {};
  showHeader();
  const hash = location.hash || (loadSession() ? home() : '#/sign-in');
  const table = /^#\/table\/(.+)$/.exec(hash);
  const tournament = /^#\/tournament\/(.+)$/.exec(hash);
  const player = /^#\/player\/(.+)$/.exec(hash);
  if (player) {
    replaceChildren(screenNode, playerPage(ctx, decodeURIComponent(player[1]!)));
  } else if (hash === '#/players') {
    replaceChildren(screenNode, playersScreen(ctx));
  } else if (tournament) {
    const screen = tournamentDesk(ctx, decodeURIComponent(tournament[1]!));
    stopScreen = screen.stop;
    replaceChildren(screenNode, screen.node);
  } else if (hash === '#/tournaments') {
    replaceChildren(screenNode, tournamentsScreen(ctx));
  } else if (table) {
    const screen = tableScreen(ctx, decodeURIComponent(table[1]!));
    stopScreen = screen.stop;
    replaceChildren(screenNode, screen.node);
  } else if (hash === '#/room') {
    const screen = roomScreen(ctx);
    stopScreen = screen.stop;
    replaceChildren(screenNode, screen.node);
  } else if (hash === '#/money') {
    const screen = moneyScreen(ctx);
    stopScreen = screen.stop;
    replaceChildren(screenNode, screen.node);
  } else if (hash === '#/lobby') {
    const screen = lobbyScreen(ctx);
    stopScreen = screen.stop;
    replaceChildren(screenNode, screen.node);
  } else if (hash === '#/users') {
    replaceChildren(screenNode, usersScreen(ctx));
  } else if (hash === '#/enroll') {
    replaceChildren(screenNode, enrollScreen(ctx));
  } else {
    replaceChildren(
      screenNode,
      signInScreen(ctx, () => ctx.go(home())),
    );
    if (sessionEnded) notice.info('Your session has ended (the API no longer accepts its token): sign in again.');
    sessionEnded = false;
  }
}

signOut.addEventListener('click', () => {
  clearSession();
  forgetAliases();
  notice.clear();
  ctx.go('#/sign-in');
});
window.addEventListener('hashchange', () => {
  notice.clear();
  route();
});
document.body.dataset.ready = 'true';
route();
