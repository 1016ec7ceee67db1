import { randomUUID } from 'node:crypto';
import type { NewEvent } from '../src';

/** A stream id no other test uses. */
export function freshStreamId(category = 'table'): string {
  return `${category}-${randomUUID()}`;
}

/** `count` small events with recognisable data. */
export function sampleEvents(count: number, label = 'e'): NewEvent[] {
  return Array.from({ length: count }, (_, i) => ({
    type: i % 2 === 0 ? 'ChipsMoved' : 'CardDealt',
    schemaVersion: 1,
    data: { label: `${label}${i}`, amount: i * 10, nested: { z: 1, a: [true, null, 'x'] } },
  }));
}
