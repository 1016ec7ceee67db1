import type { ChosenAction, CommandStep } from './chosen-action.js';
import { element } from './elements.js';
import { FORCED_BET_WORDS } from './event-sentences.js';
import { commandRoute } from './table-commands.js';
import type { LegalAction, TableView } from './table-types.js';

/**
 * One tap for what the dealer does for every seat in a row: post the forced bets due (each seat's own post stays
 * beside it), and table every hand at the showdown (a player who mucks instead is tapped alone). Offered only where
 * there are two or more, and never where cards must be keyed in.
 */
export function allAtOnce(
  view: TableView,
  offered: readonly LegalAction[],
  choose: (action: ChosenAction) => void,
  seatAndPlayer: (view: TableView, seat: number) => string,
): HTMLElement[] {
  const posts = offered.filter((a): a is Extract<LegalAction, { type: 'PostBlind' }> => a.type === 'PostBlind');
  const shows = offered.filter(
    (a): a is Extract<LegalAction, { type: 'ShowHand' }> => a.type === 'ShowHand' && a.cardsToEnter === undefined,
  );
  const run = (type: 'PostBlind' | 'ShowHand', seats: readonly number[]) => {
    const route = commandRoute(type);
    const pick = (legal: readonly LegalAction[]): CommandStep | null => {
      const action = legal.find(
        (a) => a.type === type && seats.includes(a.seat as number) && (a.type !== 'ShowHand' || a.cardsToEnter === undefined),
      );
      if (!action) return null;
      return { route, body: action.type === 'PostBlind' ? { seat: action.seat, blind: action.blind } : { seat: action.seat } };
    };
    const first = pick(offered)!;
    choose({ ...first, decidedOnVersion: view.version, next: (table) => pick(table.legalActions) });
  };
  const controls: HTMLElement[] = [];
  if (posts.length > 1) {
    const list = posts.map((a) => `${seatAndPlayer(view, a.seat)}: ${FORCED_BET_WORDS[a.blind] ?? a.blind} ${a.amount}`).join('; ');
    controls.push(
      tapButton('action-PostBlind-all', `Post all — ${list}`, () =>
        run(
          'PostBlind',
          posts.map((a) => a.seat),
        ),
      ),
    );
  }
  if (shows.length > 1) {
    const seats = shows.map((a) => a.seat);
    controls.push(tapButton('action-ShowHand-all', `Show all hands — seats ${seats.join(', ')} in turn`, () => run('ShowHand', seats)));
  }
  return controls;
}

function tapButton(testId: string, label: string, onClick: () => void): HTMLButtonElement {
  const b = element('button', { type: 'button', 'data-testid': testId, class: 'primary' }, label);
  b.addEventListener('click', onClick);
  return b;
}
