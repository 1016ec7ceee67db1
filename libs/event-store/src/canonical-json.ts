/** A JSON value as jsonb stores it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A value that cannot be stored as jsonb and hashed canonically (the message names the path, e.g. `$.data.seats[2]`). */
export class NotJsonError extends Error {
  override readonly name = 'NotJsonError';
}

/**
 * Canonical JSON: the one text a JSON value hashes as. Precisely:
 * - no whitespace anywhere;
 * - `null`, `true`, `false` as literals;
 * - numbers must be finite and are written as ECMAScript `JSON.stringify` writes them (shortest round-trip form,
 *   `1e+21` style exponents, `-0` as `0`); this is the RFC 8785 (JCS) number form;
 * - strings as `JSON.stringify` writes them (escapes `"` `\` and U+0000–U+001F; `\b \f \n \r \t` short forms,
 *   other control characters as lowercase `\u00xx`; everything else as UTF-8); a string may not contain U+0000
 *   (jsonb refuses it) or an unpaired surrogate;
 * - arrays in their order; objects with their keys sorted by UTF-16 code units (JavaScript's default sort, as in
 *   RFC 8785), written `{"key":value,...}`;
 * - object properties whose value is `undefined` are left out (as `JSON.stringify` does); anything else that is
 *   not JSON (undefined in an array, functions, symbols, bigints, NaN/Infinity, Dates, Maps, class instances)
 *   throws NotJsonError: a value is stored exactly as it is hashed, or not at all.
 * Reading the stored jsonb back with JSON.parse and canonicalising again gives the same text.
 */
export function canonicalJson(value: unknown, path = '$'): string {
  return write(value, undefined, path);
}

/**
 * Where a value sits: its container's place and its key there (the root has no container, and its key is the whole
 * root path). Written out as `$.data.seats[2]` only for an error message: a path string built for every value cost
 * more than the canonical text itself, and appends write every event's data.
 */
interface Place {
  readonly parent: Place | undefined;
  readonly key: string | number;
}

function pathOf(parent: Place | undefined, key: string | number): string {
  if (parent === undefined) return String(key);
  return pathOf(parent.parent, parent.key) + (typeof key === 'number' ? `[${key}]` : `.${key}`);
}

function write(value: unknown, parent: Place | undefined, key: string | number): string {
  switch (typeof value) {
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value)) throw new NotJsonError(`${pathOf(parent, key)} is ${value}, not a finite number`);
      return JSON.stringify(value);
    case 'string':
      assertStorable(value, parent, key);
      return JSON.stringify(value);
    case 'object': {
      if (value === null) return 'null';
      const here: Place = { parent, key };
      if (Array.isArray(value)) {
        let out = '[';
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          if (item === undefined) throw new NotJsonError(`${pathOf(here, i)} is undefined`);
          out += (i === 0 ? '' : ',') + write(item, here, i);
        }
        return out + ']';
      }
      // A plain object's prototype is null or some realm's Object.prototype (whose own prototype is null): rows
      // can come from another realm (a worker thread, Jest's sandbox), so no identity check against Object.prototype.
      const proto = Object.getPrototypeOf(value);
      if (proto !== null && Object.getPrototypeOf(proto) !== null) {
        throw new NotJsonError(`${pathOf(parent, key)} is a ${proto?.constructor?.name ?? 'non-plain object'}, not a plain object`);
      }
      const record = value as Record<string, unknown>;
      let out = '{';
      for (const name of Object.keys(record).sort()) {
        const member = record[name];
        if (member === undefined) continue;
        assertStorable(name, parent, key, 'key');
        out += (out.length === 1 ? '' : ',') + JSON.stringify(name) + ':' + write(member, here, name);
      }
      return out + '}';
    }
    default:
      throw new NotJsonError(`${pathOf(parent, key)} is a ${typeof value}, not JSON`);
  }
}

/** The canonical copy of a value as plain JSON data (validated, undefined properties dropped, detached from the input). */
export function toJsonValue(value: unknown, path = '$'): JsonValue {
  return JSON.parse(canonicalJson(value, path)) as JsonValue;
}

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Refuses a string (or, as `key`, an object key) that jsonb cannot store, naming where it is. */
function assertStorable(text: string, parent: Place | undefined, key: string | number, asKey?: 'key'): void {
  const why = text.includes('\u0000')
    ? 'contains U+0000, which jsonb cannot store'
    : UNPAIRED_SURROGATE.test(text)
      ? 'contains an unpaired UTF-16 surrogate'
      : null;
  if (why === null) return;
  throw new NotJsonError(asKey ? `${pathOf(parent, key)} key ${JSON.stringify(text)} ${why}` : `${pathOf(parent, key)} ${why}`);
}
