import { formatPath } from '@felt/formats';

/** Objects and arrays nested deeper than this are refused before JSON.parse (and every walk after it) recurses. */
export const MAX_JSON_DEPTH = 64;

/** Counting stops past this depth: enough to refuse, and a bound on the work a hostile text can ask for. */
const DEPTH_COUNTED = 10_000;

/** A member name given twice in one object: where (the path of the second one, as field issues write paths) and which. */
export interface DuplicateKey {
  readonly path: string;
  readonly key: string;
}

/** Why a JSON text is refused, or its value. */
export type JsonTextResult =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly code: 'JSON_TOO_DEEP'; readonly depth: number }
  | { readonly ok: false; readonly code: 'MALFORMED_JSON'; readonly reason: string }
  | { readonly ok: false; readonly code: 'DUPLICATE_KEY'; readonly duplicate: DuplicateKey };

/**
 * A JSON text parsed as the API reads every one (bodies and /live messages): too deep is refused before parsing,
 * then JSON.parse, then a member name repeated in an object at any depth is refused, where JSON.parse would keep
 * the last one silently (two readers of one body must never see two different commands).
 */
export function parseJsonText(text: string): JsonTextResult {
  const shape = scanJsonText(text);
  if (shape.depth > MAX_JSON_DEPTH) return { ok: false, code: 'JSON_TOO_DEEP', depth: shape.depth };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, code: 'MALFORMED_JSON', reason: (error as Error).message };
  }
  return shape.duplicate === null ? { ok: true, value } : { ok: false, code: 'DUPLICATE_KEY', duplicate: shape.duplicate };
}

/** The sentence for a duplicate member, the same in every answer. */
export function duplicateKeyMessage(duplicate: DuplicateKey): string {
  return `the field ${JSON.stringify(duplicate.key.length > 64 ? `${duplicate.key.slice(0, 64)}…` : duplicate.key)} is given twice in one object; send each field once`;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/**
 * One pass over a JSON text, without recursion: how deep objects and arrays nest (brackets inside strings do not
 * count; counting stops past 10,000), and the first member name that repeats in its object. Names are compared as
 * JSON.parse reads them ("a" and "\u0061" are one name). The text need not be valid JSON: on one that is not, the
 * answer means nothing but the pass still ends, and JSON.parse refuses the text.
 */
export function scanJsonText(text: string): { readonly depth: number; readonly duplicate: DuplicateKey | null } {
  // Per open object or array, innermost last: the names of an object so far (null for an array), and the member
  // name or index being read in it (for the path).
  const names: (Names | null)[] = [];
  const at: (string | number)[] = [];
  let depth = 0;
  let deepest = 0;
  let expectName = false;
  let duplicate: DuplicateKey | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      let escaped = false;
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) {
          escaped = true;
          i++;
        } else if (d === QUOTE) break;
      }
      if (expectName && depth > 0) {
        const name = escaped ? decodedString(text.slice(start, i + 1)) : text.slice(start + 1, i);
        if (!names[depth - 1]!.add(name) && duplicate === null)
          duplicate = { path: formatPath([...at.slice(0, depth - 1), name]), key: name };
        at[depth - 1] = name;
        expectName = false;
      }
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > deepest) deepest = depth;
      if (deepest > DEPTH_COUNTED) break;
      const isObject = c === OPEN_OBJECT;
      names[depth - 1] = isObject ? new Names() : null;
      at[depth - 1] = 0;
      expectName = isObject;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      if (depth > 0) depth--;
      expectName = false;
    } else if (c === COMMA && depth > 0) {
      if (names[depth - 1] === null) (at[depth - 1] as number)++;
      else expectName = true;
    }
  }
  return { depth: deepest, duplicate };
}

/**
 * The member names of one object: a list while it is short (most bodies' objects have a handful of members, and a
 * list is cheaper to make and search than a Set), a Set beyond.
 */
class Names {
  private list: string[] | null = [];
  private set: Set<string> | null = null;

  /** Adds `name`; false if it was there already. */
  add(name: string): boolean {
    if (this.list !== null) {
      if (this.list.includes(name)) return false;
      this.list.push(name);
      if (this.list.length > 16) {
        this.set = new Set(this.list);
        this.list = null;
      }
      return true;
    }
    const set = this.set!;
    if (set.has(name)) return false;
    set.add(name);
    return true;
  }
}

/** A JSON string literal's value; a broken one as its raw text (the text is refused by JSON.parse then). */
function decodedString(literal: string): string {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return literal;
  }
}
