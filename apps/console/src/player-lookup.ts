import type { ExclusionCause, PlayerFound, PlayerStanding } from '@felt/players';
import type { ConsoleContext } from './console-context.js';
import { element, field, formValues, replaceChildren } from './elements.js';
import { FeedbackSlots } from './feedback-slots.js';
import { rememberAlias } from './player-aliases.js';
import { localTime } from './refusal-sentences.js';

/** What the floor does with a player found: open their page, seat them, list them. Null: nothing offered. */
export type FoundAction = (player: PlayerFound) => Node | null;

/**
 * The floor's player lookup (GET /players?q=, floor only): the start of a name or an alias, or a card number. Each
 * player found with their alias, name, card, status and whether they may be seated now (and why not); `action`
 * adds what the screen offers for them. A node made once per screen and kept out of the screen's redraws, so the
 * words typed and the players found stay while the table or the room changes around it.
 */
export function playerLookup(ctx: ConsoleContext, testId: string, legend: string, action: FoundAction): HTMLElement {
  const feedback = new FeedbackSlots();
  const results = element('ul', { class: 'found', 'data-testid': `${testId}-results`, 'aria-live': 'polite' });
  const q = element('input', { name: 'q', type: 'search', autocomplete: 'off', maxlength: 80, 'data-testid': `${testId}-q` });
  const form = element(
    'form',
    { class: 'inline-form', 'data-testid': testId, role: 'search' },
    field('Name, alias or card', q),
    element('button', { type: 'submit', 'data-testid': `${testId}-submit` }, 'Find'),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = formValues(form).q ?? '';
    if (!text) return feedback.refusedHere(testId, 'Type the start of a name or an alias, or a card number. Nothing was sent.');
    void ctx.api
      .get<{ players: PlayerFound[] }>(`/players?q=${encodeURIComponent(text)}&limit=10`)
      .then(({ players }) => {
        for (const p of players) rememberAlias(p.playerId, p.alias);
        feedback.succeeded(testId, players.length ? '' : `Nobody on the register matches "${text}".`);
        replaceChildren(
          results,
          players.map((p) => foundRow(p, action)),
        );
      })
      .catch((error) => feedback.refused(testId, error));
  });
  return element(
    'section',
    { class: 'panel lookup', 'aria-label': legend },
    element('h2', {}, legend),
    form,
    feedback.slot(testId),
    results,
  );
}

function foundRow(p: PlayerFound, action: FoundAction): HTMLElement {
  return element(
    'li',
    { 'data-testid': `found-${p.playerId}`, 'data-seatable': String(p.mayBeSeated) },
    element('strong', {}, p.alias),
    ` — ${p.name}, card ${p.playerId}${p.status === 'inactive' ? ', inactive' : ''}: `,
    element('span', { class: p.mayBeSeated ? 'seatable' : 'not-seatable' }, standingText(p)),
    ' ',
    action(p),
  );
}

/** "may be seated", or every reason they may not (the floor's view: its own bans and the lists' entries). */
export function standingText(p: PlayerStanding): string {
  if (p.mayBeSeated) return 'may be seated';
  return `may not be seated: ${p.exclusions.map(causeText).join('; ')}`;
}

function causeText(cause: ExclusionCause): string {
  return cause.kind === 'house-ban'
    ? `house ban (${cause.reason}) ${cause.until ? `until ${localTime(cause.until)}` : 'until lifted'}`
    : `exclusion list ${cause.listId}, entry ${cause.entryId}`;
}
