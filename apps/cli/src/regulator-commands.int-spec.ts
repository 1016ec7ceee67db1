import { felt } from './run-felt.test-support';
import { computeEventHash, EventStore, type RecordedEvent } from '@felt/event-store';
import { appendTableLog, randomTableLog } from '@felt/regulator';
import { useTestStore, fillPgliteFolderFromTemplate } from '../../../test/support/app-databases';
import { ProjectionRunner, READ_MODELS } from '@felt/read-models';
import { runUntilIdle } from '../../../libs/read-models/test-support/run-until-idle';

/**
 * felt verify against real PostgreSQL: a fresh database per file, tables appended through the EventStore, then
 * rows tampered with as a superuser could (the append-only trigger disabled for one transaction).
 */

const t = useTestStore('postgres');

let seed = 100;
async function table(): Promise<{ tableId: string; streamId: string; events: RecordedEvent[] }> {
  const tableId = `pg${++seed}`;
  await appendTableLog(t.store, randomTableLog({ tableId, seed, events: 250 }));
  const streamId = `table-${tableId}`;
  return { tableId, streamId, events: await t.store.readStream(streamId) };
}

async function tamper(sql: string, params: unknown[]): Promise<void> {
  await t.db.transaction(async (tx) => {
    await tx.query('ALTER TABLE events DISABLE TRIGGER events_append_only');
    await tx.query(sql, params);
    await tx.query('ALTER TABLE events ENABLE TRIGGER events_append_only');
  });
}

const after = (events: RecordedEvent[], type: string) => events.find((e) => e.streamVersion > 20 && e.type === type)!.streamVersion;

async function firstViolation(tableId: string): Promise<string> {
  const { out, code } = await felt('verify', '--database-url', t.url, '--table', tableId);
  expect(code).toBe(1);
  return out.split('\n').find((l) => l.startsWith('VIOLATION'))!;
}

describe('felt verify on PostgreSQL', () => {
  it('passes tables written through the event t.store, one and all', async () => {
    const a = await table();
    await table();
    const one = await felt('verify', '--database-url', t.url, '--table', a.tableId);
    expect(one.code).toBe(0);
    expect(one.out).toMatch(/^1 stream, 2\d\d events, \d+ hands: no violation/m);
    const all = await felt('verify', '--database-url', t.url, '--all');
    expect(all.code).toBe(0);
    expect(all.out).toMatch(/^2 streams, /m);
    // The same on two worker threads, each with its own connection.
    const threaded = await felt('verify', '--database-url', t.url, '--all', '--workers', '2');
    expect(threaded.code).toBe(0);
    expect(threaded.out.split(':')[0]).toBe(all.out.split(':')[0]);
  });

  it('names a changed payload', async () => {
    const { tableId, streamId, events } = await table();
    const v = after(events, 'PlayerCalled');
    await tamper(
      `UPDATE events SET data = jsonb_set(data, '{amount}', to_jsonb((data->>'amount')::int + 1)) WHERE stream_id = $1 AND stream_version = $2`,
      [streamId, v],
    );
    const line = await firstViolation(tableId);
    expect(line).toContain(`${streamId} v${v} [chain]`);
    expect(line).toMatch(/does not recompute/);
  });

  it('names a deleted row, also on worker threads', async () => {
    const { tableId, streamId, events } = await table();
    const v = after(events, 'BoardDealt');
    await tamper('DELETE FROM events WHERE stream_id = $1 AND stream_version = $2', [streamId, v]);
    expect(await firstViolation(tableId)).toContain(`${streamId} v${v} [chain] version ${v} is missing`);
    const threaded = await felt('verify', '--database-url', t.url, '--all', '--workers', '2');
    expect(threaded.code).toBe(1);
    expect(threaded.out).toContain(`VIOLATION  ${streamId} v${v} [chain] version ${v} is missing`);
  });

  it('names the last row deleted by the stream head', async () => {
    const { tableId, streamId, events } = await table();
    const v = events.length;
    await tamper('DELETE FROM events WHERE stream_id = $1 AND stream_version = $2', [streamId, v]);
    expect(await firstViolation(tableId)).toContain(`${streamId} v${v} [head]`);
  });

  it('catches a tail cut off with the head rewound: by the commands cross-check and by signed anchors', async () => {
    const { mkdtempSync, writeFileSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'felt-anchors-'));
    const [key, pub, file] = ['anchors.key', 'anchors.pub', 'anchors.json'].map((f) => join(dir, f)) as [string, string, string];
    expect((await felt('anchors', '--generate-key', '--key', key, '--public-key', pub)).code).toBe(0);
    const { tableId, streamId, events } = await table();
    const signed = await felt('anchors', '--database-url', t.url, '--key', key, '--out', file);
    expect(signed.code).toBe(0);
    const anchored = JSON.parse(readFileSync(file, 'utf8')).anchors.streams.find((a: { streamId: string }) => a.streamId === streamId);
    expect(anchored).toEqual({ streamId, version: events.length, hash: events[events.length - 1]!.hash });

    // Intact: the anchors hold, and --json gives the heads.
    const clean = await felt('verify', '--database-url', t.url, '--table', tableId, '--anchors', file, '--anchors-key', pub, '--json');
    expect(clean.code).toBe(0);
    expect(JSON.parse(clean.out).heads).toEqual([{ streamId, version: events.length, hash: events[events.length - 1]!.hash }]);

    // Cut the last command's events off and rewind the stream's head to the event before: the chain, the head and
    // the rules all agree with what is left (the truncated tail, which passed --no-read-models before).
    const lastCommand = events[events.length - 1]!.metadata.commandId;
    const cutFrom = events.find((e) => e.metadata.commandId === lastCommand)!;
    await t.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE events DISABLE TRIGGER events_append_only');
      await tx.query('DELETE FROM events WHERE stream_id = $1 AND stream_version >= $2', [streamId, cutFrom.streamVersion]);
      await tx.query('UPDATE streams SET version = $2, last_hash = $3 WHERE stream_id = $1', [
        streamId,
        cutFrom.streamVersion - 1,
        cutFrom.prevHash,
      ]);
      await tx.query('ALTER TABLE events ENABLE TRIGGER events_append_only');
    });
    const cut = await felt('verify', '--database-url', t.url, '--table', tableId, '--no-read-models', '--json');
    expect(cut.code).toBe(1);
    const found = JSON.parse(cut.out) as { heads: unknown[]; violations: { streamId: string; version: number; kind: string }[] };
    expect(found.heads).toEqual([{ streamId, version: cutFrom.streamVersion - 1, hash: cutFrom.prevHash }]);
    expect(found.violations).toEqual([expect.objectContaining({ streamId, version: cutFrom.streamVersion, kind: 'commands' })]);
    const last = events[events.length - 1]!;

    const held = await felt(
      'verify',
      '--database-url',
      t.url,
      '--table',
      tableId,
      '--no-read-models',
      '--anchors',
      file,
      '--anchors-key',
      pub,
    );
    expect(held.code).toBe(1);
    expect(held.out).toContain(`VIOLATION  ${streamId} v${last.streamVersion} [anchor]`);
    expect(held.out).toMatch(/the stream was cut back/);

    // An anchors file changed after signing, or checked with another key, is refused before anything is compared.
    const forged = JSON.parse(readFileSync(file, 'utf8'));
    forged.anchors.streams.find((a: { streamId: string }) => a.streamId === streamId).version -= 1;
    writeFileSync(join(dir, 'forged.json'), JSON.stringify(forged));
    const refused = await felt(
      'verify',
      '--database-url',
      t.url,
      '--table',
      tableId,
      '--anchors',
      join(dir, 'forged.json'),
      '--anchors-key',
      pub,
    );
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/signature .* does not match/);
  });

  it('names two rows swapped', async () => {
    const { tableId, streamId, events } = await table();
    const v = after(events, 'PlayerChecked');
    await tamper(
      `UPDATE events e SET type = o.type, data = o.data, metadata = o.metadata FROM events o
       WHERE e.stream_id = $1 AND o.stream_id = $1 AND ((e.stream_version = $2 AND o.stream_version = $2 + 1) OR (e.stream_version = $2 + 1 AND o.stream_version = $2))`,
      [streamId, v],
    );
    expect(await firstViolation(tableId)).toContain(`${streamId} v${v} [chain]`);
  });

  it('names a row whose hash was recomputed alone', async () => {
    const { tableId, streamId, events } = await table();
    const v = after(events, 'HandEnded');
    const e = events[v - 1]!;
    const data = JSON.parse(JSON.stringify(e.data)) as { stacks: { stack: number }[] };
    data.stacks[0]!.stack += 5;
    const hash = computeEventHash(e.prevHash, { ...e, data: data as never });
    await tamper('UPDATE events SET data = $3::jsonb, hash = $4 WHERE stream_id = $1 AND stream_version = $2', [
      streamId,
      v,
      JSON.stringify(data),
      hash,
    ]);
    const line = await firstViolation(tableId);
    expect(line).toContain(`${streamId} v${v} [chain]`);
    expect(line).toMatch(/changed and its hash recomputed/);
  });

  it('exports every stream with --all, the staff roster first, and the file verifies offline', async () => {
    const { mkdtempSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { readJsonl } = await import('@felt/regulator');
    await t.db.query(
      `INSERT INTO users (id, name, role, password_hash) VALUES ('u-ann', 'ann', 'dealer', 'x'), ('u-bo', 'bo', 'floor', 'x') ON CONFLICT DO NOTHING`,
    );
    const a = await table();
    const b = await table();
    const dir = mkdtempSync(join(tmpdir(), 'felt-export-all-'));
    const file = join(dir, 'all.jsonl');
    const exported = await felt('export', '--database-url', t.url, '--all', '--format', 'jsonl', '--out', file);
    expect(exported.code).toBe(0);
    const read = readJsonl(readFileSync(file, 'utf8'));
    expect(read.problems).toEqual([]);
    // Users added in SQL have no audit event: their history is the users table's row, and says so.
    expect(read.roster).toEqual({
      asOf: 'event-time',
      note: expect.stringMatching(/recordedAt/),
      staff: expect.arrayContaining([
        expect.objectContaining({
          id: 'u-ann',
          name: 'ann',
          role: 'dealer',
          disabled: false,
          history: [expect.objectContaining({ role: 'dealer', event: 'users-table' })],
        }),
        expect.objectContaining({ id: 'u-bo', name: 'bo', role: 'floor' }),
      ]),
    });
    // The export is on record in the audit stream, which it holds too.
    expect(read.events.filter((e) => e.type === 'ExportPerformed').map((e) => e.data)).toEqual([
      { scope: 'all', format: 'jsonl', from: null, to: null },
    ]);
    const streams = (await t.store.listStreams()).map((s) => s.streamId);
    expect([...new Set(read.events.map((e) => e.streamId))]).toEqual(streams);
    expect(read.events.filter((e) => e.streamId === a.streamId).map((e) => e.hash)).toEqual(a.events.map((e) => e.hash));
    expect(exported.err).toContain(`${read.events.length} events of ${streams.length} streams written`);
    // Only the two tables just written are certainly untampered (the tests above tamper others in this database).
    const onlyB = await felt('export', '--file', file, '--table', b.tableId, '--format', 'jsonl', '--out', join(dir, 'b.jsonl'));
    expect(onlyB.code).toBe(0);
    const verified = await felt('verify', '--file', join(dir, 'b.jsonl'));
    expect([verified.code, verified.out]).toEqual([0, expect.stringContaining('1 stream, ')]);

    // A time window: only the events recorded within it.
    const from = b.events[10]!.recordedAt;
    const windowed = await felt('export', '--database-url', t.url, '--all', '--format', 'jsonl', '--from', from);
    const cut = readJsonl(windowed.out);
    expect(cut.events.length).toBeGreaterThan(0);
    expect(cut.events.every((e) => Date.parse(e.recordedAt) >= Date.parse(from))).toBe(true);
    expect(cut.events.filter((e) => e.streamId === b.streamId).map((e) => e.streamVersion)).toEqual(
      b.events.filter((e) => Date.parse(e.recordedAt) >= Date.parse(from)).map((e) => e.streamVersion),
    );

    // --all is jsonl only, and needs no --table.
    const phh = await felt('export', '--database-url', t.url, '--all', '--format', 'phh');
    expect([phh.code, phh.err]).toEqual([2, expect.stringMatching(/--all writes jsonl/)]);
    const both = await felt('export', '--database-url', t.url, '--all', '--table', a.tableId, '--format', 'jsonl');
    expect([both.code, both.err]).toEqual([2, expect.stringMatching(/--table ID or --all/)]);
  });

  it('exports JSONL that verifies offline, and replays from the database', async () => {
    const { tableId } = await table();
    const exported = await felt('export', '--database-url', t.url, '--table', tableId, '--format', 'jsonl');
    expect(exported.code).toBe(0);
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const file = join(mkdtempSync(join(tmpdir(), 'felt-pg-export-')), 'export.jsonl');
    writeFileSync(file, exported.out);
    expect((await felt('verify', '--file', file)).code).toBe(0);
    const replay = await felt('replay', '--database-url', t.url, '--table', tableId, '--hand', '1');
    expect(replay.code).toBe(0);
    expect(replay.out).toContain('Hand #1');
  });
});

describe('felt verify and the read models', () => {
  // A database of its own: the tests above leave tampered tables, on which the projection runner rightly stops.
  const own = useTestStore('postgres');

  it("compares the worker's rows with a fresh fold and names a tampered one", async () => {
    const tableId = 'read-models-1';
    await appendTableLog(own.store, randomTableLog({ tableId, seed: 77, events: 250 }));
    for (const model of READ_MODELS) await runUntilIdle(new ProjectionRunner(own.store, model));
    const clean = await felt('verify', '--database-url', own.url, '--all');
    expect([clean.code, clean.out]).toEqual([0, expect.stringContaining('no violation')]);
    await own.db.query(`UPDATE lobby_tables SET lobby = jsonb_set(lobby, '{handsPlayed}', '12345') WHERE table_id = $1`, [tableId]);
    const { out, code } = await felt('verify', '--database-url', own.url, '--all');
    expect(code).toBe(1);
    const violations = out.split('\n').filter((l) => l.startsWith('VIOLATION'));
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(
      new RegExp(`^VIOLATION  projection:lobby v0 \\[projection\\] .*${tableId}.*12345.*felt projections rebuild lobby`),
    );
    expect((await felt('verify', '--database-url', own.url, '--all', '--no-read-models')).code).toBe(0);
  });
});

describe('felt verify and replay on a PGlite folder', () => {
  it('reads the embedded database the application writes (--data-dir)', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const { openDatabase } = await import('@felt/event-store');
    const dir = mkdtempSync(join(tmpdir(), 'felt-pglite-verify-'));
    try {
      // Migrated already (users-command.int-spec runs a folder's first start): this test is about reading one.
      await fillPgliteFolderFromTemplate(dir);
      const db = await openDatabase({ dataDir: dir });
      try {
        await appendTableLog(new EventStore(db), randomTableLog({ tableId: 'lite', seed: 3, events: 120 }));
      } finally {
        await db.close();
      }
      const verified = await felt('verify', '--data-dir', dir, '--table', 'lite');
      expect(verified.code).toBe(0);
      expect(verified.out).toMatch(/^1 stream, 1\d\d events, \d+ hands: no violation/m);
      const replayed = await felt('replay', '--data-dir', dir, '--table', 'lite', '--hand', '1');
      expect(replayed.code).toBe(0);
      expect(replayed.out).toContain('Hand #1');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});
