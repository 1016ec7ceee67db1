import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkAnchors,
  newAnchorKeyPair,
  readAnchorSets,
  signAnchors,
  startAnchorReceiver,
  storeHashAt,
  takeAnchors,
} from '@felt/regulator';
import { useTestStore } from '../../../../libs/event-store/test-support/test-store';
import { freshStreamId, sampleEvents } from '../../../../libs/event-store/test-support/sample-events';
import { waitUntil } from '../../../../libs/event-store/test-support/eventually';
import { DEFAULT_WORKER_CONFIG } from '../config/worker-config';
import { AnchorPusherService } from './anchor-pusher.service';

/** Issue 30 row 9: anchors pushed every interval to a receiver the database's operator cannot rewrite; a rewrite after an anchor is caught. */
describe('anchors pushed by the worker (PostgreSQL)', () => {
  const t = useTestStore('postgres');
  const dir = mkdtempSync(join(tmpdir(), 'felt-anchors-'));
  const operator = newAnchorKeyPair();
  const keyFile = join(dir, '..', `felt-anchor-key-${process.pid}.pem`);
  let receiver: Server;
  let url: string;

  beforeAll(async () => {
    writeFileSync(keyFile, operator.privateKeyPem, { mode: 0o600 });
    receiver = await startAnchorReceiver({ dir: join(dir, 'kept'), publicKeyPem: operator.publicKeyPem, port: 0 });
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
    rmSync(dir, { recursive: true, force: true });
    rmSync(keyFile, { force: true });
  });

  const kept = () => readdirSync(join(dir, 'kept')).filter((f) => f.endsWith('.json'));

  it('pushes signed anchors at every interval; the receiver keeps them and refuses a set the operator did not sign', async () => {
    const streamId = freshStreamId();
    const appended = await t.store.append(streamId, {
      expectedVersion: 'no-stream',
      commandId: `anchor-${streamId}`,
      events: sampleEvents(3, 'anchored'),
    });
    expect(appended.ok).toBe(true);
    const pusher = new AnchorPusherService(
      { ...DEFAULT_WORKER_CONFIG, anchorPushUrl: url, anchorKeyFile: keyFile, anchorIntervalMs: 1000 },
      t.store,
    );
    pusher.onApplicationBootstrap();
    try {
      await waitUntil(
        'two anchor sets kept',
        async () => kept().length,
        (n) => n >= 2,
      );
    } finally {
      await pusher.beforeApplicationShutdown();
    }
    const sets = readAnchorSets(join(dir, 'kept'), operator.publicKeyPem);
    expect(sets.every((s) => s.streams.some((a) => a.streamId === streamId && a.version === 3))).toBe(true);

    const before = kept().length;
    const stranger = newAnchorKeyPair();
    const forged = await fetch(url, {
      method: 'POST',
      body: JSON.stringify(signAnchors(await takeAnchors(t.store), stranger.privateKeyPem)),
    });
    expect(forged.status).toBe(400);
    expect(kept().length).toBe(before);
  });

  it('a rewrite of an event an anchor covers is caught by verify against the received anchors', async () => {
    const streamId = freshStreamId();
    await t.store.append(streamId, { expectedVersion: 'no-stream', commandId: `rewrite-${streamId}`, events: sampleEvents(2, 'kept') });
    const posted = await fetch(url, {
      method: 'POST',
      body: JSON.stringify(signAnchors(await takeAnchors(t.store), operator.privateKeyPem)),
    });
    expect(posted.status).toBe(201);
    const sets = readAnchorSets(join(dir, 'kept'), operator.publicKeyPem);
    const clean = (await Promise.all(sets.map((s) => checkAnchors(s, storeHashAt(t.store), (id) => id === streamId)))).flat();
    expect(clean).toEqual([]);

    // A superuser rewrites version 2 (data and hash, as a chain recomputed from there would leave it).
    await t.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE events DISABLE TRIGGER events_append_only');
      await tx.query(`UPDATE events SET data = '{"forged": true}', hash = repeat('ab', 32) WHERE stream_id = $1 AND stream_version = 2`, [
        streamId,
      ]);
      await tx.query('ALTER TABLE events ENABLE TRIGGER events_append_only');
    });
    const caught = (await Promise.all(sets.map((s) => checkAnchors(s, storeHashAt(t.store), (id) => id === streamId)))).flat();
    expect(caught.length).toBeGreaterThan(0);
    expect(caught[0]).toMatchObject({ streamId, version: 2, kind: 'anchor', message: expect.stringMatching(/the stream was rewritten/) });
  });
});
