import { hash } from 'node:crypto';
import type { HashedEventFields } from '@felt/event-store';

/**
 * The event hash of @felt/event-store (computeEventHash), computed for verification at a million events: the same
 * canonical text, written without canonicalJson's per-value validation and path strings, which cost more than the
 * sha256 itself. Anything canonicalJson would refuse to write (NaN, a lone surrogate, a non-plain object) cannot
 * have come back from jsonb, and if it were here its text would differ and the hash would not match.
 * event-hash-fast.spec.ts checks it against computeEventHash.
 */
export function fastEventHash(prevHash: string, event: HashedEventFields): string {
  const text =
    '{"data":' +
    canonical(event.data) +
    ',"eventId":' +
    canonicalString(event.eventId) +
    ',"metadata":' +
    canonical(event.metadata) +
    ',"recordedAt":' +
    canonicalString(event.recordedAt) +
    ',"schemaVersion":' +
    canonical(event.schemaVersion) +
    ',"streamId":' +
    canonicalString(event.streamId) +
    ',"streamVersion":' +
    canonical(event.streamVersion) +
    ',"type":' +
    canonicalString(event.type) +
    '}';
  // One-shot hash of one buffer (the previous hash's 32 bytes, then the text): half the cost of a Hash object per event.
  // A UTF-16 code unit takes at most 3 bytes in UTF-8, so this room always suffices (no second pass to measure).
  if (32 + text.length * 3 > scratch.length) scratch = Buffer.allocUnsafe(32 + text.length * 3);
  if (scratch.write(prevHash, 0, 32, 'hex') !== 32) throw new TypeError(`prevHash is not a sha256 in hex: ${prevHash}`);
  const length = 32 + scratch.write(text, 32, 'utf8');
  return hash('sha256', scratch.subarray(0, length), 'hex');
}

/** Reused between calls: the hash input is written here rather than into a new buffer per event. */
let scratch = Buffer.allocUnsafe(64 * 1024);

/** Strings with nothing to escape (no quote, backslash, control character or surrogate) are written as they are. */
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

function canonicalString(value: string): string {
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : '"' + value + '"';
}

function canonical(value: unknown): string {
  switch (typeof value) {
    case 'number':
      // String() and JSON.stringify() write finite numbers alike (-0 as 0, 1e+21); NaN and Infinity cannot come from jsonb.
      return String(value);
    case 'string':
      return canonicalString(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return 'null';
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    let out = '[' + canonical(value[0]);
    for (let i = 1; i < value.length; i++) out += ',' + canonical(value[i]);
    return out + ']';
  }
  const record = value as Record<string, unknown>;
  const { sorted, members } = keyOrderOf(record);
  let out = '{';
  for (let i = 0; i < sorted.length; i++) {
    const v = record[sorted[i]!];
    if (v === undefined) continue;
    out += (out.length === 1 ? members[i]! : ',' + members[i]!) + canonical(v);
  }
  return out + '}';
}

interface KeyOrder {
  /** The keys as the object lists them (JSON.parse gives jsonb's order: by length, then bytes). */
  readonly keys: readonly string[];
  /** The same keys sorted, as canonical JSON writes them. */
  readonly sorted: readonly string[];
  /** Each sorted key written as JSON with its colon: `"key":`. */
  readonly members: readonly string[];
}

/**
 * Events of one type have the same keys in the same order, so the sorted order is remembered per key list, found by
 * the object's first key and confirmed key by key (a for-in loop over identical internalised strings, cheaper than
 * building a text of the keys: 1.1 against 1.7 µs an event for data and metadata). The list found last moves to the
 * front, as objects of one shape come in runs (a hand's players). Bounded: a log of many odd shapes only sorts more.
 */
const keyOrders = new Map<string, KeyOrder[]>();
const MAX_KEY_ORDERS = 4096;
let keyOrderCount = 0;

function keyOrderOf(record: Record<string, unknown>): KeyOrder {
  let first: string | undefined;
  for (first in record) break;
  const candidates = keyOrders.get(first ?? '') ?? [];
  for (let c = 0; c < candidates.length; c++) {
    const known = candidates[c]!;
    if (listsKeys(record, known.keys)) {
      if (c > 0) {
        candidates[c] = candidates[0]!;
        candidates[0] = known;
      }
      return known;
    }
  }
  const keys = Object.keys(record);
  const sorted = [...keys].sort();
  const order = { keys, sorted, members: sorted.map((key) => canonicalString(key) + ':') };
  if (keyOrderCount < MAX_KEY_ORDERS) {
    keyOrderCount++;
    if (candidates.length === 0) keyOrders.set(first ?? '', candidates);
    candidates.unshift(order);
  }
  return order;
}

/**
 * Whether the object's keys are exactly `keys`, in that order. for-in would also list inherited enumerable keys,
 * which a plain object (from JSON.parse or the engine) does not have; if one did, its text would not hash alike.
 */
function listsKeys(record: Record<string, unknown>, keys: readonly string[]): boolean {
  let i = 0;
  for (const key in record) {
    if (key !== keys[i]) return false;
    i++;
  }
  return i === keys.length;
}
