import type { Decider } from '../decider';
import type { TableCommand } from './commands';
import type { TableEvent } from './events';
import type { Rejection } from './rejections';
import { INITIAL_TABLE_STATE, type TableState } from './state';
import { decide } from './decide';
import { evolve } from './evolve';

/** The table as a decider: the one object the application, the CLI and a regulator's replay all use. */
export const tableDecider: Decider<TableCommand, TableState, TableEvent, Rejection> = {
  initialState: INITIAL_TABLE_STATE,
  decide,
  evolve,
};
