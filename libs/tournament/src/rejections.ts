/** Every way a tournament refuses a command. The code is stable (consoles key on it); the sentence is for the floor. */
export const TOURNAMENT_REJECTION_CODES = [
  'INVALID_COMMAND',
  'INVALID_STRUCTURE',
  'TOURNAMENT_NOT_CREATED',
  'TOURNAMENT_ALREADY_CREATED',
  'TOURNAMENT_FINISHED',
  'TABLE_ALREADY_ADDED',
  'TABLE_NOT_IN_PLAY',
  'REGISTRATION_CLOSED',
  'PLAYER_ALREADY_REGISTERED',
  'ALIAS_TAKEN',
  'ENTRY_NOT_FOUND',
  'ENTRY_STILL_ALIVE',
  'ENTRY_LIMIT_REACHED',
  'UNREGISTER_CLOSED',
  'SEATS_ALREADY_DRAWN',
  'TOO_FEW_ENTRIES',
  'TOO_FEW_TABLES',
  'INVALID_DRAW',
  'NO_SEAT_FREE',
  'CLOCK_NOT_STARTED',
  'CLOCK_ALREADY_STARTED',
  'CLOCK_NOT_RUNNING',
  'CLOCK_NOT_PAUSED',
  'CLOCK_NOT_DUE',
  'LEVEL_ALREADY_ADVANCED',
  'NO_NEXT_LEVEL',
  'STACKS_DO_NOT_MATCH_TABLE',
  'CHIPS_NOT_CONSERVED',
  'MOVE_NOT_PENDING',
  'SEAT_TAKEN',
  'REBUY_NOT_ALLOWED',
  'ADD_ON_NOT_ALLOWED',
  'NO_COLOUR_UP',
  'WAITING_FOR_HAND_FOR_HAND',
  'DEAL_NOT_ALLOWED',
  'DEAL_LEAVES_TOO_MUCH',
  'DEAL_AMOUNT_NOT_ROUNDED',
] as const;

export type TournamentRejectionCode = (typeof TOURNAMENT_REJECTION_CODES)[number];

export interface TournamentRejection {
  readonly code: TournamentRejectionCode;
  readonly message: string;
  /** The command field at fault, when there is one. */
  readonly field?: string;
}

export function tournamentRejection(code: TournamentRejectionCode, message: string, field?: string): TournamentRejection {
  return field === undefined ? { code, message } : { code, message, field };
}
