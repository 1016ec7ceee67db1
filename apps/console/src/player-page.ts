import { BAN_REASONS, type Ban, type PlayerPage } from '@felt/players';
import type { User } from '@felt/staff';
import { confirmFirst } from './confirm-dialog.js';
import type { ConsoleContext } from './console-context.js';
import { element, field, formValues } from './elements.js';
import { FeedbackSlots } from './feedback-slots.js';
import { redraw } from './form-drafts.js';
import { rememberAlias } from './player-aliases.js';
import { standingText } from './player-lookup.js';
import { sessionsPanel } from './player-sessions.js';
import { floorOnly } from './players-screen.js';
import { localTime } from './refusal-sentences.js';
import { newCommandId } from './table-commands.js';
import { editForm, erasePanel, type PlayerWrite } from './player-record-forms.js';

/**
 * #/player/<id>, the floor's page of one player (docs/players.md): the record as the API answers it (name, alias,
 * status, birth date, contact, whether it still matches the log), whether they may be seated now and why not, the
 * house bans with their reasons, starts and ends (add one, lift one: each after a confirmation naming the player),
 * the notes (add one), and the sessions of a day. Read again after each change; what is typed into the note and
 * ban forms stays through it (form-drafts.ts).
 */
export function playerPage(ctx: ConsoleContext, playerId: string): HTMLElement {
  if (ctx.session()?.user.role !== 'floor') return floorOnly();
  const feedback = new FeedbackSlots();
  const heading = element('h1', { id: 'player-heading' }, `Player ${playerId}`);
  const body = element('div', { class: 'player-body', 'data-testid': 'player-body' }, 'Loading…');
  const path = `/players/${encodeURIComponent(playerId)}`;
  // A note records its author's user id: shown by the user's name (a user since removed keeps the id).
  const staffNames = ctx.api
    .get<{ users: User[] }>('/users')
    .then((answer) => new Map(answer.users.map((u) => [u.id, u.name])))
    .catch(() => new Map<string, string>());

  async function load(): Promise<void> {
    try {
      const page = await ctx.api.get<PlayerPage>(path);
      const names = await staffNames;
      rememberAlias(playerId, page.alias ?? null);
      heading.textContent = page.alias ? `${page.alias} (${page.name})` : `Player ${playerId} (erased)`;
      redraw(
        body,
        recordPanel(page),
        bansPanel(page),
        notesPanel(page, names),
        page.erased ? null : editForm(page, feedback, write),
        page.erased ? null : erasePanel(page, who(page), write),
      );
    } catch (error) {
      redraw(body);
      feedback.refused('player', error);
    }
  }
  /** A write, then the page read again; `slot` shows what was done or why not, beside the control. */
  const write: PlayerWrite = (slot, route, request, done, { method = 'POST', sent, refused } = {}) =>
    void ctx.api
      .send(method, `${path}${route}`, request, { 'Idempotency-Key': newCommandId() })
      .then(async () => {
        // The form on screen now (a redraw may have replaced the one sent) starts afresh.
        const shown = body.querySelector<HTMLFormElement>(`form[data-testid="${sent?.dataset.testid ?? ''}"]`) ?? sent;
        // The record's form is drawn again from the record as saved: its fields must take the new values.
        if (shown?.dataset.testid === 'edit-player') shown.remove();
        else shown?.reset();
        feedback.succeeded(slot, done);
        await load();
      })
      .catch((error) => refused?.(error) || feedback.refused(slot, error));

  function recordPanel(page: PlayerPage): HTMLElement {
    const contact = Object.entries(page.contact ?? {}).map(([k, v]) => `${k}: ${v}`);
    const rows: [string, string][] = page.erased
      ? [['Record', 'erased: the pseudonymous id, bans and sessions stay']]
      : [
          ['Name', page.name ?? ''],
          ['Alias (on the board)', page.alias ?? ''],
          ['Birth date', page.birthDate ?? 'not given'],
          ['Contact', contact.join('; ') || 'none given'],
        ];
    return element(
      'section',
      { class: 'panel', 'aria-labelledby': 'record-heading', 'data-testid': 'player-record' },
      element('h2', { id: 'record-heading' }, 'Record'),
      element(
        'dl',
        { class: 'record' },
        [['Card', page.playerId] as [string, string], ...rows, ['Status', page.status]].flatMap(([k, v]) => [
          element('dt', {}, k),
          element('dd', { 'data-testid': `record-${k.split(' ')[0]!.toLowerCase()}` }, v),
        ]),
      ),
      page.recordIntact === false
        ? element(
            'p',
            { class: 'feedback', 'data-kind': 'error' },
            'This record differs from what the log last recorded: save the details again.',
          )
        : null,
      element(
        'p',
        { 'data-testid': 'player-standing', class: page.mayBeSeated ? 'seatable' : 'not-seatable' },
        `Seating: ${standingText(page)}.`,
      ),
    );
  }

  function who(page: PlayerPage): string {
    return page.alias ? `${page.alias} (${page.name}, card ${page.playerId})` : `player ${page.playerId}`;
  }

  function bansPanel(page: PlayerPage): HTMLElement {
    const now = Date.now();
    return element(
      'section',
      { class: 'panel', 'aria-labelledby': 'bans-heading' },
      element('h2', { id: 'bans-heading' }, 'House bans'),
      page.bans.length === 0
        ? element('p', { class: 'quiet' }, 'No house ban.')
        : element(
            'table',
            { 'data-testid': 'bans' },
            element(
              'thead',
              {},
              element(
                'tr',
                {},
                ['Reason', 'From', 'Until', 'State', ''].map((h) => element('th', { scope: 'col' }, h)),
              ),
            ),
            element(
              'tbody',
              {},
              page.bans.map((ban) => banRow(page, ban, now)),
            ),
          ),
      feedback.slot('bans'),
      banForm(page),
    );
  }

  function banRow(page: PlayerPage, ban: Ban, now: number): HTMLElement {
    const ended = ban.end !== null && Date.parse(ban.end) <= now;
    const state = ban.liftedAt
      ? `lifted ${localTime(ban.liftedAt)}`
      : ended
        ? 'ended'
        : Date.parse(ban.start) > now
          ? 'starts later'
          : 'in force';
    const lift =
      ban.liftedAt || ended
        ? null
        : element('button', { type: 'button', class: 'danger', 'data-testid': `lift-${ban.banId}` }, `Lift the ${ban.reason} ban`);
    lift?.addEventListener('click', () =>
      confirmFirst(
        `Lift the ban on ${who(page)}?`,
        `The house ban for ${ban.reason} (from ${localTime(ban.start)}, ${ban.end ? `until ${localTime(ban.end)}` : 'until lifted'}) ends now: unless another ban or an exclusion list applies, ${page.alias ?? page.playerId} may be seated, listed and called again.`,
        `Lift the ban on ${page.alias ?? page.playerId}`,
        () => write('bans', `/bans/${encodeURIComponent(ban.banId)}/lift`, {}, `The ${ban.reason} ban is lifted.`),
      ),
    );
    return element(
      'tr',
      { 'data-testid': `ban-${ban.banId}` },
      element('th', { scope: 'row' }, ban.reason),
      element('td', {}, localTime(ban.start)),
      element('td', {}, ban.end ? localTime(ban.end) : 'until lifted'),
      element('td', { 'data-testid': `ban-state-${ban.banId}` }, state),
      element('td', {}, lift),
    );
  }

  function banForm(page: PlayerPage): HTMLFormElement {
    const reason = element(
      'select',
      { name: 'reason', 'data-testid': 'input-reason' },
      BAN_REASONS.map((r) => element('option', { value: r }, r)),
    );
    const end = element('input', { name: 'end', type: 'datetime-local', 'data-testid': 'input-end' });
    const form = element(
      'form',
      { 'data-testid': 'add-ban', novalidate: true },
      element(
        'fieldset',
        {},
        element('legend', {}, 'Ban from now'),
        field('Reason', reason),
        field('Until (empty: until lifted)', end),
        element('button', { type: 'submit', class: 'danger', 'data-testid': 'add-ban-submit' }, 'Ban…'),
      ),
      feedback.slot('add-ban'),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const v = formValues(form);
      const until = v.end ? new Date(v.end) : null;
      if (until && Number.isNaN(until.getTime())) return feedback.refusedHere('add-ban', 'The end is not a time. Nothing was sent.');
      const name = page.alias ?? page.playerId;
      confirmFirst(
        `Ban ${who(page)}?`,
        `${name} may not be seated, listed or called at any table or game from now ${until ? `until ${localTime(until.toISOString())}` : 'until a floor supervisor lifts the ban'}. Reason: ${v.reason}. Dealers see only that ${name} may not sit.`,
        `Ban ${name} (${v.reason})`,
        () =>
          write(
            'add-ban',
            '/bans',
            { reason: v.reason, ...(until ? { end: until.toISOString() } : {}) },
            `${name} is banned (${v.reason}).`,
            { sent: form },
          ),
      );
    });
    return form;
  }

  function notesPanel(page: PlayerPage, names: ReadonlyMap<string, string>): HTMLElement {
    const text = element('textarea', { name: 'text', rows: 2, maxlength: 500, 'data-testid': 'input-note', id: 'note-text' });
    const form = element(
      'form',
      { 'data-testid': 'add-note' },
      element('label', { for: 'note-text' }, 'A note for the floor (erased with the record)'),
      text,
      element('button', { type: 'submit', 'data-testid': 'add-note-submit' }, 'Add the note'),
      feedback.slot('add-note'),
    );
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const note = formValues(form).text ?? '';
      if (!note) return feedback.refusedHere('add-note', 'Write the note first. Nothing was sent.');
      write('add-note', '/notes', { text: note }, 'Note added.', { sent: form });
    });
    const notes = page.notes ?? [];
    return element(
      'section',
      { class: 'panel', 'aria-labelledby': 'notes-heading' },
      element('h2', { id: 'notes-heading' }, 'Notes'),
      notes.length === 0
        ? element('p', { class: 'quiet' }, 'No notes.')
        : element(
            'ul',
            { 'data-testid': 'notes' },
            notes.map((n) => element('li', {}, `${localTime(n.at)}, ${names.get(n.by) ?? n.by}: `, n.text)),
          ),
      page.erased ? null : form,
    );
  }

  void load();
  return element(
    'section',
    { class: 'screen player-page', 'aria-labelledby': 'player-heading' },
    element('a', { href: '#/players' }, '← Players'),
    heading,
    feedback.slot('player'),
    body,
    sessionsPanel(ctx, playerId, feedback),
  );
}
