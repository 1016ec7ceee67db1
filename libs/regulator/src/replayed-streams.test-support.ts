import { MONEY_EVENT_SCHEMA_VERSION, accountingDecider } from '@felt/accounting';
import { schemaVersionOf, type TableEvent } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import {
  TOURNAMENT_EVENT_SCHEMA_VERSION,
  seatedAt,
  tournamentDecider,
  type TournamentCommand,
  type TournamentState,
} from '@felt/tournament';
import { mulberry32, randomHand } from '../../tournament/src/tournament.test-support';
import { badBeatShift, playedHand, playedHandEvents } from '../../accounting/src/played-hand.test-support';
import { decidedLog, recordedStream } from './decided-log.test-support';

/** Streams the deciders wrote, for verify's specs (libs/regulator) and the CLI's (apps/cli verify-replays.int-spec.ts). */

const T = (minute: number) => new Date(Date.UTC(2026, 0, 1, 19, minute)).toISOString();
const STRUCTURE = {
  name: 'Tuesday turbo',
  startingStack: 1000,
  seatsPerTable: 3,
  levels: [
    { kind: 'level', smallBlind: 25, bigBlind: 50, minutes: 20 },
    { kind: 'level', smallBlind: 50, bigBlind: 100, minutes: 20 },
  ],
  lateRegistrationLevel: 1,
  maxEntriesPerPlayer: 1,
  entry: { prizePool: 80, houseFee: 15, staffFee: 5 },
  payouts: [
    { minEntries: 1, places: [10000] },
    { minEntries: 4, places: [6500, 3500] },
  ],
  roundTo: 5,
};
/** The API sends ten keys with every hand report (apps/api apply-tournament-command.ts); the break uses the first. */
const KEYS = [900, 5, 77, 12, 3, 4, 5, 6, 7, 8];

/**
 * Five players on two tables of three. The draw seats t1: p3, p5, p2 and t2: p4, p1. p3 then p4 bust, so t2 breaks
 * (its last player drawn to t1 with the first key), moves after its next hand, and t1's last hand ends it.
 */
export const night: TournamentCommand[] = [
  { type: 'CreateTournament', at: T(0), tournamentId: 'tue', structure: STRUCTURE },
  { type: 'AddTable', at: T(0), tableId: 't1' },
  { type: 'AddTable', at: T(0), tableId: 't2' },
  ...[1, 2, 3, 4, 5].map((i) => ({ type: 'Register' as const, at: T(1), playerId: `p${i}`, alias: `P${i}`, keys: KEYS })),
  { type: 'DrawSeats', at: T(2), permutation: [4, 2, 0, 3, 1] },
  { type: 'StartClock', at: T(3) },
  { type: 'AdvanceLevel', at: T(4), fromStep: 0, early: true },
  { type: 'RecordHand', at: T(5), tableId: 't1', button: 1, stacks: [s('p3#1', 0), s('p5#1', 2000), s('p2#1', 1000)], keys: KEYS },
  { type: 'RecordHand', at: T(6), tableId: 't2', button: 1, stacks: [s('p4#1', 0), s('p1#1', 2000)], keys: KEYS },
  { type: 'RecordHand', at: T(7), tableId: 't2', button: 2, stacks: [s('p1#1', 2000)], keys: KEYS },
  { type: 'RecordHand', at: T(8), tableId: 't1', button: 2, stacks: [s('p5#1', 5000), s('p2#1', 0), s('p1#1', 0)], keys: KEYS },
];

function s(entryId: string, chips: number) {
  return { entryId, chips };
}

export const tournamentLog = decidedLog('tournament-tue', tournamentDecider, night, TOURNAMENT_EVENT_SCHEMA_VERSION);

/** What the dealer adds to a player's or the floor's command: recorded in that command's append. */
const AUTOMATIC = new Set(['DeckSealed', 'HoleCardsDealt', 'BoardDealt', 'ShowdownStarted', 'PotAwarded', 'HandEnded', 'DeckRevealed']);

/** A bad beat at a real table: aces full of kings lose to quad kings (the hand of libs/accounting verify-book.spec.ts). */
const cards = [{ ann: '7c2d', bob: 'AhAd', cy: 'KcKs' }, 'AcKdKh5s2c'] as const;
export const hand = playedHand(...cards);
export const bookTable = recordedStream(`table-${hand.tableId}`, byCommand(playedHandEvents(...cards)), (type) =>
  schemaVersionOf(type as TableEvent['type']),
);
const { shift } = badBeatShift(hand);
export const bookLog = decidedLog('money-room', accountingDecider, shift, MONEY_EVENT_SCHEMA_VERSION);

/** A table's events in the appends the API would have made (the script runner gives them in one list). */
function byCommand(events: readonly TableEvent[]): TableEvent[][] {
  const groups: TableEvent[][] = [];
  for (const e of events)
    if (AUTOMATIC.has(e.type) && groups.length > 0) groups[groups.length - 1]!.push(e);
    else groups.push([e]);
  return groups;
}

/**
 * A tournament of `entries` on tables of ten played to its end by random hands (libs/tournament's bench does the
 * same): hundreds of busts, tables broken with the ten keys the API sends, balancing moves, the payouts.
 */
export function randomTournament(seed: number, entries: number): RecordedEvent[] {
  const next = mulberry32(seed);
  const seats = 10;
  const commands: TournamentCommand[] = [];
  let state: TournamentState = tournamentDecider.initialState;
  const apply = (command: TournamentCommand) => {
    const decision = tournamentDecider.decide(command, state);
    if (!decision.ok) throw new Error(`${command.type}: ${decision.rejection.code}`);
    commands.push(command);
    state = decision.events.reduce(tournamentDecider.evolve, state);
  };
  apply({ type: 'CreateTournament', at: T(0), tournamentId: 'random', structure: { ...STRUCTURE, seatsPerTable: seats } });
  for (let t = 1; t <= Math.ceil(entries / seats); t++) apply({ type: 'AddTable', at: T(0), tableId: `t${t}` });
  for (let p = 1; p <= entries; p++) apply({ type: 'Register', at: T(1), playerId: `p${p}`, alias: `P${p}` });
  const permutation = Array.from({ length: entries }, (_, i) => i);
  for (let i = entries - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [permutation[i], permutation[j]] = [permutation[j]!, permutation[i]!];
  }
  apply({ type: 'DrawSeats', at: T(2), permutation });
  apply({ type: 'StartClock', at: T(3) });
  apply({ type: 'AdvanceLevel', at: T(4), fromStep: 0, early: true });
  while (state.status !== 'finished') {
    const live = state.tables.filter((t) => t.inPlay && !t.broken && seatedAt(state, t.tableId).length > 0);
    const table = live[next() % live.length]!;
    const players = seatedAt(state, table.tableId);
    const stacks = randomHand(players, next, 4);
    const button = players[next() % players.length]!.seat!.seat;
    apply({ type: 'RecordHand', at: T(10), tableId: table.tableId, button, stacks, keys: Array.from({ length: seats }, () => next()) });
  }
  return decidedLog(`tournament-random-${seed}`, tournamentDecider, commands, TOURNAMENT_EVENT_SCHEMA_VERSION);
}
