import type { ClockBoard } from '@felt/tournament';
import { element, type Child } from './elements.js';

/** One step of the structure in words: "Level 3 · 100/200 · ante 200 (big blind)" or "Break 15 min · colour-up of the 25s". */
export function stepWords(step: ClockBoard['level']): string {
  if (!step) return 'none';
  if (step.kind === 'break') {
    const parts = [`Break ${step.minutes} min`];
    if (step.colourUp) parts.push(`colour-up of the ${step.colourUp.chip}s`);
    if (step.addOn) parts.push('add-on');
    return parts.join(' · ');
  }
  const ante = step.ante > 0 ? ` · ante ${step.ante}${step.bigBlindAnte ? ' (big blind ante)' : ''}` : '';
  return `Level ${step.number} · ${step.smallBlind}/${step.bigBlind}${ante} · ${step.minutes} min`;
}

/** Milliseconds as "12:05" (or "1:02:05"). */
export function clockTime(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Time left on the board at `now` (server time): a running clock counts down to its recorded end. */
export function timeLeft(board: ClockBoard, now: number): number {
  return board.clock.status === 'running' && board.clock.endsAt ? Date.parse(board.clock.endsAt) - now : board.clock.timeLeftMs;
}

const STATUS_WORDS: Record<ClockBoard['clock']['status'], string> = { 'not-started': 'not started', running: 'running', paused: 'paused' };

/**
 * The clock board as the TV and the floor's screen draw it: the level, its time left (an element the page's timer
 * counts down, data-ends-at), the next level, the field and the money. Only what the public route answers.
 */
export function clockBoardView(board: ClockBoard, now: number): HTMLElement {
  const finished = board.status === 'finished';
  const stat = (label: string, value: Child, id: string) =>
    element(
      'div',
      { class: 'clock-stat' },
      element('span', { class: 'label' }, label),
      element('strong', { 'data-testid': `clock-${id}` }, value),
    );
  return element(
    'section',
    { class: 'clock-panel', 'data-testid': 'clock-board', 'aria-label': `${board.name} clock` },
    element('h2', { 'data-testid': 'clock-level' }, finished ? 'Finished' : stepWords(board.level)),
    element(
      'p',
      { class: 'clock-time' },
      element(
        'span',
        { 'data-testid': 'clock-time-left', 'data-ends-at': board.clock.status === 'running' ? board.clock.endsAt : null },
        finished ? '—' : clockTime(timeLeft(board, now)),
      ),
      ' ',
      element('span', { class: 'quiet', 'data-testid': 'clock-status' }, finished ? '' : STATUS_WORDS[board.clock.status]),
    ),
    element('p', { 'data-testid': 'clock-next' }, 'Next: ', stepWords(board.next)),
    element(
      'div',
      { class: 'clock-stats' },
      stat('Entries', board.entries, 'entries'),
      stat('Players left', board.playersLeft, 'players-left'),
      stat('Average stack', board.averageStack, 'average'),
      stat('Prize pool', board.prizePool, 'prize-pool'),
      stat('Registration', board.registrationOpen ? 'open' : 'closed', 'registration'),
    ),
    board.guarantee > 0 && element('p', {}, `Guaranteed ${board.guarantee}`),
    element(
      'table',
      { class: 'clock-payouts', 'data-testid': 'clock-payouts' },
      element('caption', {}, 'Payouts'),
      element('thead', {}, element('tr', {}, element('th', { scope: 'col' }, 'Place'), element('th', { scope: 'col' }, 'Prize'))),
      element(
        'tbody',
        {},
        board.payouts.map((p) => element('tr', {}, element('td', {}, p.place), element('td', {}, p.amount))),
      ),
    ),
  );
}

/** Counts every drawn clock (data-ends-at) down to its end. */
export function tickClocks(root: Element, now: number): void {
  for (const t of Array.from(root.querySelectorAll<HTMLElement>('[data-ends-at]')))
    t.textContent = clockTime(Date.parse(t.dataset.endsAt!) - now);
}
