import type { NewEvent, RecordedEvent } from '@felt/event-store';
import { TOURNAMENT_EVENT_SCHEMA_VERSION, type TournamentEvent } from './events';

/** A tournament in the event store: one stream "tournament-<id>" (category "tournament"), beside tables and games. */
export const TOURNAMENT_STREAM_PREFIX = 'tournament-';
export const TOURNAMENT_STREAM_CATEGORY = 'tournament';

export function tournamentStreamIdOf(tournamentId: string): string {
  return TOURNAMENT_STREAM_PREFIX + tournamentId;
}

export function tournamentIdOf(streamId: string): string | null {
  return streamId.startsWith(TOURNAMENT_STREAM_PREFIX) ? streamId.slice(TOURNAMENT_STREAM_PREFIX.length) : null;
}

export function toNewTournamentEvent(event: TournamentEvent): NewEvent {
  const { type, ...data } = event;
  return { type, schemaVersion: TOURNAMENT_EVENT_SCHEMA_VERSION, data };
}

export function toTournamentEvent(recorded: RecordedEvent): TournamentEvent {
  if (recorded.schemaVersion !== TOURNAMENT_EVENT_SCHEMA_VERSION)
    throw new Error(
      `${recorded.streamId} v${recorded.streamVersion} (${recorded.type}) has schema version ${recorded.schemaVersion}, which the tournament does not read`,
    );
  return { ...(recorded.data as object), type: recorded.type } as TournamentEvent;
}
