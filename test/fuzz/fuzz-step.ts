import type { Answer } from './fuzz-checks';
import type { Actor } from './fuzz-world';

/** One request the stateful fuzzer decided on: who sends it, what, and what to learn from the answer. */
export interface Step {
  readonly actor: Actor;
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path with its query. */
  readonly path: string;
  /** A JSON body, written with JSON.stringify. */
  readonly body?: unknown;
  /** The body's text as sent instead (a mutated body: a key twice, broken JSON). */
  readonly raw?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Called with the answer, after the checks. */
  readonly observe?: (answer: Answer) => void;
}

export const get = (actor: Actor, path: string, observe?: Step['observe']): Step => ({
  actor,
  method: 'GET',
  path,
  ...(observe ? { observe } : {}),
});

export const post = (actor: Actor, path: string, body: unknown, observe?: Step['observe']): Step => ({
  actor,
  method: 'POST',
  path,
  body,
  ...(observe ? { observe } : {}),
});

export const ok = (answer: Answer): boolean => answer.status >= 200 && answer.status < 300;
