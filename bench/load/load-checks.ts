import { chipsOnTable, tableDecider, type TableEvent, type TableState } from '@felt/engine';
import { EventStore, START, positionOf, type Database, type RecordedEvent } from '@felt/event-store';
import { isDeckSealed, ledgerDiscrepancy, project, sessionLedger } from '@felt/projections';
import { viewsFromEvents, viewsFromRows } from '../../libs/read-models/test-support/rows-and-fold';
import { formatViolation, jsonEqual, verifyStore } from '@felt/regulator';
import { authHeaders } from '../../apps/api/test/test-support/auth';
import { openedForTest } from '../../apps/api/test/test-support/secrets';
import { JsonHttpClient } from '../../apps/api/test/test-support/http-client';
import { streamIdOf } from '../../apps/api/src/tables/table-stream';
import { tableViewFor } from '../../apps/api/src/live/live-visibility';
import type { EventCounter } from './event-counter';
import type { LoadStats } from './load-stats';

/** One end check: its name, whether it held, and the first few things found wrong. */
export interface CheckResult {
  readonly name: string;
  readonly ok: boolean;
  readonly detail: string;
  readonly problems: readonly string[];
}

export interface CheckInputs {
  readonly store: EventStore;
  /** The same database, for the audit's own questions of the log and the read models' rows (sizes, command ids). */
  readonly db: Database;
  readonly tableIds: readonly string[];
  readonly stats: LoadStats;
  /**
   * Every API process, for the views they serve, read as the regulator: compared with the fold as the one
   * visibility rule shows it to a regulator (docs/security.md: no hole card of a live hand without live surveillance).
   */
  readonly apiBaseUrls: readonly string[];
  /** The counting consumer (absent when the run had no worker). */
  readonly counter?: EventCounter;
  /** How long to wait for the consumer to see every event. */
  readonly publishWaitMs?: number;
  /**
   * Events recorded before this time may be missing from the queues (Redis stopped then, and came back empty: no
   * persistence); events recorded from then on must each arrive exactly once.
   */
  readonly publishedExactlyOnceAfter?: number;
  /**
   * After a Redis failover a job can arrive twice: its completion, written by the consumer on the old master, may
   * not have reached the replica that took over, which then hands the job out again. A consumer's inbox keyed by
   * event id drops the repeat (docs/events.md), so the check then asks that every event arrived at least once and
   * counts the repeats its inbox dropped; a job that is not an event of the log still fails it.
   */
  readonly inboxDropsRepeats?: boolean;
}

const SHOWN = 5;

/**
 * What must hold after a load run, whatever the faults: the regulator's verify passes on every stream, chips are
 * conserved, every API process serves exactly the view a fresh fold gives, the session ledger (a projection over the
 * global log) balances, every acknowledged command is in the log once at the version it was given, and every event
 * was published exactly once.
 */
export async function runChecks(inputs: CheckInputs): Promise<CheckResult[]> {
  const { store, tableIds } = inputs;
  const results: CheckResult[] = [];
  const streams = new Map<string, RecordedEvent[]>();
  for (const tableId of tableIds) streams.set(tableId, await store.readStream(streamIdOf(tableId)));
  const states = new Map<string, TableState>();
  for (const [tableId, events] of streams) {
    // The sealed deck is ciphertext without the API's key: the fold goes on without it, as the read models' folds do.
    // Live hands' hole cards are sealed too: opened with the test API's key, as the API folds them.
    const dealt = events.filter((e) => !isDeckSealed(e)).map(openedForTest);
    states.set(
      tableId,
      dealt.reduce<TableState>(
        (s, e) => tableDecider.evolve(s, { ...(e.data as object), type: e.type } as TableEvent),
        tableDecider.initialState,
      ),
    );
  }
  const totalEvents = [...streams.values()].reduce((n, e) => n + e.length, 0);

  const verified = await verifyStore(store);
  results.push(
    result(
      'regulator verify',
      verified.violations.map(formatViolation),
      `${verified.streams} streams, ${verified.events} events, ${verified.hands} hands re-decided`,
    ),
  );

  const unbalanced: string[] = [];
  for (const [tableId, events] of streams) {
    let boughtIn = 0;
    for (const e of events) {
      const data = e.data as { buyIn?: number; amount?: number; cashOut?: number };
      if (e.type === 'PlayerSeated') boughtIn += data.buyIn!;
      if (e.type === 'ChipsAdded') boughtIn += data.amount!;
      if (e.type === 'PlayerLeft') boughtIn -= data.cashOut!;
    }
    const state = states.get(tableId)!;
    const onTable = chipsOnTable(state) + state.rakeCollected;
    if (onTable !== boughtIn) unbalanced.push(`${tableId}: ${onTable} on the table and raked, ${boughtIn} bought in`);
  }
  results.push(result('chips conserved', unbalanced, `${tableIds.length} tables`));

  const divergent: string[] = [];
  for (const [index, baseUrl] of inputs.apiBaseUrls.entries()) {
    const client = new JsonHttpClient(baseUrl, authHeaders('regulator'));
    for (const tableId of tableIds) {
      const served = await client.get(`/tables/${tableId}`);
      // The regulator's view of the fold (docs/security.md): what the API must serve that reader.
      const folded = { state: states.get(tableId)!, version: streams.get(tableId)!.length, snapshotVersion: 0 };
      const expected = JSON.parse(JSON.stringify(tableViewFor(tableId, folded, 'regulator')));
      if (served.status !== 200 || !jsonEqual(served.body, expected)) {
        divergent.push(
          `API ${index + 1} ${tableId}: serves v${served.body?.version} (${served.status}), the log folds to v${expected.version}`,
        );
      }
    }
    client.close();
  }
  results.push(
    result('API views equal a fresh fold', divergent, `${inputs.apiBaseUrls.length} API process(es) x ${tableIds.length} tables`),
  );

  const globalLog = await readGlobalLog(store);
  const ledger = project(sessionLedger, globalLog);
  const ledgerProblems = tableIds
    .map((tableId) => ({ tableId, off: ledgerDiscrepancy(ledger, tableId, chipsOnTable(states.get(tableId)!)) }))
    .filter((t) => t.off !== 0)
    .map((t) => `${t.tableId}: the session ledger is off by ${t.off}`);
  results.push(result('session ledger (global log) balances', ledgerProblems, `${tableIds.length} tables`));

  results.push(await readModelCheck(inputs.db, globalLog, inputs.publishWaitMs ?? 30000));
  results.push(await commandCheck(inputs));

  if (inputs.counter) results.push(await publishedCheck(inputs.counter, [...streams.values()].flat(), inputs));
  const { rows: size } = await inputs.db.query<{ bytes: string }>(`SELECT pg_total_relation_size('events')::text AS bytes`);
  const hands = [...streams.values()].reduce((n, events) => n + events.filter((e) => e.type === 'HandStarted').length, 0);
  const bytesPerEvent = totalEvents ? Math.round(Number(size[0]!.bytes) / totalEvents) : 0;
  results.push(
    result('log size', [], `${totalEvents} events, ${hands} hands, ${bytesPerEvent} bytes per event in the events table with its indexes`),
  );
  return results;
}

/** Every acknowledged command is in the log ending at its acknowledged version; no command id was applied twice. */
async function commandCheck({ db, stats }: CheckInputs): Promise<CheckResult> {
  const { rows } = await db.query<{ command_id: string; stream_id: string; first: number; last: number; events: string }>(
    `SELECT metadata->>'commandId' AS command_id, min(stream_id) AS stream_id, min(stream_version) AS first,
            max(stream_version) AS last, count(*) AS events, count(DISTINCT stream_id) AS streams
       FROM events GROUP BY 1`,
  );
  const logged = new Map(rows.map((r) => [r.command_id, r]));
  const problems: string[] = [];
  for (const [commandId, ack] of stats.acknowledged) {
    const row = logged.get(commandId);
    if (!row) problems.push(`${commandId}: acknowledged at v${ack.version}, not in the log`);
    else if (Number(row.last) !== ack.version || Number(row.events) !== ack.events) {
      problems.push(
        `${commandId}: acknowledged ${ack.events} event(s) ending at v${ack.version}, the log has ${row.events} ending at v${row.last}`,
      );
    }
  }
  for (const row of rows) {
    // Applied twice would show as one command id's events in two places: more events than versions spanned.
    if (Number(row.last) - Number(row.first) + 1 !== Number(row.events))
      problems.push(`${row.command_id}: ${row.events} events over v${row.first}..v${row.last}`);
  }
  return result(
    'acknowledged commands kept, none applied twice',
    problems,
    `${stats.acknowledged.size} acknowledged, ${rows.length} command ids in the log`,
  );
}

async function publishedCheck(counter: EventCounter, events: RecordedEvent[], inputs: CheckInputs): Promise<CheckResult> {
  const after = inputs.publishedExactlyOnceAfter ?? 0;
  const required = events.filter((e) => Date.parse(e.recordedAt) >= after);
  await counter.waitFor(
    required.map((e) => e.eventId),
    inputs.publishWaitMs ?? 30000,
  );
  // A late duplicate would arrive shortly after the original: give it a moment.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const known = new Set(events.map((e) => e.eventId));
  const problems: string[] = [];
  let repeats = 0;
  for (const e of required) {
    const n = counter.seen.get(e.eventId) ?? 0;
    if (inputs.inboxDropsRepeats && n > 1) repeats += n - 1;
    else if (n !== 1) problems.push(`${e.streamId} v${e.streamVersion} (${e.eventId}) arrived ${n} times`);
  }
  // Before the Redis stop, an event may have been lost with its memory, but never handed out twice.
  for (const e of events) {
    const n = counter.seen.get(e.eventId) ?? 0;
    if (Date.parse(e.recordedAt) < after && n > 1 && !inputs.inboxDropsRepeats)
      problems.push(`${e.streamId} v${e.streamVersion} (${e.eventId}) arrived ${n} times`);
  }
  for (const [eventId, n] of counter.seen) if (!known.has(eventId)) problems.push(`${eventId} arrived ${n} times, not in the log`);
  const lost =
    events.length - required.length - events.filter((e) => Date.parse(e.recordedAt) < after && counter.seen.has(e.eventId)).length;
  const note =
    after > 0
      ? `; of the ${events.length - required.length} recorded before Redis had stopped, ${lost} were lost with its memory (no persistence)`
      : '';
  const inbox = inputs.inboxDropsRepeats
    ? `; applied once each through an inbox keyed by event id, which dropped ${repeats} repeat(s) handed out again after the failover`
    : '';
  return result(
    'every event published exactly once',
    problems,
    `${required.length} events checked, ${counter.received} jobs taken${note}${inbox}`,
  );
}

/** The whole global log in the order a projection runner reads it (gap-safe, page by page). */
async function readGlobalLog(store: EventStore): Promise<RecordedEvent[]> {
  const all: RecordedEvent[] = [];
  let after = START;
  for (;;) {
    const page = await store.readAll({ after, limit: 5000 });
    if (page.length === 0) return all;
    all.push(...page);
    after = positionOf(page[page.length - 1]!);
  }
}

/**
 * The worker's read-model rows (once its projection runner has caught up with the log) equal the pure views folded
 * afresh from the log. A worker without the runner leaves no projection checkpoint; the check says so.
 */
async function readModelCheck(db: Database, globalLog: readonly RecordedEvent[], waitMs: number): Promise<CheckResult> {
  const name = 'read-model rows equal a fresh fold';
  const head = globalLog.length ? BigInt(globalLog[globalLog.length - 1]!.globalPosition) : 0n;
  const checkpoints = () =>
    db.query<{ name: string; global_position: string }>(
      `SELECT name, global_position::text AS global_position FROM checkpoints WHERE name LIKE 'projection:%'`,
    );
  const deadline = Date.now() + waitMs;
  let rows = (await checkpoints()).rows;
  if (rows.length === 0)
    return result(
      name,
      [],
      'no projection checkpoint: the worker runs no projection runner; the pure views were checked instead (API views, session ledger)',
    );
  while (rows.some((r) => BigInt(r.global_position) < head) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    rows = (await checkpoints()).rows;
  }
  const behind = rows
    .filter((r) => BigInt(r.global_position) < head)
    .map((r) => `${r.name} stopped at ${r.global_position}, the log ends at ${head}`);
  if (behind.length) return result(name, behind, 'the runner did not catch up');
  const fromRows = await viewsFromRows(db);
  const fromEvents = viewsFromEvents(globalLog);
  const differing = Object.keys(fromEvents)
    .filter((view) => !jsonEqual(fromRows[view], fromEvents[view]))
    .map((view) => `${view}: the rows differ from the fold`);
  return result(name, differing, `${Object.keys(fromEvents).join(', ')} at position ${head}`);
}

function result(name: string, problems: string[], detail: string): CheckResult {
  const shown = problems.slice(0, SHOWN);
  if (problems.length > SHOWN) shown.push(`... and ${problems.length - SHOWN} more`);
  return { name, ok: problems.length === 0, detail, problems: shown };
}
