import {
  ROOM_EVENT_SCHEMA_VERSION,
  ROOM_EVENT_TYPES,
  roomCommandFor,
  roomDecider,
  type GameState,
  type RoomCommand,
  type RoomEvent,
  type RoomRejection,
} from '@felt/room';
import { DecidedReplay, type ReplayedKind } from './decided-replay';

/** Room streams are "game-<gameId>" (libs/room game-stream.ts). */
export { GAME_STREAM_PREFIX } from '@felt/room';

const ROOM: ReplayedKind<RoomCommand, GameState, RoomEvent, RoomRejection> = {
  name: 'room',
  decider: roomDecider,
  eventTypes: new Set<string>(ROOM_EVENT_TYPES),
  schemaVersion: ROOM_EVENT_SCHEMA_VERSION,
  commandFor: (events) => roomCommandFor(events[0]!),
};

/**
 * The room's counterpart of the engine checks (docs/room.md): a game stream's events, grouped by the command that
 * appended them, each group's command rebuilt from its first event (roomCommandFor) and decided again on the game
 * folded so far; the room must derive exactly the recorded events (automatic ones included). A call that skipped a
 * player without a recorded reason, a seat offered twice, a no-show before its deadline would show here as a
 * `rules` violation.
 */
export class RoomReplay extends DecidedReplay<RoomCommand, GameState, RoomEvent, RoomRejection> {
  constructor(streamId: string) {
    super(streamId, ROOM);
  }
}
