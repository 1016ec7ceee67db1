import type { TableEvent } from '../table/events';
import type { ModuleFormats } from './module-formats';

/**
 * The chop in the hand's record: the house's fee (taken instead of any pot), then what each blind took back. A file
 * of its own, without the module's schemas, so that a light reader of records (the console) folds it too.
 */
export const CHOP_RECORD = {
  record: {
    BlindsChopped: (e) => {
      const { fee, returned } = e as Extract<TableEvent, { type: 'BlindsChopped' }>;
      return [
        { change: 'house-take', amount: fee, fee: true },
        ...returned.map((r) => ({ change: 'returned' as const, seat: r.seat, amount: r.amount })),
      ];
    },
  },
} as const satisfies ModuleFormats;
