/**
 * The house's money at a room's scale (issue 36): 50 tables' hands (about 1,000 each, a 16-hour day) fold into
 * the day's revenue report, and 50,000 drops plus the tables' cash into the fund balances and the count sheet.
 * What is timed is the pure fold a regulator's replay does (libs/accounting: finishedHands, revenueReport, bookOf,
 * fundReport, countSheet) over events already in memory; reading them from PostgreSQL is the store's cost
 * (docs/benchmarks.md "verify" measures that). Goal: under 2 seconds. Run: npx tsx bench/money.bench.ts
 */
import { loadavg } from 'node:os';
import { openDatabase } from '@felt/event-store';
import type { TableEvent } from '@felt/engine';
import { randomTableLog } from '@felt/regulator';
import {
  bookOf,
  countSheet,
  finishedHands,
  foldHands,
  fundReport,
  HANDS_FOLD_START,
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

const logs = Array.from({ length: TABLES }, (_, i) =>
  randomTableLog({ tableId: `t${i + 1}`, seed: i + 1, events: EVENTS_PER_TABLE, startMs: day + i, rules: RAKED }).map((r) => ({
    event: { ...(r.data as object), type: r.type } as TableEvent,
    version: r.streamVersion,
    at: r.recordedAt,
  })),
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
for (let i = 0; i < 50_000; i++)
  book.push({
    type: 'DropCollected',
    at,
    by,
    fundId: 'bbj',
    tableId: `t${(i % TABLES) + 1}`,
    handNumber: i + 1,
    amount: 100,
    toFund: 80,
    toBackup: 20,
  });
for (let i = 0; i < TABLES * 40; i++)
  book.push({ type: 'CashBoughtIn', at, by, tableId: `t${(i % TABLES) + 1}`, shiftId: 'day', playerId: `p${i}`, amount: 20_000 });

const shifts = [{ shiftId: 'day', from: new Date(day - 3_600_000).toISOString(), to: new Date(day + 86_400_000).toISOString() }];
const started = process.hrtime.bigint();
const cpu = process.cpuUsage();
const hands = logs.flatMap((events, i) => finishedHands(`t${i + 1}`, events));
const handsMs = Number(process.hrtime.bigint() - started) / 1e6;
const handsCpu = process.cpuUsage(cpu);
const revenue = revenueReport(hands, book, shifts);
const folded = bookOf(book);
const funds = fundReport(folded);
const sheet = countSheet(folded);
const ms = Number(process.hrtime.bigint() - started) / 1e6;
const totalCpu = process.cpuUsage(cpu);
const cpuMs = (u: NodeJS.CpuUsage) => Math.round((u.user + u.system) / 1000);

// The revenue route as the API answers it (apps/api LoggedHands.revenueHands): each table's fold is kept between
// reports, so a report reads only the events since the last one. Here: folded up to NEW_EVENTS before each table's
// end, then a report that folds those last events and sums every hand.
const NEW_EVENTS = Number(process.env.BENCH_NEW_EVENTS ?? 1_000);
const kept = logs.map((events, i) => {
  const { done, fold } = foldHands(`t${i + 1}`, events.slice(0, events.length - NEW_EVENTS), HANDS_FOLD_START);
  return { fold, hands: done.map(revenueHandOf) };
});
const warmStarted = process.hrtime.bigint();
const warmCpu = process.cpuUsage();
const warmHands = logs.flatMap((events, i) => {
  const { done } = foldHands(`t${i + 1}`, events.slice(events.length - NEW_EVENTS), kept[i]!.fold);
  return [...kept[i]!.hands, ...done.map(revenueHandOf)];
});
const warmRevenue = revenueReport(warmHands, book, shifts);
const warmMs = Number(process.hrtime.bigint() - warmStarted) / 1e6;
const warmCpuUsed = process.cpuUsage(warmCpu);
if (JSON.stringify(warmRevenue) !== JSON.stringify(revenue)) throw new Error('the incremental revenue report differs from the full fold');

// A process starting (apps/api LoggedHands): before, its first report folded every table's whole log (the hand
// records above); now it reads the hands kept in revenue_hands (PostgreSQL) and folds only the events after each
// table's last kept hand. Kept here: every hand finished NEW_EVENTS before each table's end.
async function restart(): Promise<{ keptHands: number; ms: number; cpuMs: number; loadMs: number }> {
  const scratch = await createScratchDatabase('felt_bench_money');
  const db = await openDatabase({ databaseUrl: scratch.url, migrations });
  try {
    for (let i = 0; i < TABLES; i++) {
      const { done } = foldHands(`t${i + 1}`, logs[i]!.slice(0, logs[i]!.length - NEW_EVENTS), HANDS_FOLD_START);
      await saveRevenueHands(
        db,
        `t${i + 1}`,
        done.map((h) => ({ toVersion: h.toVersion, hand: revenueHandOf(h) })),
      );
    }
    const begun = process.hrtime.bigint();
    const used = process.cpuUsage();
    const kept = await loadRevenueHands(db);
    const loadMs = Number(process.hrtime.bigint() - begun) / 1e6;
    const restarted = logs.flatMap((events, i) => {
      const mine = kept.get(`t${i + 1}`) ?? [];
      const from = mine.at(-1)?.toVersion ?? 0;
      const { done } = foldHands(`t${i + 1}`, events.slice(from), HANDS_FOLD_START);
      return [...mine.map((k) => k.hand), ...done.map(revenueHandOf)];
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
  const handRake = hands.reduce((s, h) => s + (h.status === 'complete' ? h.rake : 0), 0);
  if (rake !== handRake) throw new Error(`the report's rake ${rake} is not the hands' ${handRake}`);
  console.log(
    JSON.stringify({
      date: new Date().toISOString(),
      tables: TABLES,
      events: logs.reduce((s, l) => s + l.length, 0),
      hands: hands.length,
      bookEvents: book.length,
      ms: Math.round(ms),
      handRecordsMs: Math.round(handsMs),
      cpuMs: cpuMs(totalCpu),
      handRecordsCpuMs: cpuMs(handsCpu),
      revenueRouteWarm: { newEventsPerTable: NEW_EVENTS, ms: Math.round(warmMs), cpuMs: cpuMs(warmCpuUsed) },
      revenueRouteRestart,
      rake,
      fundBalance: funds[0]!.balance,
      countRows: sheet.length,
      loadavg: loadavg().map((l) => l.toFixed(2)),
    }),
  );
});
