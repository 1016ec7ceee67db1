import type { JsonValue, RecordedEvent } from '@felt/event-store';
import type { TournamentEvent } from '@felt/tournament';

/** A tournament's events as the store would record them (made-up ids, positions and hashes), staff named in the metadata. */
export function recordedTournament(events: readonly TournamentEvent[], streamId = 'tournament-contract'): RecordedEvent[] {
  return events.map(({ type, ...data }, i) => ({
    eventId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    streamId,
    streamVersion: i + 1,
    globalPosition: String(i + 1),
    txId: String(1000 + i),
    type,
    schemaVersion: 1,
    data: data as JsonValue,
    metadata: { commandId: `cmd-${i}`, actorId: 'floor-1', actorRole: 'floor' },
    recordedAt: new Date(Date.UTC(2026, 0, 1, 19, 0, 0, i)).toISOString(),
    prevHash: '0'.repeat(64),
    hash: '0'.repeat(64),
  }));
}
