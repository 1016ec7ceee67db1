import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { START, type RecordedEvent } from '@felt/event-store';
import { tablePlayerId, toNewTournamentEvent, tournamentDecider, type TournamentEvent } from '@felt/tournament';
import { useTestStore } from '../../../../test/support/app-databases';
import { eventually, repeatUntil, waitUntil } from '../../../../libs/event-store/test-support/eventually';
import { mulberry32 } from '../../../../libs/tournament/src/tournament.test-support';
import { wholeTournament, type PlayerNamer } from '../../../../libs/tournament/src/whole-tournament.test-support';
import { startConsumer, type RunningConsumer } from '../../../../examples/consumer/consumer';
import type { ApplyOutcome, FeltEventJob } from '../../../../examples/consumer/apply-event';
import { SHARED_REDIS_URL, obliterateShards, shardJobCounts, uniquePrefix } from '../../test-support/redis';
import { appendInterleaved } from '../../test-support/events';
import { TEST_RELAY_KEYS, TEST_RELAY_SIGNER } from '../../test-support/relay-keys';
import { CONTRACT_DIR, publicTournamentEventSchemaFile } from '../contract/contract-files';
import { BullmqPublisher, type Publisher } from './event-publisher';
import { OutboxRelay } from './outbox-relay';

const SHARDS = 4;

/** Players as a casino names them: a card number and a name (the alias screens show). */
const cardHolders =
  (first: number): PlayerNamer =>
  (p) => ({ playerId: `C${first + p}`, alias: `Guest ${String.fromCharCode(64 + ((first + p) % 26) + 1)}${p}` });
const DAILY = { id: 'daily-0107', players: cardHolders(4_410_000) };
const DEEP = { id: 'deep-0107', players: cardHolders(7_720_000) };

/** The committed JSON Schema of a published tournament event, as a consumer checks a job's data. */
function publishedContract() {
  const ajv = new Ajv2020({ strict: false });
  return (type: string, data: unknown) => {
    const schema = JSON.parse(readFileSync(join(CONTRACT_DIR, publicTournamentEventSchemaFile(type)), 'utf8'));
    const validate = ajv.getSchema(schema.$id) ?? ajv.compile(schema);
    return validate(data) ? null : ajv.errorsText(validate.errors);
  };
}

describe('tournament events on the queue (real PostgreSQL and Redis)', () => {
  let prefix: string;
  let publisher: BullmqPublisher;
  let consumer: RunningConsumer | undefined;
  const database = useTestStore('postgres', {
    perTest: true,
    beforeDispose: async () => {
      await consumer?.close();
      consumer = undefined;
      await publisher.close();
      await obliterateShards(SHARED_REDIS_URL, prefix, SHARDS);
    },
  });

  beforeEach(() => {
    prefix = uniquePrefix();
    publisher = new BullmqPublisher({ redisUrl: SHARED_REDIS_URL, shards: SHARDS, prefix, signer: TEST_RELAY_SIGNER });
  });

  /**
   * Two tournaments recorded as the API records them (a few events per command, staff and a command id naming the
   * player in the metadata), their appends interleaved with each other's and a table's.
   */
  async function recordTournaments(): Promise<Map<string, TournamentEvent[]>> {
    const logs = new Map([DAILY, DEEP].map((t) => [`tournament-${t.id}`, wholeTournament(t.players, t.id)]));
    const next = mulberry32(7);
    const written = new Map([...logs.keys()].map((s) => [s, 0]));
    for (let round = 0; [...written].some(([s, n]) => n < logs.get(s)!.length); round++) {
      for (const [streamId, events] of logs) {
        const from = written.get(streamId)!;
        if (from >= events.length) continue;
        const chunk = events.slice(from, from + 1 + (next() % 5));
        const first = chunk[0]!;
        const who = 'entryId' in first ? first.entryId : 'playerId' in first ? String(first.playerId) : 'none';
        await database.store.append(streamId, {
          expectedVersion: from,
          commandId: `${streamId}:${first.type}-${who}-${round}`,
          events: chunk.map(toNewTournamentEvent),
          metadata: { actorId: 'floor-ann', actorRole: 'floor', actorName: 'Ann Floor', correlationId: `desk-${who}` },
        });
        written.set(streamId, from + chunk.length);
      }
    }
    return logs;
  }

  async function drain(relay: OutboxRelay, total: number): Promise<number> {
    let published = 0;
    await repeatUntil(
      async () => {
        const step = await relay.step();
        if (step.kind === 'published') published += step.count;
        return step;
      },
      (step) => step.kind !== 'published' && published >= total,
      (step) => step.kind === 'published',
      60_000,
    );
    return published;
  }

  it('reach a consumer once each, in stream order, pseudonymous and by the committed contract, across a relay killed mid-way', async () => {
    const tables = await appendInterleaved(database.store, 1, 20);
    const logs = await recordTournaments();
    const tournamentEvents = [...logs.values()].reduce((n, events) => n + events.length, 0);
    const total = tournamentEvents + 20;

    // The first relay publishes a batch, then dies after Redis acknowledged its second, before its checkpoint; a
    // second one takes over from the checkpoint mid-tournament (its pseudonym books empty, read again from the
    // streams' registrations) and publishes that batch again.
    const handed = new Map<string, RecordedEvent[]>();
    let calls = 0;
    const recording = (inner: Publisher, dieOnCall: number): Publisher => ({
      async publish(events) {
        for (const e of events) handed.set(e.eventId, [...(handed.get(e.eventId) ?? []), e]);
        await inner.publish(events);
        if (++calls === dieOnCall) throw new Error('killed after addBulk');
      },
    });
    const first = new OutboxRelay(database.store, recording(publisher, 2), { batchSize: 60 });
    expect(await first.step()).toMatchObject({ kind: 'published', count: 60 });
    await first.flush();
    await expect(first.step()).rejects.toThrow('killed after addBulk');
    expect(await first.checkpoint()).not.toEqual(START);
    await first.close();
    const second = new OutboxRelay(database.store, recording(publisher, 0), { batchSize: 60 });
    expect(await drain(second, total - 60)).toBe(total - 60);
    await second.close();
    const twice = [...handed.values()].filter((forms) => forms.length === 2);
    expect(twice.length).toBe(60);
    expect(twice.some(([e]) => e!.streamId.startsWith('tournament-') && e!.streamVersion > 1)).toBe(true);
    // Published again by a relay that had to read the pseudonyms from the stream: the same job, to the byte.
    for (const [a, b] of twice) expect(b).toEqual(a);

    const applied: { job: FeltEventJob; outcome: ApplyOutcome }[] = [];
    const url = new URL(SHARED_REDIS_URL);
    consumer = await startConsumer({
      databaseUrl: database.url,
      connection: { host: url.hostname, port: Number(url.port), maxRetriesPerRequest: null },
      shards: SHARDS,
      prefix,
      relayKeys: TEST_RELAY_KEYS,
      onApplied: (job, outcome) => applied.push({ job, outcome }),
    });
    await waitUntil(
      'the consumer to process every job',
      () => shardJobCounts(SHARED_REDIS_URL, prefix, SHARDS),
      (c) => c.pending === 0 && c.processed >= total,
    );
    await eventually(
      async () => applied.length,
      (n) => n >= total,
    );
    expect(applied.map((a) => a.outcome)).toEqual(Array(total).fill('applied'));
    expect(new Set(applied.map((a) => a.job.eventId)).size).toBe(total);
    for (const [streamId, length] of [...[...logs].map(([s, e]) => [s, e.length] as const), [tables[0]!, 20] as const])
      expect({ streamId, versions: applied.filter((a) => a.job.streamId === streamId).map((a) => a.job.streamVersion) }).toEqual({
        streamId,
        versions: Array.from({ length }, (_, i) => i + 1),
      });

    // Each tournament event as recorded, its job beside it: the job follows the published contract, names every
    // entry by its tables' pseudonym, and carries nothing that names a player or a member of staff.
    const check = publishedContract();
    for (const [streamId, events] of logs) {
      const jobs = applied.filter((a) => a.job.streamId === streamId).map((a) => a.job);
      let state = tournamentDecider.initialState;
      events.forEach((event, i) => {
        state = tournamentDecider.evolve(state, event);
        const job = jobs[i]!;
        expect({ type: job.type, problem: check(job.type, job.data) }).toEqual({ type: event.type, problem: null });
        if ('entryId' in event) expect((job.data as { entryId: string }).entryId).toBe(tablePlayerId(state, event.entryId));
      });
      const payloads = JSON.stringify(jobs);
      for (const entry of state.entries)
        for (const secret of [entry.playerId, entry.alias, entry.entryId])
          expect({ secret, found: payloads.includes(secret) }).toEqual({ secret, found: false });
      expect(payloads).not.toMatch(/Ann Floor|floor-ann|desk-|#/);
      expect(new Set(jobs.map((j) => JSON.stringify((j as unknown as { metadata: unknown }).metadata)))).toEqual(
        new Set([JSON.stringify({ actorRole: 'floor' })]),
      );
    }
  });
});
