import { computeEventHash, GENESIS_HASH, type RecordedEvent } from '@felt/event-store';
import { newAuditEvent, type AuditEvent } from './audit-stream';

/** An audit stream (one day's) holding `events`, hash-chained as the API writes it: for verify's specs. */
export function auditStream(events: readonly AuditEvent[]): RecordedEvent[] {
  const recorded: RecordedEvent[] = [];
  let prevHash = GENESIS_HASH;
  events.forEach((event, i) => {
    const { type, schemaVersion, data } = newAuditEvent(event);
    const fields = {
      eventId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      streamId: 'audit-2026-01-01',
      streamVersion: i + 1,
      type,
      schemaVersion,
      data,
      metadata: {},
      recordedAt: '2026-01-01T00:00:00.000Z',
    };
    const unhashed = { ...fields, globalPosition: '0', txId: '0', prevHash, hash: '' } as RecordedEvent;
    const hash = computeEventHash(prevHash, unhashed);
    recorded.push({ ...unhashed, hash });
    prevHash = hash;
  });
  return recorded;
}
