import type { RoomPoliciesInput } from './house-policies/room-policies';
import type { PassOverReason, SeatedPlayer } from './events';

export type { SeatedPlayer } from './events';

/**
 * Commands: what the floor asks of a game and its list. Time comes in on every command (`at`, ISO-8601, set by the
 * API from its clock): the room library reads no clock. Players are known by an id the floor chooses (a player's
 * card number, or any handle) and an alias (initials or a nickname), the only thing the public board shows.
 */
export type RoomCommand =
  | {
      readonly type: 'OpenGame';
      readonly at: string;
      readonly gameId: string;
      /** What the board calls the game, e.g. "2/5 No-Limit Hold'em". */
      readonly name: string;
      readonly stakes: string;
      readonly structure: string;
      readonly seatsPerTable?: number;
      /** The rules each table of the game opens with (the engine's OpenTable rules; opaque to the room). */
      readonly tableRules?: Readonly<Record<string, unknown>>;
      readonly policies?: RoomPoliciesInput;
    }
  | { readonly type: 'CloseGame'; readonly at: string }
  | {
      readonly type: 'AddTable';
      readonly at: string;
      readonly tableId: string;
      readonly seats?: number;
      /** A must-move table feeds the game's main tables (docs/room.md "Must-move games"). */
      readonly mustMove?: boolean;
      /** Players already sitting at the table when it joins the game (a table opened before the room knew it). */
      readonly seated?: readonly SeatedPlayer[];
    }
  | { readonly type: 'JoinList'; readonly at: string; readonly playerId: string; readonly alias: string }
  | { readonly type: 'LeaveList'; readonly at: string; readonly playerId: string }
  | { readonly type: 'RequestTableChange'; readonly at: string; readonly playerId: string; readonly toTableId?: string }
  | { readonly type: 'CancelTableChange'; readonly at: string; readonly playerId: string }
  | {
      readonly type: 'CallPlayer';
      readonly at: string;
      readonly playerId: string;
      readonly tableId: string;
      readonly seat: number;
      /** Everyone ahead of the called player for this seat, each with the documented reason they are passed over. */
      readonly passOver?: readonly PassOver[];
    }
  | { readonly type: 'TakeSeat'; readonly at: string; readonly playerId: string }
  | { readonly type: 'NoShow'; readonly at: string; readonly playerId: string }
  | { readonly type: 'VacateSeat'; readonly at: string; readonly tableId: string; readonly seat: number }
  /** A seated player changed seats at their table (the table's ChangeSeat): the room follows the table. */
  | { readonly type: 'MoveSeat'; readonly at: string; readonly tableId: string; readonly from: number; readonly to: number }
  /**
   * A player seated at the table directly (the table's SeatPlayer, a walk-in): the room follows, if nobody is owed
   * the seat. The alias is the list's for a listed player, else the one given, else "Walk-in <n>" (the table's
   * player id may be a card number, and the public board shows aliases only).
   */
  | {
      readonly type: 'SeatWalkIn';
      readonly at: string;
      readonly tableId: string;
      readonly seat: number;
      readonly playerId: string;
      readonly alias?: string;
    };

export type RoomCommandType = RoomCommand['type'];

export interface PassOver {
  readonly playerId: string;
  readonly reason: PassOverReason;
}

export const ROOM_COMMAND_TYPES: readonly RoomCommandType[] = [
  'OpenGame',
  'CloseGame',
  'AddTable',
  'JoinList',
  'LeaveList',
  'RequestTableChange',
  'CancelTableChange',
  'CallPlayer',
  'TakeSeat',
  'NoShow',
  'VacateSeat',
  'MoveSeat',
  'SeatWalkIn',
];
