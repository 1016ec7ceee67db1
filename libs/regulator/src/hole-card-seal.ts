import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Hole cards sealed at rest while their hand is live (docs/security.md, "Insiders" row 4). The API stores
 * HoleCardsDealt's and HoleCardsReported's cards encrypted (AES-256-GCM) under a key of their own hand,
 * HMAC-SHA256(seal key, stream and hand number), and leaves `cards: null` in the clear beside the envelope: the stored
 * row is the event as the public sees it. When the hand is over the API appends HoleCardsRevealed with that hand's
 * key: from then on anyone who reads the log (verify, exports, replay) opens that hand's cards without the seal key,
 * and the key opens no other hand (HMAC: the seal key cannot be worked back from it).
 */
export const SEAL_ALGORITHM = 'aes-256-gcm';

export interface SealedEnvelope {
  readonly alg: typeof SEAL_ALGORITHM;
  /** First 16 hex digits of SHA-256(key): names the key, so a wrong key is reported as such. */
  readonly keyId: string;
  readonly iv: string;
  readonly tag: string;
  readonly ciphertext: string;
}

export function sealKeyId(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 16);
}

/** Any JSON value, encrypted; `context` is bound to the ciphertext (additional authenticated data). */
export function sealValue(key: Buffer, value: unknown, context: string): SealedEnvelope {
  const iv = randomBytes(12);
  const cipher = createCipheriv(SEAL_ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return {
    alg: SEAL_ALGORITHM,
    keyId: sealKeyId(key),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    ciphertext: ciphertext.toString('base64'),
  };
}

/** The value sealed by `sealValue` for `context`; throws for another key, another context or a changed envelope. */
export function openValue(key: Buffer, sealed: SealedEnvelope, context: string, keyHint = 'the key given'): unknown {
  if (sealed.alg !== SEAL_ALGORITHM) throw new Error(`${context}: sealed with ${String(sealed.alg)}, not ${SEAL_ALGORITHM}`);
  const keyId = sealKeyId(key);
  if (sealed.keyId !== keyId) throw new Error(`${context}: sealed under key ${sealed.keyId}, and ${keyHint} is key ${keyId}`);
  const decipher = createDecipheriv(SEAL_ALGORITHM, key, Buffer.from(sealed.iv, 'base64'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  const plain = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]);
  return JSON.parse(plain.toString('utf8'));
}

export const HOLE_CARDS_REVEALED = 'HoleCardsRevealed';
const SEALED_TYPES = new Set(['HoleCardsDealt', 'HoleCardsReported']);

/** The key of one hand's hole cards: what HoleCardsRevealed publishes once the hand is over. */
export function holeCardsKey(sealKey: Buffer, streamId: string, handNumber: number): Buffer {
  return createHmac('sha256', sealKey).update(`felt hole cards ${streamId} hand ${handNumber}`).digest();
}

type Data = Record<string, unknown>;
interface HandCards {
  readonly seat: number;
  readonly cards: readonly number[] | null;
}

function context(type: string, streamId: string, handNumber: number): string {
  return `felt ${type} ${streamId} hand ${handNumber}`;
}

/**
 * An event's data as stored: HoleCardsDealt with cards, and HoleCardsReported, sealed with the hand's key (the hand
 * number, the seats and `cards: null` in the clear); anything else as it is.
 */
export function sealHoleCardsData(type: string, data: Data, handKey: Buffer, streamId: string, handNumber: number): Data {
  if (type === 'HoleCardsDealt') {
    const hands = data.hands as readonly HandCards[];
    if (hands.every((h) => h.cards === null)) return data;
    return {
      ...data,
      handNumber,
      hands: hands.map((h) => ({ seat: h.seat, cards: null })),
      sealed: sealValue(handKey, hands, context(type, streamId, handNumber)),
    };
  }
  if (type === 'HoleCardsReported')
    return { ...data, handNumber, cards: null, sealed: sealValue(handKey, data.cards, context(type, streamId, handNumber)) };
  return data;
}

/** Whether an event's stored data holds sealed hole cards. */
export function isSealedHoleCards(type: string, data: unknown): data is Data & { handNumber: number; sealed: SealedEnvelope } {
  return (
    SEALED_TYPES.has(type) &&
    typeof data === 'object' &&
    data !== null &&
    typeof (data as Data).sealed === 'object' &&
    (data as Data).sealed !== null
  );
}

/** The event's data as the engine recorded it, from its stored form (sealed with the hand's key). */
export function openHoleCardsData(type: string, stored: Data, handKey: Buffer, streamId: string): Data {
  if (!isSealedHoleCards(type, stored)) return stored;
  const { sealed, handNumber, ...rest } = stored;
  const value = openValue(handKey, sealed, context(type, streamId, handNumber), `hand ${handNumber}'s key`);
  return type === 'HoleCardsDealt' ? { ...rest, hands: value } : { ...rest, cards: value };
}

interface LogEvent {
  readonly streamId: string;
  readonly type: string;
  readonly data: unknown;
}

/** The hand keys the HoleCardsRevealed events among `events` publish, by stream and hand number. */
export function revealedHandKeys(events: readonly LogEvent[]): Map<string, Buffer> {
  const keys = new Map<string, Buffer>();
  for (const e of events) {
    if (e.type !== HOLE_CARDS_REVEALED) continue;
    const data = e.data as { handNumber?: unknown; key?: unknown };
    if (typeof data.key === 'string' && /^[0-9a-f]{64}$/.test(data.key))
      keys.set(`${e.streamId} ${String(data.handNumber)}`, Buffer.from(data.key, 'hex'));
  }
  return keys;
}

/**
 * `events` with the hole cards of every revealed hand opened (HoleCardsRevealed in `keys`, default: among `events`):
 * the log as a reader of finished hands needs it (replay, PHH and OHH, verify). Hands not revealed (still live)
 * stay sealed; an envelope its revealed key does not open throws (the log was changed).
 */
export function withHoleCardsRevealed<T extends LogEvent>(events: readonly T[], keys: Map<string, Buffer> = revealedHandKeys(events)): T[] {
  if (keys.size === 0) return events as T[];
  return events.map((e) => {
    if (!isSealedHoleCards(e.type, e.data)) return e;
    const key = keys.get(`${e.streamId} ${e.data.handNumber}`);
    return key ? { ...e, data: openHoleCardsData(e.type, e.data, key, e.streamId) } : e;
  });
}

/**
 * `event` as it was before the API sealed it, opened with the seal key itself (`felt verify --seal-key`): a
 * DeckSealed's deck, seed and salt, or the hole cards of a hand still live. Anything else, or a clear event, as it is.
 * Throws when the key does not open it.
 */
export function openedWithSealKey<T extends LogEvent>(event: T, sealKey: Buffer): T {
  const data = event.data as Data | null;
  if (event.type === 'DeckSealed' && data && typeof data.sealed === 'object' && data.sealed !== null) {
    // The context apps/api deck-seal.ts binds a hand's deck to.
    return { ...event, data: openValue(sealKey, data.sealed as SealedEnvelope, `felt DeckSealed hand ${String(data.handNumber)}`) };
  }
  if (!isSealedHoleCards(event.type, data)) return event;
  return { ...event, data: openHoleCardsData(event.type, data, holeCardsKey(sealKey, event.streamId, data.handNumber), event.streamId) };
}
