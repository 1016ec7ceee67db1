import type { Decider } from '../decider';
import type { TableCommand } from './commands';
import type { TableEvent } from './events';
import type { Rejection } from './rejections';
import { INITIAL_TABLE_STATE, type TableState } from './state';
import { decide, type TableDecision } from './decide';
import { evolve } from './evolve';

/**
 * The table as a decider: the one object the application, the CLI and a regulator's replay all use. Its decide
 * also returns the state an accepted command leads to, so callers need not fold its events again.
 */
export interface TableDecider extends Decider<TableCommand, TableState, TableEvent, Rejection> {
  decide(command: TableCommand, state: TableState): TableDecision;
}

export const tableDecider: TableDecider = Object.freeze({
  initialState: INITIAL_TABLE_STATE,
  decide,
  evolve,
});
