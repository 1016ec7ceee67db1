import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import type { Provider } from '@nestjs/common';
import { IN_MEMORY } from '@felt/event-store';
import { SEAL_ALGORITHM, holeCardsKey, openValue, sealKeyId, sealValue, type SealedEnvelope } from '@felt/regulator';
import { API_CONFIG, type ApiConfig } from '../config/api-config';

/**
 * The seal on a hand's undealt deck at rest. DeckSealed (the deck, seed and salt, recorded right after HandStarted)
 * is stored with its data encrypted by AES-256-GCM under a key kept apart from the database, so a reader of the
 * event table, a backup or a replica learns nothing of the cards to come. The stored data keeps the hand number in
 * the clear; the rest is the envelope below. GCM's tag makes a changed ciphertext fail to open (the hash chain
 * already catches it). DeckRevealed, after the hand, holds the same fields in the clear, so `felt verify` never needs
 * the key. Hole cards are sealed the same way, with a key per hand (@felt/regulator hole-card-seal.ts).
 */
export { SEAL_ALGORITHM, type SealedEnvelope };

export class DeckSeal {
  readonly keyId: string;

  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the seal key is 32 bytes (64 hex digits)');
    this.keyId = sealKeyId(key);
  }

  /** DeckSealed's data as stored: the hand number, and everything else encrypted. */
  sealDeck(data: { readonly handNumber: number }): { handNumber: number; sealed: SealedEnvelope } {
    return { handNumber: data.handNumber, sealed: this.seal(data, deckContext(data.handNumber)) };
  }

  /** DeckSealed's data as `sealDeck` took it. */
  openDeck(stored: { handNumber: number; sealed: SealedEnvelope }): unknown {
    return this.open(stored.sealed, deckContext(stored.handNumber));
  }

  /**
   * Any JSON value, encrypted; `context` is bound to the ciphertext (as additional authenticated data), so what
   * was sealed for one place (a hand, a snapshot) does not open in another.
   */
  seal(value: unknown, context: string): SealedEnvelope {
    return sealValue(this.key, value, context);
  }

  /** The value sealed by `seal` for `context`; throws for another key, another context or a changed envelope. */
  open(sealed: SealedEnvelope, context: string): unknown {
    if (sealed.keyId !== this.keyId)
      throw new Error(
        `${context}: sealed under key ${sealed.keyId}, and this process holds key ${this.keyId}: set FELT_SEAL_KEY to that key`,
      );
    return openValue(this.key, sealed, context);
  }

  /** The key of one hand's hole cards (hole-card-seal.ts): HoleCardsRevealed publishes it when the hand is over. */
  holeCardsKey(streamId: string, handNumber: number): Buffer {
    return holeCardsKey(this.key, streamId, handNumber);
  }
}

export function isSealedData(data: unknown): data is { handNumber: number; sealed: SealedEnvelope } {
  return typeof data === 'object' && data !== null && typeof (data as { sealed?: unknown }).sealed === 'object';
}

function deckContext(handNumber: number): string {
  return `felt DeckSealed hand ${handNumber}`;
}

export interface SealKeySettings {
  /** FELT_SEAL_KEY: 64 hex digits. */
  readonly sealKey: string | undefined;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
}

export interface ResolvedSealKey {
  readonly key: Buffer;
  readonly source: 'FELT_SEAL_KEY' | 'file' | 'created' | 'ephemeral';
  readonly file?: string;
  /** The file the key was moved from beside the folder, where earlier versions kept it, on the start that moved it. */
  readonly movedFrom?: string;
}

/** The seal key's file inside the embedded database's folder. */
export const SEAL_KEY_FILE = 'seal.key';

/**
 * The seal key: FELT_SEAL_KEY (64 hex digits); else, for the embedded PGlite database only, `<dataDir>/seal.key`,
 * created with mode 0600 on the first start so `npm start` needs nothing set. It lives inside the data folder, so that
 * folder is the one thing to back up and to keep out of git (.gitignore has `data/`). With a DATABASE_URL the key must be given: every API process must seal with the same key, and the key
 * must not live where the database does. An in-memory PGlite gets a key that lives as long as the process.
 */
export function resolveSealKey(settings: SealKeySettings): ResolvedSealKey {
  if (settings.sealKey !== undefined) {
    if (!/^[0-9a-fA-F]{64}$/.test(settings.sealKey))
      throw new Error('FELT_SEAL_KEY must be 64 hex digits (32 bytes, e.g. `openssl rand -hex 32`)');
    return { key: Buffer.from(settings.sealKey, 'hex'), source: 'FELT_SEAL_KEY' };
  }
  if (settings.databaseUrl)
    throw new Error(
      'FELT_SEAL_KEY is not set: with DATABASE_URL the key that seals undealt decks must be given (64 hex digits, e.g. `openssl rand -hex 32`), kept apart from the database, the same for every API process.',
    );
  if (settings.dataDir === IN_MEMORY) return { key: randomBytes(32), source: 'ephemeral' };
  const file = sealKeyFile(settings.dataDir);
  const movedFrom = moveSealKeyFromBesideTheFolder(settings.dataDir);
  if (existsSync(file)) return { key: readSealKeyFile(file), source: 'file', file, ...(movedFrom && { movedFrom }) };
  const key = randomBytes(32);
  writeSealKeyFile(file, key);
  return { key, source: 'created', file };
}

/** `<dataDir>/seal.key`. */
export function sealKeyFile(dataDir: string): string {
  return join(resolve(dataDir), SEAL_KEY_FILE);
}

/** `<dataDir>.seal.key`, beside the folder: where earlier versions kept the key (and where a checkout may still hold it). */
export function formerSealKeyFile(dataDir: string): string {
  const dir = resolve(dataDir);
  return join(dirname(dir), `${basename(dir)}.seal.key`);
}

/**
 * Moves a key left beside the folder by an earlier version into it, never losing it: the key is written whole to its
 * new place (a temporary file linked into place, then synced) before the old file goes. A start interrupted between
 * the two finds the same key in both places and removes the old one; two different keys stop the start, touching
 * neither, since decks sealed under either open only with that one. Returns the old file's path when it moved it.
 */
function moveSealKeyFromBesideTheFolder(dataDir: string): string | undefined {
  const former = formerSealKeyFile(dataDir);
  if (!existsSync(former)) return undefined;
  const key = readSealKeyFile(former);
  const file = sealKeyFile(dataDir);
  if (existsSync(file)) {
    const current = readSealKeyFile(file);
    if (!current.equals(key))
      throw new Error(
        `two different seal keys: ${file} (key ${new DeckSeal(current).keyId}) and ${former} (key ${new DeckSeal(key).keyId}, where earlier versions kept it). ` +
          `Each sealed deck names the key it was sealed under (DeckSealed \`keyId\`): keep that key in ${file} and move the other out of the way`,
      );
  } else {
    writeSealKeyFile(file, key);
  }
  rmSync(former);
  return former;
}

function readSealKeyFile(file: string): Buffer {
  const text = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(text))
    throw new Error(`${file} holds no seal key (64 hex digits); decks sealed under the lost key can no longer be opened`);
  return Buffer.from(text, 'hex');
}

/** Writes the key whole or not at all (mode 0600), never over an existing file, and syncs it and its folder. */
function writeSealKeyFile(file: string, key: Buffer): void {
  const dir = dirname(file);
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  rmSync(partial, { force: true });
  const fd = openSync(partial, 'wx', 0o600);
  try {
    writeSync(fd, `${key.toString('hex')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(partial, file);
  } finally {
    rmSync(partial, { force: true });
  }
  const dirFd = openSync(dir, 'r');
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}

export const DECK_SEAL = Symbol('DECK_SEAL');

export const deckSealProvider: Provider = {
  provide: DECK_SEAL,
  inject: [API_CONFIG],
  useFactory: (config: ApiConfig) => new DeckSeal(resolveSealKey(config).key),
};
