import type { TournamentCommand } from './commands';
import type { TournamentEvent } from './events';
import type { TournamentRejection } from './rejections';
import type { TournamentState } from './state';
import { recordHandOf, withArrivals } from './table-link';
import { tournamentDecider } from './tournament-decider';

type RecordHandCommand = Extract<TournamentCommand, { type: 'RecordHand' }>;

/** One engine table's hand end as the API read it: the table's seats after the hand, its button, when, and the keys drawn for it. */
export interface TableHandEnd {
  readonly tableId: string;
  readonly button: number;
  readonly seats: readonly { readonly playerId: string; readonly stack: number }[];
  readonly at: string;
  readonly keys: readonly number[];
}

/** What the tournament decided for one hand end of a batch. */
export type HandEndDecision =
  | {
      readonly ok: true;
      readonly command: RecordHandCommand;
      readonly events: readonly TournamentEvent[];
      /** The tournament after these events (their table orders are read from it: tableOrdersFor). */
      readonly after: TournamentState;
    }
  | { readonly ok: false; readonly command: RecordHandCommand; readonly rejection: TournamentRejection }
  /** A player sits at the table whom the tournament never seated (only the tournament seats its tables). */
  | { readonly ok: false; readonly command: null };

type Decide = (command: RecordHandCommand, state: TournamentState) => ReturnType<typeof tournamentDecider.decide>;

/**
 * Several tables' hand ends decided together, in order, each on the state the ones before it left (docs/tournaments.md
 * "One tournament's table work in order"): exactly what deciding them one at a time decides, though every table's
 * seats were read before the table commands of the earlier ones were applied. Those commands reach another table of
 * the batch only as arrivals (a RecordHand busts and moves only its own table's players; a table broken is empty),
 * and `withArrivals` completes a hand end with them, in seat order, as the table would have shown them. The tables
 * must be distinct: a table's second hand end must be read after the first one's commands.
 */
export function decideHandEnds(
  state: TournamentState,
  handEnds: readonly TableHandEnd[],
  decide: Decide = tournamentDecider.decide,
): { readonly decisions: HandEndDecision[]; readonly state: TournamentState } {
  let s = state;
  const decisions: HandEndDecision[] = [];
  for (const end of handEnds) {
    const read = recordHandOf(s, end.tableId, end.button, end.seats);
    if (!read) {
      decisions.push({ ok: false, command: null });
      continue;
    }
    const command = withArrivals({ ...read, at: end.at, keys: [...end.keys] }, s);
    const decision = decide(command, s);
    if (!decision.ok) {
      decisions.push({ ok: false, command, rejection: decision.rejection });
      continue;
    }
    s = decision.events.reduce(tournamentDecider.evolve, s);
    decisions.push({ ok: true, command, events: decision.events, after: s });
  }
  return { decisions, state: s };
}
