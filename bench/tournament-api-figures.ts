import { percentile } from './load/load-stats';
import { HAND_END_STEPS, type HandEndTiming } from '../apps/api/src/tournaments/hand-end-timings';
import type { BotRecord, HandStart } from './tournament-bots';

/** One decision as the API timed it (bench/tournament-decision-probe.js). */
export interface DecisionTiming {
  readonly type: string;
  readonly ms: number;
  readonly cpuMs: number;
  readonly events: readonly string[];
}

/** A step of the tournament's clock from its stream: when it was due to start, and when it was recorded. */
export interface ClockStep {
  readonly step: number;
  /** The end the step before it had recorded (the timer's deadline), ms since the epoch. */
  readonly dueAt: number;
  /** The LevelStarted event's recordedAt. */
  readonly recordedAt: number;
  readonly bigBlind: number;
}

/** How one level change reached the tables. */
export interface Landing {
  readonly step: number;
  readonly lateMs: number;
  /** Per table: from when the table could take the new level to the answer of its first hand dealt at it, ms. */
  readonly tables: readonly number[];
  /** Hands started after the level's due time and still dealt at the old blinds (a stale level). */
  readonly staleHands: number;
}

/**
 * The landing of a level at each table. The new level takes effect on each table's next hand (TDA 23), so the time a
 * hand in progress still plays at the old blinds is not lateness: a table can take the level from its due time (the
 * timer's deadline) or, if it was playing a hand then, from the moment it asks for its next hand (StartHand sent),
 * whichever is later. The level has landed when that hand's answer comes back dealt at the new blinds. A StartHand
 * sent after the due time but dealt at the old blinds (the level not yet recorded) makes the table wait a whole hand
 * more: it counts in full.
 */
export function landings(steps: readonly ClockStep[], starts: readonly HandStart[]): Landing[] {
  const byTable = new Map<string, HandStart[]>();
  for (const s of starts) byTable.set(s.tableId, [...(byTable.get(s.tableId) ?? []), s]);
  return steps.map((step) => {
    const tables: number[] = [];
    let staleHands = 0;
    for (const hands of byTable.values()) {
      const after = hands.filter((h) => h.sentAt >= step.dueAt);
      const landed = after.find((h) => h.bigBlind === step.bigBlind);
      if (!landed) continue; // broken, or the run ended before its next hand
      staleHands += after.indexOf(landed);
      tables.push(landed.answeredAt - Math.max(step.dueAt, after[0]!.sentAt));
    }
    return { step: step.step, lateMs: step.recordedAt - step.dueAt, tables, staleHands };
  });
}

const ms = (x: number, digits = 1) => (Number.isNaN(x) ? '–' : x.toFixed(digits));
const quantiles = (values: readonly number[], digits = 1) =>
  `${ms(percentile(values, 50), digits)} | ${ms(percentile(values, 99), digits)} | ${ms(values.length ? Math.max(...values) : NaN, digits)}`;
const stats = (values: readonly number[], digits = 1) => `${values.length} | ${quantiles(values, digits)}`;
const mark = (ok: boolean) => (ok ? 'met' : '**missed**');

export const GOALS = { decisionP99Ms: 10, landingP99Ms: 250 } as const;

export function decisionTable(decisions: readonly DecisionTiming[]): string[] {
  const records = decisions.filter((d) => d.type === 'RecordHand');
  const proposing = records.filter((d) => d.events.includes('MoveProposed'));
  const breaking = records.filter((d) => d.events.includes('TableBroken') || d.events.filter((e) => e === 'MoveProposed').length >= 5);
  const row = (name: string, list: readonly DecisionTiming[]) =>
    `| ${name} | ${stats(
      list.map((d) => d.ms),
      2,
    )} | ${quantiles(
      list.map((d) => d.cpuMs),
      2,
    )} |`;
  const wall = percentile(
    records.map((d) => d.ms),
    99,
  );
  const cpu = percentile(
    records.map((d) => d.cpuMs),
    99,
  );
  return [
    '| decisions (timed in the API around the decider) | count | wall p50 ms | wall p99 ms | wall max ms | CPU p50 ms | CPU p99 ms | CPU max ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    row('every RecordHand (busts, moves due, balancing and breaking)', records),
    row('RecordHand that proposed a move', proposing),
    row('RecordHand that broke a table (5+ moves, or the last move out)', breaking),
    row(
      "AdvanceLevel (the timer's)",
      decisions.filter((d) => d.type === 'AdvanceLevel'),
    ),
    '',
    `Balance proposals: RecordHand p99 ${ms(cpu, 2)} ms of CPU, ${ms(wall, 2)} ms of wall time (goal under ${GOALS.decisionP99Ms} ms: ` +
      `${mark(cpu < GOALS.decisionP99Ms)} in CPU, ${mark(wall < GOALS.decisionP99Ms)} in wall time).`,
  ];
}

export function commandTable(record: BotRecord): string[] {
  const rows: string[] = [];
  const p99 = new Map<string, number>();
  for (const tournament of [true, false])
    for (const kind of ['StartHand', 'hand end', 'other'] as const) {
      const values = record.commands.filter((c) => c.tournament === tournament && c.kind === kind).map((c) => c.ms);
      p99.set(`${tournament}/${kind}`, percentile(values, 99));
      rows.push(`| ${tournament ? 'tournament' : 'cash'} | ${kind} | ${stats(values)} |`);
    }
  const extra = (kind: string) => ms((p99.get(`true/${kind}`) ?? NaN) - (p99.get(`false/${kind}`) ?? NaN));
  return [
    '| tables | command | count | p50 ms | p99 ms | max ms |',
    '|---|---|---:|---:|---:|---:|',
    ...rows,
    '',
    `What the tournament adds at its tables, p99 against the cash tables of the same run: StartHand ${extra('StartHand')} ms, the hand's last command ${extra('hand end')} ms, other commands ${extra('other')} ms.`,
  ];
}

export function landingTable(all: readonly Landing[]): string[] {
  const every = all.flatMap((l) => l.tables);
  const p99 = percentile(every, 99);
  return [
    '| level | recorded after its due time, ms | tables landed | landing p50 ms | p99 ms | max ms | hands dealt at the old blinds after the due time |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...all.map((l) => `| ${l.step + 1} | ${ms(l.lateMs, 0)} | ${stats(l.tables, 0)} | ${l.staleHands} |`),
    `| all | | ${stats(every, 0)} | ${all.reduce((n, l) => n + l.staleHands, 0)} |`,
    '',
    every.length === 0
      ? 'Level changes: none landed during the run (run longer than a level: --max-minutes, --players-left).'
      : `Level changes: landing p99 ${ms(p99, 0)} ms across all tables (goal under ${GOALS.landingP99Ms} ms: ${mark(p99 < GOALS.landingP99Ms)}).`,
  ];
}

/**
 * Where a tournament hand end's time went, step by step, as the API timed it (hand-end-timings.ts): each step's
 * p50, p99 and mean, and its share of the mean total (the steps add up to the total).
 */
export function handEndTable(timings: readonly HandEndTiming[]): string[] {
  if (timings.length === 0) return ['Hand end steps: none timed.'];
  const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  const totalMean = mean(timings.map((t) => t.totalMs));
  const row = (name: string, values: readonly number[]) =>
    `| ${name} | ${ms(percentile(values, 50))} | ${ms(percentile(values, 90))} | ${ms(percentile(values, 99))} | ${ms(mean(values))} | ${((100 * mean(values)) / totalMean).toFixed(0)}% |`;
  const batches = timings.map((t) => t.batch);
  return [
    '| hand end step (timed in the API) | p50 ms | p90 ms | p99 ms | mean ms | share of the mean |',
    '|---|---:|---:|---:|---:|---:|',
    ...HAND_END_STEPS.map((step) =>
      row(
        step,
        timings.map((t) => t.steps[step] ?? 0),
      ),
    ),
    row(
      'total (to the follow-up done)',
      timings.map((t) => t.totalMs),
    ),
    '',
    `${timings.length} hand ends timed; batch size p50 ${percentile(batches, 50)}, p99 ${percentile(batches, 99)}, ` +
      `max ${Math.max(...batches)}; ${batches.filter((b) => b === 0).length} recorded one at a time.`,
  ];
}
