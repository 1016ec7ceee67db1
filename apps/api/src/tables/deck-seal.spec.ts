import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IN_MEMORY } from '@felt/event-store';
import { DeckSeal, formerSealKeyFile, resolveSealKey, sealKeyFile } from './deck-seal';
import { toNewEvent, toTableEvent } from './table-stream';
import type { RecordedEvent } from '@felt/event-store';

const sealed = {
  type: 'DeckSealed' as const,
  handNumber: 3,
  deck: Array.from({ length: 52 }, (_, i) => 51 - i),
  shuffle: { kind: 'seeded' as const, prng: 'hmac-drbg-sha256-fisher-yates' as const, seed: 'ab'.repeat(32) },
  salt: 'cd'.repeat(16),
};
const recorded = (data: unknown, type = 'DeckSealed', schemaVersion = 1) =>
  ({ streamId: 'table-t', streamVersion: 9, type, schemaVersion, data }) as unknown as RecordedEvent;

describe('the deck seal', () => {
  const seal = new DeckSeal(randomBytes(32));

  it('stores DeckSealed with its hand number and an AES-256-GCM envelope, and nothing of the deck, seed or salt', () => {
    const stored = toNewEvent(sealed, seal);
    const text = JSON.stringify(stored.data);
    expect(Object.keys(stored.data as object).sort()).toEqual(['handNumber', 'sealed']);
    expect(stored.data).toMatchObject({ handNumber: 3, sealed: { alg: 'aes-256-gcm', keyId: seal.keyId } });
    for (const secret of ['ab'.repeat(32), 'cd'.repeat(16), '"deck"', '51,50,49']) expect(text).not.toContain(secret);
    expect(toTableEvent(recorded(stored.data), seal)).toEqual(sealed);
    // A fresh IV each time: the same deck never looks the same twice.
    expect(JSON.stringify(toNewEvent(sealed, seal).data)).not.toBe(text);
  });

  it('refuses to store a DeckSealed without the seal, and to open one under another key, hand or changed bytes', () => {
    expect(() => toNewEvent(sealed)).toThrow(/without the seal/);
    const stored = toNewEvent(sealed, seal).data as { handNumber: number; sealed: { ciphertext: string } };
    expect(() => toTableEvent(recorded(stored), new DeckSeal(randomBytes(32)))).toThrow(/sealed under key .* FELT_SEAL_KEY/);
    expect(() => toTableEvent(recorded({ ...stored, handNumber: 4 }), seal)).toThrow();
    const flipped = Buffer.from(stored.sealed.ciphertext, 'base64');
    flipped[0] ^= 1;
    expect(() =>
      toTableEvent(recorded({ ...stored, sealed: { ...stored.sealed, ciphertext: flipped.toString('base64') } }), seal),
    ).toThrow();
  });

  it('reads an old log HandStarted (schema version 1, deck inside) and refuses a version it does not know', () => {
    expect(toTableEvent(recorded({ handNumber: 1, deck: [1, 2] }, 'HandStarted', 1), seal)).toMatchObject({
      type: 'HandStarted',
      deck: [1, 2],
    });
    expect(() => toTableEvent(recorded({}, 'HandStarted', 3), seal)).toThrow(/schema version 3/);
  });
});

describe('the seal key', () => {
  it('comes from FELT_SEAL_KEY (64 hex digits), and is required with a DATABASE_URL', () => {
    const hex = randomBytes(32).toString('hex');
    expect(resolveSealKey({ sealKey: hex, databaseUrl: 'postgres://x', dataDir: './data' })).toMatchObject({
      source: 'FELT_SEAL_KEY',
      key: Buffer.from(hex, 'hex'),
    });
    expect(() => resolveSealKey({ sealKey: 'abc', databaseUrl: undefined, dataDir: IN_MEMORY })).toThrow(/64 hex digits/);
    expect(() => resolveSealKey({ sealKey: undefined, databaseUrl: 'postgres://x', dataDir: './data' })).toThrow(
      /FELT_SEAL_KEY is not set/,
    );
  });

  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));
  /** A fresh folder holding where `./data` would be; the embedded default's settings for it. */
  function checkout(): { root: string; dataDir: string; settings: { sealKey: undefined; databaseUrl: undefined; dataDir: string } } {
    const root = mkdtempSync(join(tmpdir(), 'felt-seal-'));
    roots.push(root);
    const dataDir = join(root, 'data');
    return { root, dataDir, settings: { sealKey: undefined, databaseUrl: undefined, dataDir } };
  }
  const keyText = (key: Buffer) => `${key.toString('hex')}\n`;

  it('is made on the embedded database`s first start inside its folder, mode 0600, nothing else left there, and read back after', () => {
    const { root, dataDir, settings } = checkout();
    const first = resolveSealKey(settings);
    expect(first).toMatchObject({ source: 'created', file: join(dataDir, 'seal.key') });
    expect(first.movedFrom).toBeUndefined();
    expect(sealKeyFile(dataDir)).toBe(first.file);
    expect(readdirSync(root)).toEqual(['data']);
    expect(readdirSync(dataDir)).toEqual(['seal.key']);
    expect(statSync(first.file!).mode & 0o777).toBe(0o600);
    expect(readFileSync(first.file!, 'utf8')).toBe(keyText(first.key));
    const again = resolveSealKey(settings);
    expect(again).toMatchObject({ source: 'file', key: first.key });
    expect(again.movedFrom).toBeUndefined();
  });

  it('left beside the folder by an earlier version, is moved into it (mode 0600) and still opens what it sealed', () => {
    const { root, dataDir, settings } = checkout();
    const key = randomBytes(32);
    const former = join(root, 'data.seal.key');
    expect(formerSealKeyFile(dataDir)).toBe(former);
    writeFileSync(former, keyText(key), { mode: 0o644 });
    const stored = new DeckSeal(key).sealDeck(sealed);

    const moved = resolveSealKey(settings);
    expect(moved).toMatchObject({ source: 'file', file: join(dataDir, 'seal.key'), movedFrom: former });
    expect(moved.key.equals(key)).toBe(true);
    expect(existsSync(former)).toBe(false);
    expect(readdirSync(dataDir)).toEqual(['seal.key']);
    expect(readFileSync(moved.file!, 'utf8')).toBe(keyText(key));
    expect(statSync(moved.file!).mode & 0o777).toBe(0o600);
    expect(new DeckSeal(moved.key).openDeck(stored)).toEqual(sealed);
    expect(resolveSealKey(settings)).toMatchObject({ source: 'file', key });
  });

  it('found in both places after a move cut short, is the same key: the old copy goes', () => {
    const { root, dataDir, settings } = checkout();
    const key = randomBytes(32);
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'seal.key'), keyText(key), { mode: 0o600 });
    writeFileSync(join(root, 'data.seal.key'), keyText(key), { mode: 0o600 });
    expect(resolveSealKey(settings)).toMatchObject({ source: 'file', key, movedFrom: join(root, 'data.seal.key') });
    expect(readdirSync(root)).toEqual(['data']);
  });

  it('refuses to start, touching neither file, when the two places hold different keys or the old file no key', () => {
    const { root, dataDir, settings } = checkout();
    const [inside, beside] = [randomBytes(32), randomBytes(32)];
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'seal.key'), keyText(inside), { mode: 0o600 });
    writeFileSync(join(root, 'data.seal.key'), keyText(beside), { mode: 0o600 });
    expect(() => resolveSealKey(settings)).toThrow(
      new RegExp(
        `two different seal keys: .*seal\\.key \\(key ${new DeckSeal(inside).keyId}\\) and .*data\\.seal\\.key \\(key ${new DeckSeal(beside).keyId}`,
      ),
    );
    expect(readFileSync(join(dataDir, 'seal.key'), 'utf8')).toBe(keyText(inside));
    expect(readFileSync(join(root, 'data.seal.key'), 'utf8')).toBe(keyText(beside));

    writeFileSync(join(root, 'data.seal.key'), 'not a key\n');
    expect(() => resolveSealKey(settings)).toThrow(/data\.seal\.key holds no seal key/);
    expect(readFileSync(join(root, 'data.seal.key'), 'utf8')).toBe('not a key\n');
    expect(readdirSync(dataDir)).toEqual(['seal.key']);
  });

  it('lives as long as the process for an in-memory database', () => {
    const a = resolveSealKey({ sealKey: undefined, databaseUrl: undefined, dataDir: IN_MEMORY });
    expect(a.source).toBe('ephemeral');
    expect(a.key).toHaveLength(32);
  });
});
