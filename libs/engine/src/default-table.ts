/**
 * The engine of a Felt table with the default house options (house-options/default-modules.ts): what index.ts
 * exports as `tableDecider`, `decide`, `evolve`, `legalActions` and the other reads that ask the modules. The one
 * place where the core and the default modules meet.
 */
import { createTableDecider, type TableEngine } from './table/table-decider';
import { DEFAULT_MODULES } from './house-options/default-modules';

export const defaultTable: TableEngine = createTableDecider(DEFAULT_MODULES);

/** The table as a decider, with the default house options. */
export const tableDecider: TableEngine = defaultTable;

export const {
  decide,
  evolve,
  automaticEvents,
  normalizeRules,
  legalActions,
  randomLegalCommand,
  commandFor,
  planNextHand,
  boardDue,
  chipsOnTable,
} = defaultTable;
