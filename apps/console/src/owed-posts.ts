import { entryObligation, type LegalAction } from '@felt/engine';
import { FORCED_BET_WORDS } from './event-sentences.js';
import type { SeatView, TableView } from './table-types.js';

/**
 * What a seat must post to be dealt in, spelled out with its live and dead parts (the engine's entryObligation, under
 * the table's missed-blind policy): "owes the big blind 2 and a dead small blind 1", "waiting for the big blind";
 * empty when the seat owes nothing.
 */
export function owedPosts(view: TableView, seat: SeatView): string {
  const rules = view.rules;
  if (!rules) return '';
  // As the engine plans a hand: a new player owes an entry only once the game runs (a hand played, three ready).
  const ready = view.seats.filter((s) => !s.sittingOut && s.stack > 0).length;
  const debt = { missedSmall: seat.missedSmall, missedBig: seat.missedBig, isNew: seat.isNew && view.handsPlayed > 0 && ready > 2 };
  const owed = entryObligation(debt, rules.missedBlinds, rules.smallBlind, rules.bigBlind);
  if (owed.kind === 'none') return '';
  // A seat sitting out chooses again when it comes back (post, or wait): until then it shows what it owes.
  if (owed.kind === 'wait-for-big-blind' || (seat.waitForBigBlind && !seat.sittingOut)) return 'waiting for the big blind';
  const parts = owed.posts.map((post) => {
    if (post.kind === 'new-player') return `a new player's big blind ${post.amount}`;
    if (post.kind === 'make-up-big') return `the big blind ${post.amount}`;
    return post.live ? `the big blind ${post.amount} for the missed small blind` : `a dead small blind ${post.amount}`;
  });
  return `owes ${parts.join(' and ')}`;
}

/**
 * Whose decision the hand waits for, or null while the forced bets are posted (the bar offers the posts or Deal:
 * nobody is "to act" yet).
 */
export function seatToAct(view: TableView): number | null {
  return view.hand?.phase === 'forced-bets' ? null : view.toAct;
}

/** The table's line while the forced bets are posted: the posts still due, or that the cards are ready to deal. */
export function forcedBetsLine(view: TableView, name: (seat: number) => string): string {
  const due = view.legalActions.filter((a): a is Extract<LegalAction, { type: 'PostBlind' }> => a.type === 'PostBlind');
  if (due.length === 0) return view.legalActions.some((a) => a.type === 'Deal') ? 'Forced bets posted: ready to deal' : 'Forced bets';
  const posts = due.map(
    (a) => `seat ${a.seat}${name(a.seat) ? ` (${name(a.seat)})` : ''} ${FORCED_BET_WORDS[a.blind] ?? a.blind} ${a.amount}`,
  );
  return `Forced bets due: ${posts.join(', ')}`;
}
