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

/** The default engine's command types, event types and rejection codes (the core's, then the default modules'). */
export const { commandTypes: COMMAND_TYPES, eventTypes: EVENT_TYPES, rejectionCodes: REJECTION_CODES } = defaultTable;

/** Whether the default engine reads a recorded event of this type and schema version (TableEngine.readsEvent). */
export const readsSchemaVersion: (type: string, schemaVersion: number) => boolean = defaultTable.readsEvent;
