import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IN_MEMORY } from '@felt/event-store';
import { DeckSeal, resolveSealKey, sealKeyFile } from './deck-seal';
import { toNewEvent, toTableEvent } from './table-stream';
import type { RecordedEvent } from '@felt/event-store';

const sealed = { type: 'DeckSealed' as const, handNumber: 3, deck: Array.from({ length: 52 }, (_, i) => 51 - i), shuffle: { kind: 'seeded' as const, prng: 'hmac-drbg-sha256-fisher-yates' as const, seed: 'ab'.repeat(32) }, salt: 'cd'.repeat(16) };
const recorded = (data: unknown, type = 'DeckSealed', schemaVersion = 1) => ({ streamId: 'table-t', streamVersion: 9, type, schemaVersion, data }) as unknown as RecordedEvent;

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
    expect(() => toTableEvent(recorded({ ...stored, sealed: { ...stored.sealed, ciphertext: flipped.toString('base64') } }), seal)).toThrow();
  });

  it('reads an old log HandStarted (schema version 1, deck inside) and refuses a version it does not know', () => {
    expect(toTableEvent(recorded({ handNumber: 1, deck: [1, 2] }, 'HandStarted', 1), seal)).toMatchObject({ type: 'HandStarted', deck: [1, 2] });
    expect(() => toTableEvent(recorded({}, 'HandStarted', 3), seal)).toThrow(/schema version 3/);
  });
});

describe('the seal key', () => {
  it('comes from FELT_SEAL_KEY (64 hex digits), and is required with a DATABASE_URL', () => {
    const hex = randomBytes(32).toString('hex');
    expect(resolveSealKey({ sealKey: hex, databaseUrl: 'postgres://x', dataDir: './data' })).toMatchObject({ source: 'FELT_SEAL_KEY', key: Buffer.from(hex, 'hex') });
    expect(() => resolveSealKey({ sealKey: 'abc', databaseUrl: undefined, dataDir: IN_MEMORY })).toThrow(/64 hex digits/);
    expect(() => resolveSealKey({ sealKey: undefined, databaseUrl: 'postgres://x', dataDir: './data' })).toThrow(/FELT_SEAL_KEY is not set/);
  });

  it('is made on the embedded database`s first start beside (not inside) its folder, mode 0600, and read back after', () => {
    const root = mkdtempSync(join(tmpdir(), 'felt-seal-'));
    const dataDir = join(root, 'data');
    const first = resolveSealKey({ sealKey: undefined, databaseUrl: undefined, dataDir });
    expect(first.source).toBe('created');
    expect(first.file).toBe(join(root, 'data.seal.key'));
    expect(sealKeyFile(dataDir)).toBe(first.file);
    expect(existsSync(dataDir)).toBe(false);
    expect(statSync(first.file!).mode & 0o777).toBe(0o600);
    expect(readFileSync(first.file!, 'utf8').trim()).toBe(first.key.toString('hex'));
    const again = resolveSealKey({ sealKey: undefined, databaseUrl: undefined, dataDir });
    expect(again).toMatchObject({ source: 'file', key: first.key });
  });

  it('lives as long as the process for an in-memory database', () => {
    const a = resolveSealKey({ sealKey: undefined, databaseUrl: undefined, dataDir: IN_MEMORY });
    expect(a.source).toBe('ephemeral');
    expect(a.key).toHaveLength(32);
  });
});
