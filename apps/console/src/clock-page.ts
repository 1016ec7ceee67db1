import { ApiClient } from './api-client.js';
import { clockBoardView, tickClocks } from './clock-view.js';
import { element, replaceChildren } from './elements.js';
import { refusalSentence } from './refusal-sentences.js';
import type { ClockBoard } from '@felt/tournament';

/**
 * A tournament's public clock (/console/clock.html?tournament=<id>, for the TV; dealers and the public): no sign-in,
 * it reads GET /tournaments/:id/clock, which answers no player id, alias, seat or stack (docs/security.md). The
 * board is read again every few seconds (a level, an entry or a bust shows within that) and the time left counts
 * down each second against the server's clock (the answers' Date headers).
 */
const root = document.getElementById('clock')!;
const status = document.getElementById('clock-status')!;
const title = document.getElementById('clock-title')!;
const api = new ApiClient(
  () => null,
  () => undefined,
);
const READ_EVERY_MS = 5000;
const tournamentId = new URLSearchParams(location.search).get('tournament') ?? '';

async function read(): Promise<void> {
  try {
    const board = await api.get<ClockBoard>(`/tournaments/${encodeURIComponent(tournamentId)}/clock`);
    title.textContent = board.name;
    document.title = `${board.name} — clock`;
    replaceChildren(root, clockBoardView(board, api.serverTime.now()));
    status.textContent = 'live';
    status.dataset.connected = 'true';
  } catch (error) {
    status.textContent = `not updated: ${refusalSentence(error)}`;
    status.dataset.connected = 'false';
  }
}

if (!tournamentId)
  replaceChildren(root, element('p', {}, 'Open this page with ?tournament=<its id> (the floor’s tournament screen links it).'));
else {
  void read();
  window.setInterval(() => void read(), READ_EVERY_MS);
  window.setInterval(() => tickClocks(root, api.serverTime.now()), 1000);
}
document.body.dataset.ready = 'true';
