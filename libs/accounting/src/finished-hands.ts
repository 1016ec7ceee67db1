import { DEFAULT_MODULES, type AnyRuleModule, type TableEvent } from '@felt/engine';
import { evolveHandRecord, startHandRecord, type HandRecord } from '@felt/projections';

/** A table event with where and when the log recorded it. */
export interface LoggedTableEvent {
  readonly event: TableEvent;
  readonly version: number;
  readonly at: string;
}

/** Where a fold of a table's hands stands: the hand being played (null between hands). */
export interface HandsFold {
  readonly current: HandRecord | null;
}

export const HANDS_FOLD_START: HandsFold = Object.freeze({ current: null });

/**
 * A table's finished hands (complete or voided), each folded into the one hand record with the times the log
 * recorded: what qualifies jackpot hands and what the revenue report sums. A hand still being played is left out.
 * `modules`: the table's house options, whose events change the records as they say (their `formats.record`).
 */
export function finishedHands(
  tableId: string,
  events: readonly LoggedTableEvent[],
  modules: readonly AnyRuleModule[] = DEFAULT_MODULES,
): HandRecord[] {
  return foldHands(tableId, events, HANDS_FOLD_START, modules).done;
}

/**
 * The same fold, resumed from `from` (what an earlier call returned as `fold`) over the events after it: a reader
 * that keeps `fold` folds each event once (apps/api LoggedHands). The hands finished among `events` are `done`.
 */
export function foldHands(
  tableId: string,
  events: readonly LoggedTableEvent[],
  from: HandsFold,
  modules: readonly AnyRuleModule[] = DEFAULT_MODULES,
): { done: HandRecord[]; fold: HandsFold } {
  const done: HandRecord[] = [];
  let current = from.current;
  for (const { event, version, at } of events) {
    const meta = { version, at };
    if (event.type === 'HandStarted') {
      current = startHandRecord(tableId, event, meta);
      continue;
    }
    if (!current || event.type === 'DeckSealed') continue;
    current = evolveHandRecord(current, event, meta, modules);
    if (current.status !== 'in-progress') {
      done.push(current);
      current = null;
    }
  }
  return { done, fold: { current } };
}
