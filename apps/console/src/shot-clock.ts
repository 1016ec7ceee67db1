import { playerName } from './action-bar.js';
import { shownName } from './player-aliases.js';
import type { ServerTime } from './api-client.js';
import { element } from './elements.js';
import type { TableView } from './table-types.js';

/** Under this many seconds the countdown turns urgent (red). */
const URGENT_SECONDS = 10;
const TICK_MS = 200;

/**
 * The shot clock of the seat to act (docs/console.md "Shot clock"): a countdown to the running clock's deadline, read
 * on the server's clock (ServerTime), redrawn several times a second; the floor's pause and resume buttons. The time
 * bank is a button of the action bar (the engine offers it as a legal action). When the time is up the console waits
 * for the timer's expiry: it sends nothing by itself.
 */
export class ShotClockDisplay {
  readonly node: HTMLElement;
  private readonly text: HTMLElement;
  private readonly pause: HTMLButtonElement;
  private readonly resume: HTMLButtonElement;
  private view: TableView | null = null;
  private timer: number | null = null;

  constructor(
    private readonly serverTime: ServerTime,
    isFloor: boolean,
    send: (route: 'pause-clock' | 'resume-clock', version: number) => void,
  ) {
    this.text = element('span', { class: 'clock-time', 'data-testid': 'shot-clock-time' });
    this.pause = element('button', { type: 'button', 'data-testid': 'clock-pause', hidden: !isFloor }, 'Pause the clock');
    this.resume = element('button', { type: 'button', 'data-testid': 'clock-resume', hidden: !isFloor }, 'Resume the clock');
    this.pause.addEventListener('click', () => this.view && send('pause-clock', this.view.version));
    this.resume.addEventListener('click', () => this.view && send('resume-clock', this.view.version));
    this.node = element(
      'div',
      { class: 'shot-clock', 'data-testid': 'shot-clock', role: 'timer', 'aria-live': 'off', hidden: true },
      this.text,
      this.pause,
      this.resume,
    );
  }

  /** The newest view of the table: the clock it shows (none on a table without the option). */
  show(view: TableView): void {
    this.view = view;
    this.draw();
    const running = view.clock?.deadline != null;
    if (running && this.timer === null) this.timer = window.setInterval(() => this.draw(), TICK_MS);
    if (!running && this.timer !== null) this.stop();
  }

  stop(): void {
    if (this.timer !== null) window.clearInterval(this.timer);
    this.timer = null;
  }

  private draw(): void {
    const clock = this.view?.clock ?? null;
    this.node.hidden = clock === null || clock === undefined;
    if (!clock || !this.view) return;
    const who = shownName(playerName(this.view, clock.seat));
    const seat = `Seat ${clock.seat}${who ? `, ${who}` : ''}`;
    const left = clock.deadline === null ? (clock.remainingMs ?? 0) : Date.parse(clock.deadline) - this.serverTime.now();
    const seconds = Math.max(0, Math.ceil(left / 1000));
    this.node.dataset.seat = String(clock.seat);
    this.node.dataset.clock = String(clock.clock);
    this.node.dataset.seconds = String(seconds);
    this.node.dataset.paused = String(clock.deadline === null);
    this.node.classList.toggle('urgent', clock.deadline !== null && seconds <= URGENT_SECONDS);
    this.text.textContent =
      clock.deadline === null ? `${seat}: clock paused, ${seconds} s left` : seconds > 0 ? `${seat}: ${seconds} s` : `${seat}: time is up`;
    this.pause.disabled = clock.deadline === null;
    this.resume.disabled = clock.deadline !== null;
  }
}
