import type { ModuleFormats } from './module-formats';
import type { TableEvent } from '../table/events';

/** A clock that ran out, in the hand's record: the seat timed out. Apart from the module's schemas (see chop-record.ts). */
export const SHOT_CLOCK_RECORD = {
  record: { ClockExpired: (e) => [{ change: 'timed-out', seat: (e as Extract<TableEvent, { type: 'ClockExpired' }>).seat }] },
} as const satisfies ModuleFormats;
