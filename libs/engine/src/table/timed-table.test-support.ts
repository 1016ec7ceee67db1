import { tableDecider } from '../default-table';
import type { TableCommand } from './commands';
import type { TableEvent } from './events';
import type { TableState } from './state';

/**
 * A table played command by command, each at the time `at()` gives when it is sent (for the random clocked hands of
 * the house-option specs): what the log recorded, and the state now.
 */
export interface TimedTable {
  readonly state: TableState;
  readonly log: readonly TableEvent[];
  /** Decides the command; false (nothing recorded) if refused. */
  apply(command: TableCommand): boolean;
  /** Decides the command, which must be accepted. */
  must(command: TableCommand): void;
}

export function timedTable(at: () => number): TimedTable {
  let state: TableState = tableDecider.initialState;
  const log: TableEvent[] = [];
  const apply = (command: TableCommand): boolean => {
    const d = tableDecider.decide({ ...command, at: new Date(at()).toISOString() }, state);
    if (!d.ok) return false;
    log.push(...d.events);
    state = d.state;
    return true;
  };
  return {
    get state() {
      return state;
    },
    log,
    apply,
    must(command) {
      if (!apply(command)) throw new Error(`refused: ${JSON.stringify(command)}`);
    },
  };
}
