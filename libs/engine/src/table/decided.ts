import { reject, type Decision } from '../decider';
import type { TableEvent } from './events';
import { rejection, type Rejection, type RejectionCode } from './rejections';
import type { TableState } from './state';
import type { TableHooks } from './hooks';
import { evolve } from './evolve';

/**
 * An accepted command comes with the state its events lead to (`state`), so a caller folds nothing twice: the
 * engine keeps no cache between calls (docs/architecture.md, "A pure engine").
 */
export type TableDecision =
  | { readonly ok: true; readonly events: readonly TableEvent[]; readonly state: TableState }
  | { readonly ok: false; readonly rejection: Rejection };
export type Result = TableDecision;

export const no = (code: RejectionCode, message: string, field?: string): Result => reject(rejection(code, message, field));

export const NOTHING: readonly TableEvent[] = Object.freeze([]);

/** A decision made elsewhere in table/ (a correction, a seat change), with the state its events lead to. */
export function followedUp(h: TableHooks, decision: Decision<TableEvent, Rejection>, state: TableState): Result {
  if (!decision.ok) return decision;
  let s = state;
  for (const e of decision.events) s = evolve(h, s, e);
  return { ok: true, events: decision.events, state: s };
}

/** Accepted with nothing to record: the state stays as it is. */
export function unchanged(state: TableState): Result {
  return { ok: true, events: NOTHING, state };
}
