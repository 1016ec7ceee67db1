/**
 * The house's money at a room's scale (issue 36): 50 tables' hands (about 1,000 each, a 16-hour day) fold into
 * the day's revenue report, and 50,000 drops plus the tables' cash into the fund balances and the count sheet.
 * What is timed first is the fold a regulator's report does (felt export --money, libs/accounting: foldRevenueHands
 * over each table's recorded events, then revenueReport, bookOf, fundReport, countSheet) over events already in memory;
 * reading them from PostgreSQL is the store's cost (docs/benchmarks.md "verify" measures that). Goal: under 2 seconds.
 * Then, for comparison and as the check to the cent, the full hand records (finishedHands) the report was folded from
 * before, and the API's revenue route (its kept hands, then the events after them). Run: npx tsx bench/money.bench.ts
 */
import { loadavg } from 'node:os';
import { openDatabase, type RecordedEvent } from '@felt/event-store';
import type { TableEvent } from '@felt/engine';
import { randomTableLog } from '@felt/regulator';
import {
  bookOf,
  countSheet,
  finishedHands,
  foldRevenueHands,
  fundReport,
  REVENUE_FOLD_START,
  revenueHandOf,
  revenueReport,
  type MoneyEvent,
} from '@felt/accounting';
import { loadRevenueHands, saveRevenueHands } from '../apps/api/src/accounting/revenue-hands';
import { migrations } from '../migrations';
import { createScratchDatabase } from './scratch-database';

const TABLES = Number(process.env.BENCH_TABLES ?? 50);
const EVENTS_PER_TABLE = Number(process.env.BENCH_EVENTS_PER_TABLE ?? 24_000);
const day = Date.UTC(2026, 11, 6, 8);
const RAKED = {
  structure: { kind: 'no-limit' },
  smallBlind: 1,
  bigBlind: 2,
  maxSeats: 6,
  houseOptions: { rake: { percent: 10, cap: 5, roundDownTo: 1, noFlopNoDrop: true } },
} as const;

/**
 * Each table's log as a reader holds it (felt export --money): recorded as the store records it, then read back from
 * JSON, as a JSONL export and PostgreSQL's jsonb give it (the generator's own objects, scattered over its heap of a
 * gigabyte and a half, cost the fold about seven times the CPU: docs/benchmarks.md).
 */
const logs = Array.from(
  { length: TABLES },
  (_, i) =>
    JSON.parse(
      JSON.stringify(randomTableLog({ tableId: `t${i + 1}`, seed: i + 1, events: EVENTS_PER_TABLE, startMs: day + i, rules: RAKED })),
    ) as RecordedEvent[],
);
const by = { id: 'f1', role: 'floor' };
const at = new Date(day).toISOString();
const book: MoneyEvent[] = [
  {
    type: 'FundOpened',
    at,
    by,
    fundId: 'bbj',
    rules: {
      kind: 'bad-beat',
      name: 'Bad beat',
      backupPercent: 20,
      reseedFromBackup: true,
      qualifyingHand: 'AAAKK',
      payoutPercent: 100,
      split: { loser: 50, winner: 25, table: 25 },
      bothHoleCards: true,
      prize: 0,
    },
  },
];
// The drop collector's (a chip from each raked hand of the day, collected from the tables' logs, each once).
for (let i = 0; i < 50_000; i++)
  book.push({
    type: 'DropCollected',
    at,
    by: { id: 'drop-collector', role: 'service' },
    fundId: 'bbj',
    tableId: `t${(i % TABLES) + 1}`,
    handNumber: Math.floor(i / TABLES) + 1,
    chips: 1,
    centsPerChip: 100,
    amount: 100,
    toFund: 80,
    toBackup: 20,
  });
for (let i = 0; i < TABLES * 40; i++)
  book.push({ type: 'CashBoughtIn', at, by, tableId: `t${(i % TABLES) + 1}`, shiftId: 'day', playerId: `p${i}`, amount: 20_000 });

const shifts = [{ shiftId: 'day', from: new Date(day - 3_600_000).toISOString(), to: new Date(day + 86_400_000).toISOString() }];
const cpuMs = (u: NodeJS.CpuUsage) => Math.round((u.user + u.system) / 1000);
const msSince = (t: bigint) => Number(process.hrtime.bigint() - t) / 1e6;

// The regulator's report (felt export --money): each table's hands folded by the revenue fold, then the reports.
const started = process.hrtime.bigint();
const cpu = process.cpuUsage();
const hands = logs.flatMap((events, i) => foldRevenueHands(`t${i + 1}`, events, REVENUE_FOLD_START).done.map((d) => d.hand));
const handsMs = msSince(started);
const handsCpu = process.cpuUsage(cpu);
const revenue = revenueReport(hands, book, shifts);
const folded = bookOf(book);
const funds = fundReport(folded);
const sheet = countSheet(folded);
const ms = msSince(started);
const totalCpu = process.cpuUsage(cpu);
if (folded.tableDrops.size !== 50_000) throw new Error('the book did not collect every drop once');

// The same report from the full hand records (what it folded before): slower, and the check to the cent.
const fullStarted = process.hrtime.bigint();
const fullCpu = process.cpuUsage();
const records = logs.flatMap((events, i) =>
  finishedHands(
    `t${i + 1}`,
    events.map((r) => ({ event: { ...(r.data as object), type: r.type } as TableEvent, version: r.streamVersion, at: r.recordedAt })),
  ),
);
const recordsMs = msSince(fullStarted);
const recordsCpu = process.cpuUsage(fullCpu);
if (JSON.stringify(revenueReport(records, book, shifts)) !== JSON.stringify(revenue))
  throw new Error("the revenue fold's report differs from the hand records'");
if (JSON.stringify(records.map(revenueHandOf)) !== JSON.stringify(hands))
  throw new Error("the revenue fold's hands differ from the hand records'");

// The revenue route as the API answers it (apps/api LoggedHands.revenueHands): each table's fold is kept between
// reports, so a report reads only the events since the last one. Here: folded up to NEW_EVENTS before each table's
// end, then a report that folds those last events and sums every hand.
const NEW_EVENTS = Number(process.env.BENCH_NEW_EVENTS ?? 1_000);
const kept = logs.map((events, i) => {
  const { done, fold } = foldRevenueHands(`t${i + 1}`, events.slice(0, events.length - NEW_EVENTS), REVENUE_FOLD_START);
  return { fold, hands: done.map((d) => d.hand) };
});
const warmStarted = process.hrtime.bigint();
const warmCpu = process.cpuUsage();
const warmHands = logs.flatMap((events, i) => {
  const { done } = foldRevenueHands(`t${i + 1}`, events.slice(events.length - NEW_EVENTS), kept[i]!.fold);
  return [...kept[i]!.hands, ...done.map((d) => d.hand)];
});
const warmRevenue = revenueReport(warmHands, book, shifts);
const warmMs = msSince(warmStarted);
const warmCpuUsed = process.cpuUsage(warmCpu);
if (JSON.stringify(warmRevenue) !== JSON.stringify(revenue)) throw new Error('the incremental revenue report differs from the full fold');

// A process starting (apps/api LoggedHands): it reads the hands kept in revenue_hands (PostgreSQL) and folds only the
// events after each table's last kept hand. Kept here: every hand finished NEW_EVENTS before each table's end.
async function restart(): Promise<{ keptHands: number; ms: number; cpuMs: number; loadMs: number }> {
  const scratch = await createScratchDatabase('felt_bench_money');
  const db = await openDatabase({ databaseUrl: scratch.url, migrations });
  try {
    for (let i = 0; i < TABLES; i++) {
      const { done } = foldRevenueHands(`t${i + 1}`, logs[i]!.slice(0, logs[i]!.length - NEW_EVENTS), REVENUE_FOLD_START);
      await saveRevenueHands(db, `t${i + 1}`, done);
    }
    const begun = process.hrtime.bigint();
    const used = process.cpuUsage();
    const kept = await loadRevenueHands(db);
    const loadMs = Number(process.hrtime.bigint() - begun) / 1e6;
    const restarted = logs.flatMap((events, i) => {
      const mine = kept.get(`t${i + 1}`) ?? [];
      const from = mine.at(-1)?.toVersion ?? 0;
      const { done } = foldRevenueHands(`t${i + 1}`, events.slice(from), REVENUE_FOLD_START);
      return [...mine.map((k) => k.hand), ...done.map((d) => d.hand)];
    });
    const report = revenueReport(restarted, book, shifts);
    const result = {
      keptHands: [...kept.values()].reduce((n, k) => n + k.length, 0),
      ms: Math.round(Number(process.hrtime.bigint() - begun) / 1e6),
      cpuMs: cpuMs(process.cpuUsage(used)),
      loadMs: Math.round(loadMs),
    };
    if (JSON.stringify(report) !== JSON.stringify(revenue)) throw new Error('the restarted revenue report differs from the full fold');
    return result;
  } finally {
    await db.close();
    await scratch.drop();
  }
}
void restart().then((revenueRouteRestart) => {
  const rake = revenue.reduce((s, r) => s + r.rakeChips, 0);
  const handRake = records.reduce((s, h) => s + (h.status === 'complete' ? h.rake : 0), 0);
  if (rake !== handRake) throw new Error(`the report's rake ${rake} is not the hands' ${handRake}`);
  console.log(
    JSON.stringify({
      date: new Date().toISOString(),
      tables: TABLES,
      events: logs.reduce((s, l) => s + l.length, 0),
      hands: hands.length,
      bookEvents: book.length,
      ms: Math.round(ms),
      handsFoldMs: Math.round(handsMs),
      cpuMs: cpuMs(totalCpu),
      handsFoldCpuMs: cpuMs(handsCpu),
      fullHandRecords: { ms: Math.round(recordsMs), cpuMs: cpuMs(recordsCpu) },
      revenueRouteWarm: { newEventsPerTable: NEW_EVENTS, ms: Math.round(warmMs), cpuMs: cpuMs(warmCpuUsed) },
      revenueRouteRestart,
      rake,
      fundBalance: funds[0]!.balance,
      countRows: sheet.length,
      loadavg: loadavg().map((l) => l.toFixed(2)),
    }),
  );
});
