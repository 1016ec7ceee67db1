import type { TableEvent } from '../table/events';
import type { ModuleFormats } from './module-formats';

/** A kill pot in the hand's record: a post to a live total. Apart from the module's schemas (see chop-record.ts). */
export const KILL_POT_RECORD = {
  record: {
    KillPotPosted: (e) => {
      const { seat, amount } = e as Extract<TableEvent, { type: 'KillPotPosted' }>;
      return [{ change: 'post-to-total', seat, kind: 'kill-pot', total: amount }];
    },
  },
} as const satisfies ModuleFormats;
