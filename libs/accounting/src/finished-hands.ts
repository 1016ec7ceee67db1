import type { TableEvent } from '@felt/engine';
import { evolveHandRecord, startHandRecord, type HandRecord } from '@felt/projections';

/** A table event with where and when the log recorded it. */
export interface LoggedTableEvent {
  readonly event: TableEvent;
  readonly version: number;
  readonly at: string;
}

/**
 * A table's finished hands (complete or voided), each folded into the one hand record with the times the log
 * recorded: what qualifies jackpot hands and what the revenue report sums. A hand still being played is left out.
 */
export function finishedHands(tableId: string, events: readonly LoggedTableEvent[]): HandRecord[] {
  const done: HandRecord[] = [];
  let current: HandRecord | null = null;
  for (const { event, version, at } of events) {
    const meta = { version, at };
    if (event.type === 'HandStarted') {
      current = startHandRecord(tableId, event, meta);
      continue;
    }
    if (!current || event.type === 'DeckSealed') continue;
    current = evolveHandRecord(current, event, meta);
    if (current.status !== 'in-progress') {
      done.push(current);
      current = null;
    }
  }
  return done;
}
