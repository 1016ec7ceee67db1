import { ROOM_EVENT_SCHEMA_VERSION, type RoomEvent } from './events';
import type { NewEvent, RecordedEvent } from '@felt/event-store';

/**
 * How the room sits in the event store (the API writes it, the worker's read model and a regulator's replay read it): one stream per game, "game-<gameId>" (category "game"), beside the tables'
 * "table-<tableId>" streams, with the same append, hash chain, global log and exports. The event's type is in the
 * type column, its other fields are the data.
 */
export const GAME_STREAM_PREFIX = 'game-';
export const GAME_STREAM_CATEGORY = 'game';

export function gameStreamIdOf(gameId: string): string {
  return GAME_STREAM_PREFIX + gameId;
}

export function gameIdOf(streamId: string): string | null {
  return streamId.startsWith(GAME_STREAM_PREFIX) ? streamId.slice(GAME_STREAM_PREFIX.length) : null;
}

export function toNewRoomEvent(event: RoomEvent): NewEvent {
  const { type, ...data } = event;
  return { type, schemaVersion: ROOM_EVENT_SCHEMA_VERSION, data };
}

export function toRoomEvent(recorded: RecordedEvent): RoomEvent {
  if (recorded.schemaVersion !== ROOM_EVENT_SCHEMA_VERSION)
    throw new Error(
      `${recorded.streamId} v${recorded.streamVersion} (${recorded.type}) has schema version ${recorded.schemaVersion}, which the room does not read`,
    );
  return { ...(recorded.data as object), type: recorded.type } as RoomEvent;
}
