import type { RecordedEvent } from '@felt/event-store';
import { TABLE_STREAM_PREFIX } from './table-event';

/**
 * The table's record of a drop for a fund of the house's book (the jackpot and promotion drops, house options written
 * outside the engine: libs/accounting/house-rules; their zod schemas are the event's contract): chips taken from each
 * pot, before the pots were awarded. The views read it without the modules (the hand record, the session ledger), the
 * book collects it (libs/accounting), so its shape has this one home below them both.
 */
export interface DropTaken {
  readonly type: 'DropTaken';
  readonly handNumber: number;
  readonly fundId: string;
  readonly amount: number;
  readonly byPot: readonly number[];
  /** Which drop, where it is not the jackpot drop (house-rules/promotion-drop.js). */
  readonly drop?: 'promotion';
}

/** A table event as the store gives it back: its type and data. */
export function isDropTaken(event: { readonly type: string }): event is DropTaken {
  const e = event as Partial<DropTaken>;
  return (
    e.type === 'DropTaken' &&
    typeof e.fundId === 'string' &&
    Number.isSafeInteger(e.handNumber) &&
    Number.isSafeInteger(e.amount) &&
    Array.isArray(e.byPot)
  );
}

/** A table stream's recorded DropTaken (tableEventOf reads the engine's events only: the drop is a house module's). */
export function recordedDropOf(recorded: Pick<RecordedEvent, 'streamId' | 'type' | 'data'>): DropTaken | null {
  if (recorded.type !== 'DropTaken' || !recorded.streamId.startsWith(TABLE_STREAM_PREFIX)) return null;
  const event = { ...(recorded.data as object), type: recorded.type };
  return isDropTaken(event) ? event : null;
}
