import { CHOP_RECORD } from './chop-record';
import { KILL_POT_RECORD } from './kill-pot-record';
import type { ModuleFormats } from './module-formats';
import { RAKE_RECORD } from './rake-record';
import { RUN_IT_TWICE_RECORD } from './run-it-twice-record';
import { SHOT_CLOCK_RECORD } from './shot-clock-record';

/** What a fold of hand records reads of a module: how its events change a record, and which of them deal cards. */
export interface RecordParts {
  readonly formats?: Pick<ModuleFormats, 'record' | 'deals'>;
}

/**
 * The default modules' record parts without the modules: what a reader that folds records and nothing else (the
 * console's hand panel) needs, without their schemas and rules. The same objects the modules carry
 * (default-record-parts.spec.ts checks they are the default modules' own).
 */
export const DEFAULT_RECORD_PARTS: readonly RecordParts[] = Object.freeze(
  [CHOP_RECORD, KILL_POT_RECORD, RAKE_RECORD, RUN_IT_TWICE_RECORD, SHOT_CLOCK_RECORD].map((formats) => Object.freeze({ formats })),
);
