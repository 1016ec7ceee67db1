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
    '{"data":' + canonical(event.data) +
    ',"eventId":' + JSON.stringify(event.eventId) +
    ',"metadata":' + canonical(event.metadata) +
    ',"recordedAt":' + JSON.stringify(event.recordedAt) +
    ',"schemaVersion":' + canonical(event.schemaVersion) +
    ',"streamId":' + JSON.stringify(event.streamId) +
    ',"streamVersion":' + canonical(event.streamVersion) +
    ',"type":' + JSON.stringify(event.type) +
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

function canonical(value: unknown): string {
  switch (typeof value) {
    case 'number':
      // String() and JSON.stringify() write finite numbers alike (-0 as 0, 1e+21); NaN and Infinity cannot come from jsonb.
      return String(value);
    case 'string':
      return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : '"' + value + '"';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      break;
    default:
      return 'null';
  }
  if (value === null) return 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonical(value[i]);
    return out + ']';
  }
  const record = value as Record<string, unknown>;
  const { keys, prefixes } = sortedKeysOf(record);
  let out = '{';
  let first = true;
  for (let i = 0; i < keys.length; i++) {
    const v = record[keys[i]!];
    if (v === undefined) continue;
    out += (first ? '' : ',') + prefixes[i]! + canonical(v);
    first = false;
  }
  return out + '}';
}

interface KeyOrder {
  readonly keys: readonly string[];
  /** Each key written as JSON with its colon: `"key":`. */
  readonly prefixes: readonly string[];
}

/**
 * Events of one type have the same keys in the same (jsonb) order, so the sorted order is remembered per key list
 * instead of sorted again for every object. Bounded: a log with many odd shapes (a tampered one) only sorts more.
 */
const keyOrders = new Map<string, KeyOrder>();
const MAX_KEY_ORDERS = 4096;

function sortedKeysOf(record: Record<string, unknown>): KeyOrder {
  const keys = Object.keys(record);
  const id = keys.join('\u0000');
  const known = keyOrders.get(id);
  // The id is ambiguous for keys holding U+0000; the same count and every remembered key present settles it.
  if (known !== undefined && known.keys.length === keys.length && known.keys.every((key) => Object.hasOwn(record, key))) return known;
  const sorted = keys.length > 1 ? keys.sort() : keys;
  const order = { keys: sorted, prefixes: sorted.map((key) => (NEEDS_ESCAPE.test(key) ? JSON.stringify(key) : '"' + key + '"') + ':') };
  if (keyOrders.size < MAX_KEY_ORDERS) keyOrders.set(id, order);
  return order;
}
