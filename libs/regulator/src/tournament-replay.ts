import {
  TOURNAMENT_EVENT_SCHEMA_VERSION,
  TOURNAMENT_EVENT_TYPES,
  seatedAt,
  tournamentDecider,
  type TournamentCommand,
  type TournamentEvent,
  type TournamentRejection,
  type TournamentState,
} from '@felt/tournament';
import { DecidedReplay, type ReplayedKind } from './decided-replay';

/** Tournament streams are "tournament-<id>" (libs/tournament tournament-stream.ts). */
export { TOURNAMENT_STREAM_PREFIX } from '@felt/tournament';

/**
 * The command that appended a tournament's group of events, rebuilt from them: the decider records on its events what
 * it was given (the seat draw's permutation, a late entry's key, a chip race's keys, a broken table's keys on its
 * moves), so the command can be decided again. Null for an event only a command's consequences record (a bust, a
 * move made, a table broken, the finish) when it comes first.
 */
export function tournamentCommandFor(events: readonly TournamentEvent[], state: TournamentState): TournamentCommand | null {
  const e = events[0]!;
  const { at } = e;
  switch (e.type) {
    case 'TournamentCreated':
      return { type: 'CreateTournament', at, tournamentId: e.tournamentId, structure: e.structure };
    case 'TableAdded':
      return { type: 'AddTable', at, tableId: e.tableId };
    case 'PlayerRegistered': {
      const keys = e.key === null ? undefined : [e.key];
      // A player with an entry still standing (busted, say) re-enters; one with none (or only unregistered ones) registers.
      const entered = state.entries.some((x) => x.playerId === e.playerId && x.status !== 'unregistered');
      return entered
        ? { type: 'ReEnter', at, playerId: e.playerId, keys }
        : { type: 'Register', at, playerId: e.playerId, alias: e.alias, keys };
    }
    case 'PlayerUnregistered':
      return { type: 'Unregister', at, entryId: e.entryId };
    case 'SeatsDrawn':
      return { type: 'DrawSeats', at, permutation: e.permutation };
    case 'ClockStarted':
      return { type: 'StartClock', at };
    case 'ClockPaused':
      return { type: 'PauseClock', at };
    case 'ClockResumed':
      return { type: 'ResumeClock', at };
    case 'TimeAdded':
      return { type: 'AddTime', at, seconds: e.seconds };
    case 'LevelStarted':
      return { type: 'AdvanceLevel', at, fromStep: e.step - 1, early: e.early };
    case 'HandRecorded':
      return { type: 'RecordHand', at, tableId: e.tableId, button: e.button, stacks: e.stacks, keys: breakKeys(events, state) };
    case 'MoveOverridden':
      return { type: 'OverrideMove', at, entryId: e.entryId, to: e.to, reason: e.reason };
    case 'ChipRaceRun':
      return { type: 'ColourUp', at, odd: e.results.map((r) => ({ entryId: r.entryId, chips: r.removed / e.chip })), keys: e.keys };
    case 'HandForHandStarted':
    case 'HandForHandEnded':
      return { type: 'HandForHand', at, on: e.type === 'HandForHandStarted' };
    case 'DealMade':
      return e.leftToPlayFor === undefined
        ? { type: 'Deal', at, method: e.method, consents: e.consents }
        : { type: 'Deal', at, method: e.method, consents: e.consents, leaveToPlayFor: e.leftToPlayFor };
    case 'Rebought':
      return { type: 'Rebuy', at, entryId: e.entryId };
    case 'AddOnTaken':
      return { type: 'AddOn', at, entryId: e.entryId };
    default:
      return null;
  }
}

/** Keys no recorded move names: larger than any, as the players the draw reached last (no seat was left for them). */
const UNDRAWN = 0xffffffff;

/**
 * The keys a hand's report drew broken tables' players with. Each table the balancer breaks (one run of break moves
 * from one table) gives keys[i] to its i-th player leaving, in the order the table seats them, and each move records
 * its player's key: so the keys are read back in that order from the state that table's break was decided on (the
 * group's events before its run folded). Every table breaking in one report draws with the same keys, so the runs
 * fill the same list. The balancer asks for keys even when no seat is left for anyone (nothing is then recorded): the
 * list is as long as a table's players, keys no move names being UNDRAWN.
 */
function breakKeys(events: readonly TournamentEvent[], before: TournamentState): number[] {
  const keys: number[] = [];
  let state = before;
  let run: string | null = null;
  events.forEach((e, i) => {
    const from = e.type === 'MoveProposed' && e.reason === 'break' ? e.from.tableId : null;
    if (from !== null && from !== run) {
      const moving = new Set(state.moves.map((m) => m.entryId));
      const leaving = seatedAt(state, from).filter((x) => !moving.has(x.entryId));
      leaving.forEach((x, n) => {
        const key = keyOf(events, i, from, x.entryId);
        if (key !== null) keys[n] = key;
      });
    }
    run = from;
    state = tournamentDecider.evolve(state, e);
  });
  const length = Math.max(keys.length, before.structure?.seatsPerTable ?? 0);
  return Array.from({ length }, (_, n) => keys[n] ?? UNDRAWN);
}

/** The key the run of break moves from `table` starting at `start` records for `entryId`, or null (no seat reached them). */
function keyOf(events: readonly TournamentEvent[], start: number, table: string, entryId: string): number | null {
  for (let i = start; i < events.length; i++) {
    const e = events[i]!;
    if (e.type !== 'MoveProposed' || e.reason !== 'break' || e.from.tableId !== table) return null;
    if (e.entryId === entryId) return e.key;
  }
  return null;
}

const TOURNAMENT: ReplayedKind<TournamentCommand, TournamentState, TournamentEvent, TournamentRejection> = {
  name: 'tournament',
  decider: tournamentDecider,
  eventTypes: new Set<string>(TOURNAMENT_EVENT_TYPES),
  schemaVersion: TOURNAMENT_EVENT_SCHEMA_VERSION,
  commandFor: tournamentCommandFor,
};

/**
 * A tournament's stream re-decided (docs/tournaments.md): each command rebuilt from its events with the random draws
 * they record, decided again on the tournament folded so far; a changed payout, a seat draw that does not follow its
 * permutation, a bust or move the hand did not cause is a `rules` violation at the first event concerned.
 */
export class TournamentReplay extends DecidedReplay<TournamentCommand, TournamentState, TournamentEvent, TournamentRejection> {
  constructor(streamId: string) {
    super(streamId, TOURNAMENT);
  }
}
