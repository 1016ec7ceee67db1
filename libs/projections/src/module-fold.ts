import type { ModuleDeal, RecordChange, RecordParts, TableEvent } from '@felt/engine';

/**
 * The house options' parts of the folds of a hand (hand-record.ts) and of a table's ledger (session-ledger.ts), by
 * event type: how each module says its own events change a hand's record (`formats.record`) and which of them deal
 * cards (`formats.deals`). Made once per list of modules (a rebuild folds a million events).
 */
export interface ModuleFold {
  readonly record: ReadonlyMap<string, (event: TableEvent) => readonly RecordChange[]>;
  readonly deals: ReadonlyMap<string, (event: TableEvent) => ModuleDeal>;
}

const FOLDS = new WeakMap<readonly RecordParts[], ModuleFold>();

export function moduleFold(modules: readonly RecordParts[]): ModuleFold {
  let fold = FOLDS.get(modules);
  if (!fold) {
    fold = {
      record: new Map(modules.flatMap((m) => Object.entries(m.formats?.record ?? {}))),
      deals: new Map(modules.flatMap((m) => Object.entries(m.formats?.deals ?? {}))),
    };
    FOLDS.set(modules, fold);
  }
  return fold;
}

/** The chips the house took with this event (its module's 'house-take' changes: a rake, a chop's fee); 0 for any other. */
export function houseTake(fold: ModuleFold, event: TableEvent): number {
  const changes = fold.record.get(event.type)?.(event) ?? [];
  return changes.reduce((sum, c) => sum + (c.change === 'house-take' ? c.amount : 0), 0);
}
