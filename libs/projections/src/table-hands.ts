import { DEFAULT_MODULES, type AnyRuleModule, type TableEvent, type TableRules } from '@felt/engine';
import { evolveHandRecord, startHandRecord, type HandDeal, type HandAction, type HandRecord } from './hand-record';

/** A hand with the rules it was played under and the table it was played at. */
export interface TableHand {
  /** Null for a hand begun before the log says the table's rules (a log cut in the middle). */
  readonly rules: TableRules | null;
  readonly record: HandRecord;
  /** The hand's events in log order, HandStarted on (what a house option's exportNotes hook reads). */
  readonly events: readonly TableEvent[];
}

/**
 * Every hand of a table's events, folded into its record (the last one may be in progress), each with the rules it
 * started under, but those `include` refuses. Versions count the events from 1; times are empty (bare events have none).
 * `modules`: the table's house options (its engine's), whose events change the records as they say.
 */
export function tableHands(
  events: readonly TableEvent[],
  include: (handNumber: number) => boolean = () => true,
  modules: readonly AnyRuleModule[] = DEFAULT_MODULES,
): TableHand[] {
  const hands: TableHand[] = [];
  let rules: TableRules | null = null;
  let tableId = '';
  let current: TableHand | null = null;
  events.forEach((e, i) => {
    const meta = { version: i + 1, at: '' };
    if (e.type === 'TableOpened') {
      rules = e.rules;
      tableId = e.tableId;
    } else if (e.type === 'RulesChanged') rules = e.rules;
    else if (e.type === 'HandStarted') {
      current = include(e.handNumber) ? { rules, record: startHandRecord(tableId, e, meta), events: [e] } : null;
      if (current) hands.push(current);
    } else if (current) {
      const record = evolveHandRecord(current.record, e, meta, modules);
      (current.events as TableEvent[]).push(e);
      hands[hands.length - 1] = current = { ...current, record };
      if (record.status !== 'in-progress') current = null;
    }
  });
  return hands;
}

/** One step of a hand in the order it happened: a deal, or the `index`-th action (retracted ones and corrections included). */
export type HandStep = { readonly deal: HandDeal } | { readonly action: HandAction; readonly index: number };

/** The deals and actions of a hand, interleaved as they happened. */
export function handSteps(hand: HandRecord): HandStep[] {
  const steps: HandStep[] = [];
  const deals = hand.deals ?? [];
  let d = 0;
  hand.actions.forEach((action, index) => {
    for (; d < deals.length && deals[d]!.at <= index; d++) steps.push({ deal: deals[d]! });
    steps.push({ action, index });
  });
  for (; d < deals.length; d++) steps.push({ deal: deals[d]! });
  return steps;
}
