import type { ModuleFormats } from './module-formats';
import type { TableEvent } from '../table/events';

/**
 * The rake in the hand's record: each pot's share waits in the record for the pot's award (RakeTaken comes before
 * the awards). Apart from the module's schemas (see chop-record.ts).
 */
export const RAKE_RECORD = {
  record: {
    RakeTaken: (e) => {
      const { amount, byPot } = e as Extract<TableEvent, { type: 'RakeTaken' }>;
      return [{ change: 'house-take', amount, byPot }];
    },
  },
} as const satisfies ModuleFormats;
