/**
 * Every way the room refuses a command. The code is stable (consoles key on it); the sentence is written for the
 * floor.
 */
export const ROOM_REJECTION_CODES = [
  'GAME_NOT_OPEN',
  'GAME_ALREADY_OPEN',
  'GAME_CLOSED',
  'GAME_NOT_EMPTY',
  'INVALID_COMMAND',
  'TABLE_NOT_IN_GAME',
  'TABLE_ALREADY_IN_GAME',
  'SEAT_OUT_OF_RANGE',
  'SEAT_TAKEN',
  'SEAT_ALREADY_OFFERED',
  'SEAT_ALREADY_OPEN',
  'PLAYER_ALREADY_LISTED',
  'ALIAS_TAKEN',
  'PLAYER_NOT_LISTED',
  'PLAYER_ALREADY_SEATED',
  'PLAYER_NOT_SEATED',
  'PLAYER_ALREADY_CALLED',
  'PLAYER_NOT_CALLED',
  'CALL_OUT_OF_TURN',
  'LIST_AHEAD',
  'INVALID_PASS_OVER',
  'CALL_STILL_RUNNING',
  'NO_TABLE_CHANGE',
] as const;

export type RoomRejectionCode = (typeof ROOM_REJECTION_CODES)[number];

export interface RoomRejection {
  readonly code: RoomRejectionCode;
  readonly message: string;
  /** The command field at fault, when there is one. */
  readonly field?: string;
}

export function roomRejection(code: RoomRejectionCode, message: string, field?: string): RoomRejection {
  return field === undefined ? { code, message } : { code, message, field };
}
