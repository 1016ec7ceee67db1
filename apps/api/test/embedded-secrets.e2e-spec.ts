import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commandFor, type LegalAction } from '@felt/engine';
import { fillPgliteFolderFromTemplate } from '../../../test/support/app-databases';
import { API_PID_FILE } from '@felt/settings';
import { ApiProcess, ensureBuilt, seedTestUsersInFolder } from './test-support/api-process';
import { authHeaders } from './test-support/auth';
import { JsonHttpClient } from './test-support/http-client';

interface TableAnswer {
  readonly status: number;
  readonly body: {
    readonly events: readonly { readonly type: string; readonly data: Record<string, unknown> }[];
    readonly table: { readonly toAct: number | null; readonly legalActions: readonly LegalAction[] };
  };
}

/** The table's next passive action (a blind, a check, a call, showing at showdown), or undefined when the hand is over. */
function passiveCommand(table: TableAnswer['body']['table']): Record<string, unknown> | undefined {
  const action = table.legalActions.find((a) => a.seat === table.toAct && ['PostBlind', 'Check', 'Call', 'ShowHand'].includes(a.type));
  return action && { ...commandFor(action, () => 0) };
}

/**
 * The built API as `npm start` runs it with nothing set, in a folder of its own: every file it writes (the seal key,
 * the token secret, the pid file) lands inside the data folder, which .gitignore covers, with the secrets at mode
 * 0600; and a checkout where an earlier version left the seal key beside the folder (`data.seal.key`) gets it moved
 * inside, whole, and the hand sealed under it plays on after the restart.
 */
describe('the embedded default`s files (built API, PGlite in a folder)', () => {
  const root = mkdtempSync(join(tmpdir(), 'felt-embedded-files-'));
  const dataDir = join(root, 'data');
  let api: ApiProcess | undefined;
  let client: JsonHttpClient | undefined;
  beforeAll(() => ensureBuilt());
  afterAll(async () => {
    client?.close();
    await api?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes only inside the data folder, and moves a seal key left beside it without losing a sealed hand', async () => {
    // Migrated already: the first open of an empty folder is auth-process.e2e-spec's; this one is about the files.
    await fillPgliteFolderFromTemplate(dataDir);
    await seedTestUsersInFolder(dataDir); // the rows behind the test tokens
    const env = { DATA_DIR: dataDir, FELT_SEAL_KEY: '', FELT_TOKEN_PRIVATE_KEY: '', FELT_TIMER_PUBLIC_KEY: '' };
    api = await ApiProcess.start(env);
    expect(readdirSync(root)).toEqual(['data']);
    for (const secret of ['seal.key', 'token.key', 'timer.key']) expect(statSync(join(dataDir, secret)).mode & 0o777).toBe(0o600);
    expect(readFileSync(join(dataDir, API_PID_FILE), 'utf8').trim()).toBe(String(api.child.pid));
    const sealKey = readFileSync(join(dataDir, 'seal.key'), 'utf8');
    expect(sealKey).toMatch(/^[0-9a-f]{64}\n$/);

    // A hand dealt from a house shuffle, its deck sealed under that key, stopped after the blinds.
    const headers = authHeaders('floor', { privateKey: createPrivateKey(readFileSync(join(dataDir, 'token.key'), 'utf8')) });
    client = new JsonHttpClient(api.baseUrl, headers);
    const tableId = 'embedded-files-1';
    expect(
      (await client.post('/tables', { tableId, rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 } }))
        .status,
    ).toBe(201);
    for (const seat of [1, 2, 3])
      expect((await client.post(`/tables/${tableId}/seat-player`, { seat, playerId: `p${seat}`, buyIn: 100 })).status).toBe(201);
    expect((await client.post(`/tables/${tableId}/draw-for-button`, {})).status).toBe(201);
    let answer = (await client.post(`/tables/${tableId}/start-hand`, {})) as TableAnswer;
    expect(answer.status).toBe(201);
    expect(answer.body.events.map((e) => e.type)).toContain('DeckSealed');
    for (let blinds = 0; blinds < 2; blinds++) {
      answer = (await client.post(`/tables/${tableId}/commands`, passiveCommand(answer.body.table))) as TableAnswer;
      expect(answer.status).toBe(201);
    }
    client.close();
    await api.stop();

    // Where earlier versions kept the key.
    renameSync(join(dataDir, 'seal.key'), join(root, 'data.seal.key'));
    api = await ApiProcess.start(env);
    expect(readdirSync(root)).toEqual(['data']);
    expect(readFileSync(join(dataDir, 'seal.key'), 'utf8')).toBe(sealKey);
    expect(statSync(join(dataDir, 'seal.key')).mode & 0o777).toBe(0o600);

    // The new process folds the table from the sealed deck and snapshot, and plays the hand out.
    client = new JsonHttpClient(api.baseUrl, headers);
    const folded = await client.get(`/tables/${tableId}`);
    expect(folded.status).toBe(200);
    let table = folded.body as TableAnswer['body']['table'];
    const played: string[] = [];
    for (let command = passiveCommand(table); command; command = passiveCommand(table)) {
      answer = (await client.post(`/tables/${tableId}/commands`, command)) as TableAnswer;
      expect(answer.status).toBe(201);
      played.push(...answer.body.events.map((e) => e.type));
      table = answer.body.table;
    }
    expect(played).toEqual(expect.arrayContaining(['BoardDealt', 'HandEnded', 'DeckRevealed']));
  }, 300_000);
});
