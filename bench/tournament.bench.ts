/**
 * Tournament decisions at the scale: a 600-entry event on 60 tables of 10, played to the last player by
 * random hands through the pure decider (no I/O). Each `RecordHand` decides busts, the moves due and the balancing
 * and breaking proposals for the whole field: its time is what "every balance proposal in under 10 ms" asks.
 *
 *   npx tsx bench/run.ts tournament
 */
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { tournamentDecider, seatedAt, type TournamentCommand, type TournamentState } from '@felt/tournament';
import { mulberry32, randomHand } from '../libs/tournament/src/tournament.test-support';

const ENTRIES = Number(process.env.BENCH_TOURNAMENT_ENTRIES ?? 600);
const SEATS = 10;
export const GOAL_P99_MS = 10;

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 19, minute)).toISOString();

function apply(state: TournamentState, command: TournamentCommand): TournamentState {
  const decision = tournamentDecider.decide(command, state);
  if (!decision.ok) throw new Error(`${command.type}: ${decision.rejection.code} ${decision.rejection.message}`);
  return decision.events.reduce(tournamentDecider.evolve, state);
}

/** A field registered, drawn and under way at level 2. */
function started(next: () => number): TournamentState {
  let state = apply(tournamentDecider.initialState, {
    type: 'CreateTournament',
    at: at(0),
    tournamentId: 'bench',
    structure: {
      name: 'Main event',
      startingStack: 20000,
      seatsPerTable: SEATS,
      levels: [
        { kind: 'level', smallBlind: 100, bigBlind: 200, minutes: 60 },
        { kind: 'level', smallBlind: 200, bigBlind: 400, minutes: 60 },
      ],
      lateRegistrationLevel: 1,
      entry: { prizePool: 900, houseFee: 80, staffFee: 20 },
      payouts: [
        { minEntries: 1, places: [10000] },
        { minEntries: 3, places: [5000, 3000, 2000] },
      ],
    },
  });
  const tables = Math.ceil(ENTRIES / SEATS);
  for (let t = 1; t <= tables; t++) state = apply(state, { type: 'AddTable', at: at(0), tableId: `t${t}` });
  for (let p = 1; p <= ENTRIES; p++) state = apply(state, { type: 'Register', at: at(1), playerId: `p${p}`, alias: `P${p}` });
  const permutation = Array.from({ length: ENTRIES }, (_, i) => i);
  for (let i = ENTRIES - 1; i > 0; i--) {
    const j = next() % (i + 1);
    [permutation[i], permutation[j]] = [permutation[j]!, permutation[i]!];
  }
  state = apply(state, { type: 'DrawSeats', at: at(2), permutation });
  state = apply(state, { type: 'StartClock', at: at(3) });
  return apply(state, { type: 'AdvanceLevel', at: at(4), fromStep: 0, early: true });
}

/** The tournament played to its end: each RecordHand's wall and CPU time. */
function played(seed: number) {
  const next = mulberry32(seed);
  let state = started(next);
  const times: number[] = [];
  /** CPU time of the decision alone: on a shared 2-core machine the wall time also counts the other processes' turns. */
  const cpuTimes: number[] = [];
  let proposals = 0;
  let busts = 0;
  while (state.status !== 'finished') {
    const live = state.tables.filter((t) => t.inPlay && !t.broken && seatedAt(state, t.tableId).length > 0);
    const table = live[next() % live.length]!;
    const players = seatedAt(state, table.tableId);
    const stacks = randomHand(players, next, 4);
    const command: TournamentCommand = {
      type: 'RecordHand',
      at: at(10),
      tableId: table.tableId,
      button: players[next() % players.length]!.seat!.seat,
      stacks,
      keys: Array.from({ length: SEATS }, () => next()),
    };
    const start = performance.now();
    const cpu = process.cpuUsage();
    const decision = tournamentDecider.decide(command, state);
    const used = process.cpuUsage(cpu);
    times.push(performance.now() - start);
    cpuTimes.push((used.user + used.system) / 1000);
    if (!decision.ok) throw new Error(`${decision.rejection.code}: ${decision.rejection.message}`);
    proposals += decision.events.filter((e) => e.type === 'MoveProposed').length;
    busts += decision.events.filter((e) => e.type === 'PlayerBusted').length;
    state = decision.events.reduce(tournamentDecider.evolve, state);
  }
  return { times, cpuTimes, busts, proposals };
}

export function runTournamentBench(): { markdown: string } {
  played(33); // warm-up: the JIT, not the figures
  const { times, cpuTimes, busts, proposals } = played(34);
  const tables = Math.ceil(ENTRIES / SEATS);
  times.sort((a, b) => a - b);
  cpuTimes.sort((a, b) => a - b);
  const q = (p: number, list = times) => list[Math.min(list.length - 1, Math.floor(p * list.length))]!.toFixed(2);
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const markdown = [
    `${ENTRIES} entries on ${tables} tables of ${SEATS}, played to the last player by random hands through the decider`,
    `(seeded, after one warm-up tournament; ${availableParallelism()} cores, load average ${load} at the end). Each RecordHand's decision: busts, moves`,
    `due, balancing and breaking proposals for the whole field. Goal: p99 under ${GOAL_P99_MS} ms.`,
    '',
    '| hands | busts | move proposals | wall p50 ms | wall p99 ms | wall max ms | CPU p50 ms | CPU p99 ms | CPU max ms |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${times.length} | ${busts} | ${proposals} | ${q(0.5)} | ${q(0.99)} | ${q(1)} | ${q(0.5, cpuTimes)} | ${q(0.99, cpuTimes)} | ${q(1, cpuTimes)} |`,
  ].join('\n');
  return { markdown };
}
