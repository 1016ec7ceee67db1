import type { z } from 'zod';
import type { listCommandSchema, openGameFieldsSchema, passOverSchema } from './command-schema';

import type { SeatedPlayer } from './events';

export type { SeatedPlayer } from './events';

/** A command as the decider takes it: as a client sent it (command-schema.ts), with the time the API stamped on it. */
type Timed<T> = T extends unknown ? Readonly<T> & { readonly at: string } : never;

/**
 * Commands: what the floor asks of a game and its list. Time comes in on every command (`at`, ISO-8601, set by the
 * API from its clock): the room library reads no clock. Players are known by an id the floor chooses (a player's
 * card number, or any handle) and an alias (initials or a nickname), the only thing the public board shows.
 */
export type RoomCommand =
  | Timed<{ readonly type: 'OpenGame' } & z.infer<typeof openGameFieldsSchema>>
  | Timed<z.infer<typeof listCommandSchema>>
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
  | { readonly type: 'TakeSeat'; readonly at: string; readonly playerId: string }
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

export type PassOver = Readonly<z.infer<typeof passOverSchema>>;

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
