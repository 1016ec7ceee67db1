import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommanderError } from 'commander';
import { newAnchorKeyPair, pushAnchors } from '@felt/regulator';
import { useTestStore } from '../../../test/support/app-databases';
import { TEST_SEAL_KEY } from '../../api/test/test-support/auth';
import { openTableWithPlayers, startHandWithBlinds, expectStatus } from '../../api/test/test-support/table-setup';
import { startTestApi, type TestApi } from '../../api/test/test-support/test-api';
import { waitUntil } from '../../../libs/event-store/test-support/eventually';
import { buildProgram } from './main';
import { felt } from './run-felt.test-support';

/**
 * The regulator's keys on the command line, in process against real PostgreSQL (docs/security.md "Insiders", row 9):
 * `felt verify --seal-key` opens the sealed decks and live hole cards the API wrote; `felt anchors-receive` keeps the
 * anchor sets the worker pushes, refusing a set another key signed; `felt verify --anchors DIR` checks the log
 * against every set kept there and catches a tail cut off after them.
 */
describe('felt verify --seal-key, felt anchors-receive and felt verify --anchors DIR (postgres)', () => {
  let api: TestApi;
  const t = useTestStore('postgres', { beforeDispose: () => api?.close() });
  const dir = mkdtempSync(join(tmpdir(), 'felt-verify-keys-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeAll(async () => {
    api = await startTestApi(t.db);
    // A hand played out (its deck revealed) and one still live (deck and hole cards sealed), written by the API.
    await openTableWithPlayers(api, 'keyed', 3);
    const { toAct } = await startHandWithBlinds(api, 'keyed');
    let seat = toAct;
    for (let i = 0; i < 2; i++)
      seat = (await expectStatus(api.http.post('/tables/keyed/fold').send({ seat }), 201)).body.table.toAct ?? seat;
    await startHandWithBlinds(api, 'keyed');
  });

  it('--seal-key opens every sealed deck and live hand with the right key, names them with a wrong one, and refuses a file that holds no key', async () => {
    const right = join(dir, 'seal.key');
    writeFileSync(right, TEST_SEAL_KEY);
    const good = await felt('verify', '--database-url', t.url, '--table', 'keyed', '--seal-key', right, '--no-read-models');
    expect({ code: good.code, out: good.out }).toEqual({ code: 0, out: expect.stringContaining('no violation') });
    const wrong = join(dir, 'other.key');
    writeFileSync(wrong, 'ab'.repeat(32));
    const refused = await felt('verify', '--database-url', t.url, '--table', 'keyed', '--seal-key', wrong, '--no-read-models');
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/VIOLATION {2}table-keyed v\d+ \[deal\]/);
    const notAKey = join(dir, 'not.key');
    writeFileSync(notAKey, 'not a key');
    const bad = await felt('verify', '--database-url', t.url, '--table', 'keyed', '--seal-key', notAKey);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain('holds no seal key');
  });

  it('anchors-receive keeps the sets the operator signed and refuses others; verify --anchors DIR holds the log to every one', async () => {
    const operator = newAnchorKeyPair();
    const pub = join(dir, 'anchors.pub');
    writeFileSync(pub, operator.publicKeyPem);
    const received = join(dir, 'received');
    let out = '';
    const program = buildProgram({ writeOut: (text) => (out += text), writeErr: () => undefined, exitOverride: true });
    const receiving = program
      .parseAsync(['node', 'felt', 'anchors-receive', '--dir', received, '--public-key', pub, '--port', '0'])
      .catch((error: unknown) => {
        if (!(error instanceof CommanderError)) throw error;
      });
    const address = (await waitUntil('the receiver to listen', () => /receiving anchors on ([\d.]+:\d+)/.exec(out)?.[1])) as string;
    try {
      const url = `http://${address}/`;
      await pushAnchors(t.store, operator.privateKeyPem, url);
      await expect(pushAnchors(t.store, newAnchorKeyPair().privateKeyPem, url)).rejects.toThrow();
      expect(readdirSync(received)).toHaveLength(1);
      await pushAnchors(t.store, operator.privateKeyPem, url);
      expect(readdirSync(received)).toHaveLength(2);
    } finally {
      process.emit('SIGINT');
      await receiving;
    }
    const held = await felt(
      'verify',
      '--database-url',
      t.url,
      '--table',
      'keyed',
      '--no-read-models',
      '--anchors',
      received,
      '--anchors-key',
      pub,
    );
    expect(held.code).toBe(0);

    // A tail cut off after the anchors, the stream's head rewound to match: every kept set catches it.
    const events = await t.store.readStream('table-keyed');
    const last = events[events.length - 1]!;
    await t.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE events DISABLE TRIGGER events_append_only');
      await tx.query('DELETE FROM events WHERE stream_id = $1 AND stream_version = $2', ['table-keyed', last.streamVersion]);
      await tx.query('UPDATE streams SET version = $2, last_hash = $3 WHERE stream_id = $1', [
        'table-keyed',
        last.streamVersion - 1,
        last.prevHash,
      ]);
      await tx.query('ALTER TABLE events ENABLE TRIGGER events_append_only');
    });
    const cut = await felt(
      'verify',
      '--database-url',
      t.url,
      '--table',
      'keyed',
      '--no-read-models',
      '--anchors',
      received,
      '--anchors-key',
      pub,
    );
    expect(cut.code).toBe(1);
    expect(cut.out.split('\n').filter((l) => l.includes('[anchor]'))).toHaveLength(2);
    // A set that is not the operator's in the directory: refused before anything is compared.
    writeFileSync(
      join(received, 'planted.json'),
      readFileSync(join(received, readdirSync(received)[0]!), 'utf8').replace(
        /"version":\s*(\d+)/,
        (_m, v) => `"version": ${Number(v) + 1}`,
      ),
    );
    const planted = await felt('verify', '--database-url', t.url, '--table', 'keyed', '--anchors', received, '--anchors-key', pub);
    expect(planted.code).toBe(2);
  });
});
