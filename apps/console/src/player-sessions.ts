import type { DayLine, RatedSession } from '@felt/players';
import type { ConsoleContext } from './console-context.js';
import { element, field, formValues, replaceChildren } from './elements.js';
import type { FeedbackSlots } from './feedback-slots.js';
import { localTime } from './refusal-sentences.js';

/** GET /player-sessions?day=&playerId= (floor): the day's lines and the sessions they were cut from. */
interface DayAnswer {
  readonly day: string;
  readonly lines: readonly DayLine[];
  readonly sessions: readonly RatedSession[];
}

/**
 * A player's sessions on a UTC day (rated play, docs/players.md "Sessions"): minutes seated and played per table
 * and stake, and each stay with its breaks in local time. Made once per page, outside its redraws, so the day
 * picked and the sessions shown stay while the record is read again.
 */
export function sessionsPanel(ctx: ConsoleContext, playerId: string, feedback: FeedbackSlots): HTMLElement {
  const day = element('input', {
    name: 'day',
    type: 'date',
    value: new Date().toISOString().slice(0, 10),
    required: true,
    'data-testid': 'input-day',
  });
  const shown = element('div', { 'data-testid': 'player-sessions-shown' });
  const form = element(
    'form',
    { class: 'inline-form', 'data-testid': 'player-sessions' },
    field('Day (UTC)', day),
    element('button', { type: 'submit', 'data-testid': 'player-sessions-submit' }, 'Show the day'),
  );
  const show = async () => {
    const picked = formValues(form).day ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(picked)) return feedback.refusedHere('player-sessions', 'Pick a day. Nothing was sent.');
    try {
      const answer = await ctx.api.get<DayAnswer>(`/player-sessions?day=${picked}&playerId=${encodeURIComponent(playerId)}`);
      replaceChildren(shown, dayTable(answer), sessionList(answer.sessions));
    } catch (error) {
      feedback.refused('player-sessions', error);
    }
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void show();
  });
  void show();
  return element(
    'section',
    { class: 'panel', 'aria-labelledby': 'sessions-heading' },
    element('h2', { id: 'sessions-heading' }, 'Sessions'),
    form,
    feedback.slot('player-sessions'),
    shown,
  );
}

function dayTable(answer: DayAnswer): HTMLElement {
  if (answer.lines.length === 0) return element('p', { class: 'quiet', 'data-testid': 'no-sessions' }, `No play on ${answer.day}.`);
  return element(
    'table',
    { 'data-testid': 'session-lines' },
    element(
      'thead',
      {},
      element(
        'tr',
        {},
        ['Table', 'Stake', 'Minutes seated', 'Minutes played'].map((h) => element('th', { scope: 'col' }, h)),
      ),
    ),
    element(
      'tbody',
      {},
      answer.lines.map((l) =>
        element(
          'tr',
          { 'data-testid': `session-line-${l.tableId}` },
          element('th', { scope: 'row' }, l.tableId),
          element('td', {}, l.stake),
          element('td', {}, String(l.seatedMinutes)),
          element('td', {}, String(l.playedMinutes)),
        ),
      ),
    ),
  );
}

function sessionList(sessions: readonly RatedSession[]): HTMLElement | null {
  if (sessions.length === 0) return null;
  return element(
    'ul',
    { 'data-testid': 'session-stays' },
    sessions.map((s) =>
      element(
        'li',
        {},
        `Table ${s.tableId} at ${s.stake}: sat down ${localTime(s.seatedAt)}, ${s.leftAt ? `left ${localTime(s.leftAt)}` : 'still seated'}`,
        s.breaks.length ? `; breaks ${s.breaks.map((b) => `${localTime(b.from)} to ${b.to ? localTime(b.to) : 'now'}`).join(', ')}` : '',
      ),
    ),
  );
}
