import type { ApiClient } from './api-client.js';
import { element, replaceChildren } from './elements.js';
import { shownName } from './player-aliases.js';
import { localTime } from './refusal-sentences.js';
import type { TableView } from './table-types.js';

/** How often the floor's table screen reads the audit stream for absences that ran out. */
const POLL_MS = 3000;
const PAGE = 1000;
/** A stand-up by the absence rule stays on screen this long (the seat has moved on; the floor may not have looked). */
const RELEASED_SHOWN_MS = 30 * 60_000;

/** PlayerAbsenceExpired's data (docs/events.md "The audit stream"). */
interface AbsenceExpired {
  readonly playerId: string;
  readonly tableId: string;
  readonly seat: number;
  readonly since: string;
  readonly satOutAt: string;
  readonly limitSeconds: number;
  readonly outcome: 'told' | 'released';
}
interface AuditPage {
  readonly events: readonly { streamId: string; streamVersion: number; type: string; data: unknown; recordedAt: string }[];
  readonly nextAfter: string | null;
}

/**
 * The absence notices of one table, for the floor (docs/players.md "The absence timer"): a player who sat out longer
 * than the house's limit is said in words, seat and alias, beside the Players panel, while the absence lasts (a stand-up
 * by the rule `release`, for half an hour). The notice is in the audit stream, not the table's (the floor and
 * regulators read it; a dealer may not), so the screen reads the audit stream from yesterday's start, then what comes after.
 */
export class AbsenceNotices {
  readonly node = element('section', {
    class: 'panel absence-notices',
    'aria-label': 'Absences that ran out',
    'data-testid': 'absence-notices',
    hidden: true,
  });
  private readonly notices = new Map<string, AbsenceExpired & { at: number }>();
  private view: TableView | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  private after: string;

  constructor(
    private readonly api: ApiClient,
    private readonly tableId: string,
  ) {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    this.after = `audit-${yesterday}:0`;
    void this.poll();
  }

  show(view: TableView): void {
    this.view = view;
    this.render();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private async poll(): Promise<void> {
    try {
      for (let more = true; more && !this.stopped;) {
        const page = await this.api.get<AuditPage>(`/regulator/audit?after=${encodeURIComponent(this.after)}&limit=${PAGE}`);
        for (const e of page.events) {
          this.after = `${e.streamId}:${e.streamVersion}`;
          const data = e.data as AbsenceExpired;
          if (e.type === 'PlayerAbsenceExpired' && data.tableId === this.tableId)
            this.notices.set(data.since, { ...data, at: Date.parse(e.recordedAt) });
        }
        more = page.nextAfter !== null;
      }
      this.render();
    } catch {
      // The next round asks again (a network gap); the notices shown stay.
    }
    if (!this.stopped) this.timer = setTimeout(() => void this.poll(), POLL_MS);
  }

  private render(): void {
    const seats = new Map((this.view?.seats ?? []).map((s) => [s.seat, s]));
    const shown = [...this.notices.values()].filter((n) => {
      const seat = seats.get(n.seat);
      const stillOut = seat?.playerId === n.playerId && seat.sittingOut === true;
      return n.outcome === 'told' ? stillOut : Date.now() - n.at < RELEASED_SHOWN_MS;
    });
    this.node.hidden = shown.length === 0;
    replaceChildren(
      this.node,
      element('h2', {}, 'Absences'),
      element(
        'ul',
        {},
        shown.map((n) => element('li', { 'data-testid': `absence-${n.seat}`, class: 'absence' }, absenceSentence(n))),
      ),
    );
  }
}

function absenceSentence(n: AbsenceExpired): string {
  const limit = n.limitSeconds >= 60 ? `${Math.round(n.limitSeconds / 60)} min` : `${n.limitSeconds} s`;
  const who = `Seat ${n.seat}, ${shownName(n.playerId)}, has sat out since ${localTime(n.satOutAt)}, longer than the house's ${limit}`;
  return n.outcome === 'told'
    ? `${who}: the seat is kept; pick it up or bring them back in.`
    : `${who}: stood up by the house's rule (once any hand they are in is over); the seat opens for the list.`;
}
