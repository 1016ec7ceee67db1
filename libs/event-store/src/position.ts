import type { RecordedEvent } from './event-types';

/**
 * A place in the global log: the log is ordered by (txId, globalPosition), both bigints as decimal strings.
 * Ordering by the writing transaction first is what lets a reader never skip an event committed out of order.
 */
export interface Position {
  txId: string;
  globalPosition: string;
}

/** Before the first event. */
export const START: Position = Object.freeze({ txId: '0', globalPosition: '0' });

export function positionOf(event: Pick<RecordedEvent, 'txId' | 'globalPosition'>): Position {
  return { txId: event.txId, globalPosition: event.globalPosition };
}

/** Negative if a is before b, 0 if equal, positive if after. */
export function comparePositions(a: Position, b: Position): number {
  const byTx = compareBigints(a.txId, b.txId);
  return byTx !== 0 ? byTx : compareBigints(a.globalPosition, b.globalPosition);
}

function compareBigints(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
