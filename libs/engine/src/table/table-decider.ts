import type { Decider } from '../decider';
import type { AnyRuleModule } from '../house-options/rule-module';
import { CORE_COMMAND_TYPES, type TableCommand, type TableCommandType } from './commands';
import { CORE_EVENT_TYPES, coreReadsSchemaVersion, type TableEvent, type TableEventType } from './events';
import { CORE_REJECTION_CODES, type Rejection, type RejectionCode } from './rejections';
import type { TableRules, TableRulesInput } from './rules';
import type { TableState } from './state';
import { INITIAL_TABLE_STATE } from './state';
import { decide, type TableDecision } from './decide';
import { automaticEvents } from './dealer';
import { evolve } from './evolve';
import { normalizeRules } from './rules';
import { legalActions, type LegalAction, type LegalActions } from './legal-actions';
import { randomLegalCommand, commandFor } from './random-player';
import { planNextHand, type HandPlan } from './positions';
import { boardDue } from './live-cards';
import { chipsOnTable } from './chips';
import { tableHooks, type TableHooks } from './hooks';
import type { BoardStreet } from './commands';

/**
 * The table as a decider: the one object the application, the CLI and a regulator's replay all use. Its decide
 * also returns the state an accepted command leads to, so callers need not fold its events again.
 */
export interface TableDecider extends Decider<TableCommand, TableState, TableEvent, Rejection> {
  decide(command: TableCommand, state: TableState): TableDecision;
}

/** A table's engine for one list of rule modules: the decider and every read of the state that asks the modules. */
export interface TableEngine extends TableDecider {
  /** The modules, in the order the core asks them. */
  readonly modules: readonly AnyRuleModule[];
  /** Every command type it decides, event type it folds, and rejection code it answers with: the core's, then its modules'. */
  readonly commandTypes: readonly TableCommandType[];
  readonly eventTypes: readonly TableEventType[];
  readonly rejectionCodes: readonly RejectionCode[];
  /** The hooks the core is handed (for the specs that check a hook's claim). */
  readonly hooks: TableHooks;
  automaticEvents(state: TableState): readonly TableEvent[];
  normalizeRules(input: TableRulesInput): { ok: true; rules: TableRules } | { ok: false; rejection: Rejection };
  legalActions(state: TableState): LegalActions;
  randomLegalCommand(state: TableState, random: () => number): TableCommand | null;
  commandFor(action: LegalAction, random: () => number, state?: TableState): TableCommand;
  planNextHand(state: TableState): HandPlan | { problem: 'BUTTON_NOT_PLACED' | 'NOT_ENOUGH_PLAYERS' };
  boardDue(state: TableState): { street: BoardStreet; count: number } | Rejection;
  chipsOnTable(state: TableState): number;
  /**
   * Whether this engine reads a recorded event of this type and schema version: the core's by events.ts, a
   * module's own event types (its evolve handlers of types the core does not fold) at version 1. A store or a
   * verifier asks before folding.
   */
  readsEvent(type: string, schemaVersion: number): boolean;
  /** The command a module rebuilds from the first event it recorded (RuleModule.commandFor); null: no module's. */
  moduleCommandFor(first: TableEvent, lastType: string): TableCommand | null;
  /** The chips an event puts on the table outside the pots by its modules' say (RuleModule.chipsMoved). */
  chipsMovedBy(event: TableEvent): number;
}

/**
 * The engine of a table that offers these house options, asked in this order (the core names none of them; it is
 * handed their hooks here). The default set is house-options/default-modules.ts; a casino adds its own to a copy
 * of that list (examples/house-rules/).
 */
export function createTableDecider(modules: readonly AnyRuleModule[]): TableEngine {
  const h = tableHooks(Object.freeze(modules.slice()));
  const own = <T>(core: readonly T[], types: readonly T[]): readonly T[] =>
    Object.freeze([...core, ...new Set(types.filter((type) => !core.includes(type)))]);
  const eventTypes = own(
    CORE_EVENT_TYPES as readonly string[],
    modules.flatMap((m) => Object.keys(m.evolve ?? {})),
  );
  const ownTypes: ReadonlySet<string> = new Set(eventTypes.slice(CORE_EVENT_TYPES.length));
  const rebuilders = modules.filter((m) => m.commandFor !== undefined);
  const movers = modules.filter((m) => m.chipsMoved !== undefined);
  const fold = (state: TableState, event: TableEvent) => evolve(h, state, event);
  return Object.freeze({
    modules: h.modules,
    commandTypes: own(
      CORE_COMMAND_TYPES as readonly string[],
      modules.flatMap((m) => Object.keys(m.commands ?? {})),
    ) as TableCommandType[],
    eventTypes: eventTypes as TableEventType[],
    rejectionCodes: own(
      CORE_REJECTION_CODES as readonly string[],
      modules.flatMap((m) => m.rejectionCodes ?? []),
    ) as RejectionCode[],
    hooks: h,
    initialState: INITIAL_TABLE_STATE,
    decide: (command: TableCommand, state: TableState) => decide(h, command, state, fold),
    evolve: fold,
    automaticEvents: (state: TableState) => automaticEvents(h, state),
    normalizeRules: (input: TableRulesInput) => normalizeRules(h, input),
    legalActions: (state: TableState) => legalActions(h, state),
    randomLegalCommand: (state: TableState, random: () => number) => randomLegalCommand(h, state, random),
    commandFor: (action: LegalAction, random: () => number, state?: TableState) => commandFor(h, action, random, state),
    planNextHand: (state: TableState) => planNextHand(h, state),
    boardDue: (state: TableState) => boardDue(h, state),
    chipsOnTable: (state: TableState) => chipsOnTable(h, state),
    readsEvent: (type: string, schemaVersion: number) =>
      coreReadsSchemaVersion(type, schemaVersion) || (schemaVersion === 1 && ownTypes.has(type)),
    moduleCommandFor: (first: TableEvent, lastType: string) => {
      for (const m of rebuilders) {
        const command = m.commandFor!(first, lastType);
        if (command !== null) return command;
      }
      return null;
    },
    chipsMovedBy: (event: TableEvent) => movers.reduce((sum, m) => sum + m.chipsMoved!(event), 0),
  });
}
