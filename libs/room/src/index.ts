/**
 * @felt/room — the poker room around the tables as a pure decider: games, their lists, calls to open seats,
 * table changes, interest lists and must-move games. No clock, no randomness, no I/O: time comes in on commands.
 * This file is the table of contents (docs/room.md is the guide).
 */

// The decider: one game (and its list) per stream.
export { roomDecider } from './room-decider';
export { decideGame, type RoomDecision } from './decide';
export { evolveGame } from './evolve';
export { type RoomCommand, type RoomCommandType, type SeatedPlayer, type PassOver, ROOM_COMMAND_TYPES } from './commands';
// The commands as clients send them, in zod: the API's validation and OpenAPI, and RoomCommand's types, come from them.
export {
  listCommandSchema,
  openGameFieldsSchema,
  gameIdSchema,
  roomPlayerIdSchema,
  aliasSchema,
  roomSeatSchema,
  tableSeatsSchema,
  ROOM_ID,
  ALIAS,
  MAX_TABLE_SEATS,
} from './command-schema';
export {
  type RoomEvent,
  type RoomEventType,
  type CallRoute,
  type PassOverReason,
  PASS_OVER_REASONS,
  ROOM_EVENT_TYPES,
  ROOM_EVENT_SCHEMA_VERSION,
} from './events';
export { type RoomRejection, type RoomRejectionCode, ROOM_REJECTION_CODES, roomRejection } from './rejections';
export {
  type GameState,
  type GameTable,
  type SeatHolder,
  type ListEntry,
  type PendingCall,
  type ChangeRequest,
  INITIAL_GAME_STATE,
  tableOf,
  seatOf,
  callOf,
  openSeats,
  waitingCount,
} from './state';

// Where a game lives in the event store: its stream "game-<gameId>", and its events as recorded there.
export { GAME_STREAM_PREFIX, GAME_STREAM_CATEGORY, gameStreamIdOf, gameIdOf, toNewRoomEvent, toRoomEvent } from './game-stream';

// A regulator's replay: the command each recorded decision came from.
export { roomCommandFor } from './command-for-events';

// Who is owed an open seat (the fairness rule), and the two boards.
export { seatQueue, type SeatCandidate } from './seat-queue';
export {
  boardGame,
  floorGame,
  floorGameAt,
  WITHHELD_ALIAS,
  WITHOUT_REGISTRY,
  type BoardAliasOf,
  type BoardGame,
  type FloorGame,
  type FloorGameAt,
} from './board';

// House policies (⚙): one file each, with its spec.
export {
  type RoomPolicies,
  type RoomPoliciesInput,
  DEFAULT_ROOM_POLICIES,
  normalizeRoomPolicies,
  roomPoliciesInputSchema,
} from './house-policies/room-policies';
export { DEFAULT_CALL_RESPONSE_SECONDS, respondBy, callRunOut } from './house-policies/call-response';
export { type NoShowPolicy, NO_SHOW_POLICIES, DEFAULT_NO_SHOW, noShowOutcome } from './house-policies/no-show';
export { type MustMoveOrder, MUST_MOVE_ORDERS, DEFAULT_MUST_MOVE_ORDER, mustMoveOrder } from './house-policies/must-move-order';
export { DEFAULT_NEW_TABLE_AT, newTableDue } from './house-policies/new-table';
export { type TableChangePriority, TABLE_CHANGE_PRIORITIES, DEFAULT_TABLE_CHANGE_PRIORITY } from './house-policies/table-change-priority';
