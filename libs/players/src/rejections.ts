/** Every way the registry refuses a command: stable codes (consoles key on them), sentences for the floor. */
export const PLAYER_REJECTION_CODES = [
  'PLAYER_ALREADY_REGISTERED',
  'PLAYER_NOT_REGISTERED',
  'PLAYER_ERASED',
  'BAN_EXISTS',
  'BAN_NOT_FOUND',
  'BAN_ALREADY_LIFTED',
  'BAN_ENDS_BEFORE_START',
  'ENTRY_DUPLICATE',
  'ENTRY_WITHOUT_IDENTITY',
  'ENTRY_NOT_FOUND',
  'LIFT_ALREADY_REQUESTED',
  'LIFT_NOT_REQUESTED',
  'APPROVER_IS_REQUESTER',
] as const;

export type PlayerRejectionCode = (typeof PLAYER_REJECTION_CODES)[number];

export interface PlayerRejection {
  readonly code: PlayerRejectionCode;
  readonly message: string;
}

export function playerRejection(code: PlayerRejectionCode, message: string): PlayerRejection {
  return { code, message };
}
