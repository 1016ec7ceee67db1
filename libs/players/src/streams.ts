import type { NewEvent, RecordedEvent } from '@felt/event-store';
import { EXCLUSION_EVENT_TYPES, PLAYER_EVENT_SCHEMA_VERSION, PLAYER_EVENT_TYPES, type ExclusionEvent, type PlayerEvent } from './events';

/**
 * Where the registry sits in the event store: one stream per player, "player-<playerId>" (the pseudonymous id:
 * the casino's card number or one the API made up), and one per imported exclusion list, "exclusions-<listId>".
 * Hash-chained, exported and verified like the tables' streams.
 */
export const PLAYER_STREAM_PREFIX = 'player-';
export const PLAYER_STREAM_CATEGORY = 'player';
export const EXCLUSION_STREAM_PREFIX = 'exclusions-';
export const EXCLUSION_STREAM_CATEGORY = 'exclusions';

export const playerStreamIdOf = (playerId: string): string => PLAYER_STREAM_PREFIX + playerId;
export const exclusionStreamIdOf = (listId: string): string => EXCLUSION_STREAM_PREFIX + listId;

export function playerIdOf(streamId: string): string | null {
  return streamId.startsWith(PLAYER_STREAM_PREFIX) ? streamId.slice(PLAYER_STREAM_PREFIX.length) : null;
}

export function listIdOf(streamId: string): string | null {
  return streamId.startsWith(EXCLUSION_STREAM_PREFIX) ? streamId.slice(EXCLUSION_STREAM_PREFIX.length) : null;
}

export function toNewPlayerEvent(event: PlayerEvent | ExclusionEvent): NewEvent {
  const { type, ...data } = event;
  return { type, schemaVersion: PLAYER_EVENT_SCHEMA_VERSION, data };
}

const PLAYER_TYPES: ReadonlySet<string> = new Set(PLAYER_EVENT_TYPES);
const EXCLUSION_TYPES: ReadonlySet<string> = new Set(EXCLUSION_EVENT_TYPES);

/** A recorded event of the registry, told apart by its stream: null for any other stream's event. */
export function toRegistryEvent(
  recorded: Pick<RecordedEvent, 'streamId' | 'type' | 'data' | 'schemaVersion'>,
): { kind: 'player'; id: string; event: PlayerEvent } | { kind: 'list'; id: string; event: ExclusionEvent } | null {
  const playerId = playerIdOf(recorded.streamId);
  const listId = playerId === null ? listIdOf(recorded.streamId) : null;
  if (playerId === null && listId === null) return null;
  if (recorded.schemaVersion !== PLAYER_EVENT_SCHEMA_VERSION)
    throw new Error(`${recorded.streamId} ${recorded.type} has schema version ${recorded.schemaVersion}, which the registry does not read`);
  const event = { ...(recorded.data as object), type: recorded.type };
  if (playerId !== null && PLAYER_TYPES.has(recorded.type)) return { kind: 'player', id: playerId, event: event as PlayerEvent };
  if (listId !== null && EXCLUSION_TYPES.has(recorded.type)) return { kind: 'list', id: listId, event: event as ExclusionEvent };
  throw new Error(`${recorded.streamId} holds ${recorded.type}, which the registry does not write`);
}
