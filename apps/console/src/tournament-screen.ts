import type { ConsoleContext } from './console-context.js';
import { element } from './elements.js';
import { FeedbackSlots } from './feedback-slots.js';
import { redraw } from './form-drafts.js';
import { readStructure, refusalWords, STRUCTURE_FORM, structureForm } from './tournament-structure.js';
import { newCommandId } from './table-commands.js';
import { ApiError } from './api-client.js';

/** A row of GET /tournaments (apps/api/src/tournaments/tournament-list.controller.ts). */
interface TournamentRow {
  readonly tournamentId: string;
  readonly name: string;
  readonly status: string;
  readonly entries: number;
  readonly playersLeft: number;
}

/**
 * The floor's tournaments (#/tournaments): every tournament with a link to its desk, and the structure editor that
 * creates one. The floor's only: anyone else is told where the public clock is.
 */
export function tournamentsScreen(ctx: ConsoleContext): HTMLElement {
  if (ctx.session()?.user.role !== 'floor') return notForRole();
  const feedback = new FeedbackSlots();
  const list = element('div', { 'data-testid': 'tournament-list' }, 'Loading…');
  const editor = element('div', {});
  const problems = feedback.slot(STRUCTURE_FORM);
  // Every problem the page finds in the form, one a line (the slot above says there are some).
  const problemList = element('ul', { class: 'feedback', 'data-kind': 'error', 'data-testid': 'structure-problems', hidden: true });
  const listProblems = (found: readonly string[]) => {
    problemList.replaceChildren(...found.map((p) => element('li', {}, p)));
    problemList.hidden = found.length === 0;
  };
  let rows = 4;
  const drawEditor = () =>
    redraw(
      editor,
      structureForm(rows, create, () => ((rows += 1), drawEditor())),
    );
  const create = async (form: HTMLFormElement) => {
    const read = readStructure(form);
    listProblems(read.ok ? [] : read.problems);
    if (!read.ok)
      return feedback.refusedHere(
        STRUCTURE_FORM,
        `${read.problems.length} thing${read.problems.length === 1 ? '' : 's'} to put right before the tournament can be created; nothing was sent.`,
      );
    try {
      await ctx.api.post(
        '/tournaments',
        { tournamentId: read.tournamentId, structure: read.structure },
        { 'Idempotency-Key': newCommandId() },
      );
      ctx.go(`#/tournament/${encodeURIComponent(read.tournamentId)}`);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_STRUCTURE') feedback.refusedHere(STRUCTURE_FORM, refusalWords(error.detail));
      else if (error instanceof ApiError && error.code === 'TOURNAMENT_ALREADY_CREATED')
        feedback.refusedHere(
          STRUCTURE_FORM,
          `Tournament id: "${read.tournamentId}" is already in use; choose another. Nothing was created.`,
        );
      else feedback.refused(STRUCTURE_FORM, error);
    }
  };
  drawEditor();
  ctx.api.get<{ tournaments: TournamentRow[] }>('/tournaments').then(
    ({ tournaments }) =>
      redraw(
        list,
        tournaments.length === 0
          ? element('p', {}, 'No tournaments yet.')
          : element(
              'ul',
              { class: 'tournament-list' },
              tournaments.map((t) =>
                element(
                  'li',
                  { 'data-testid': `tournament-row-${t.tournamentId}` },
                  element('a', { href: `#/tournament/${encodeURIComponent(t.tournamentId)}` }, t.name),
                  ` (${t.tournamentId}) · ${t.status} · ${t.entries} entries · ${t.playersLeft} left`,
                ),
              ),
            ),
      ),
    (error: unknown) => ctx.notice.error(error),
  );
  return element(
    'section',
    { class: 'screen tournaments', 'aria-labelledby': 'tournaments-heading' },
    element('h2', { id: 'tournaments-heading' }, 'Tournaments'),
    list,
    editor,
    problems,
    problemList,
  );
}

/** A dealer or anyone else: the clock board is public, the desk is the floor's. */
export function notForRole(tournamentId?: string): HTMLElement {
  const href = `clock.html${tournamentId ? `?tournament=${encodeURIComponent(tournamentId)}` : ''}`;
  return element(
    'section',
    { class: 'screen', 'data-testid': 'tournament-not-floor' },
    element('h2', {}, 'Tournaments'),
    element(
      'p',
      {},
      'Running a tournament is for the floor. The clock (level, blinds, time, prize pool) is public: ',
      element('a', { href, target: '_blank', 'data-testid': 'tournament-clock-link' }, 'the clock board'),
      '.',
    ),
  );
}
