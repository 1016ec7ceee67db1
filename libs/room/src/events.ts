import type { RoomPolicies } from './house-policies/room-policies';

/**
 * What happened in a game and its list. Every event carries its time (`at`); deadlines are recorded, never
 * recomputed. Streams: one per game, "game-<gameId>" (game-stream.ts), in the same store and hash
 * chain as the tables.
 */

/** How a player came to be called: from the list, as a must-move player, or on a table-change request. */
export type CallRoute = 'list' | 'must-move' | 'table-change';

/**
 * ⚙ The documented reasons a player ahead may be passed over for a seat (docs/room.md "Fairness"):
 * 'declined-seat' — the player was offered this seat and said no; a listed player keeps their place, a must-move
 *   player goes behind the other must-move players;
 * 'asked-to-wait' — the player asked the floor to hold their place (back shortly, waiting for a friend, wants
 *   another table of the game); they keep their place.
 */
export const PASS_OVER_REASONS = ['declined-seat', 'asked-to-wait'] as const;
export type PassOverReason = (typeof PASS_OVER_REASONS)[number];

/** A player already sitting at a table when it joins the game (AddTable's `seated`, TableAdded's). */
export interface SeatedPlayer {
  readonly seat: number;
  readonly playerId: string;
  readonly alias: string;
}

export type RoomEvent =
  | {
      readonly type: 'GameOpened';
      readonly at: string;
      readonly gameId: string;
      readonly name: string;
      readonly stakes: string;
      readonly structure: string;
      readonly seatsPerTable: number;
      readonly tableRules: Readonly<Record<string, unknown>> | null;
      readonly policies: RoomPolicies;
    }
  | { readonly type: 'GameClosed'; readonly at: string }
  | {
      readonly type: 'TableAdded';
      readonly at: string;
      readonly tableId: string;
      readonly seats: number;
      readonly mustMove: boolean;
      readonly seated: readonly SeatedPlayer[];
    }
  | { readonly type: 'PlayerListed'; readonly at: string; readonly playerId: string; readonly alias: string }
  | { readonly type: 'PlayerLeftList'; readonly at: string; readonly playerId: string }
  | { readonly type: 'NewTableDue'; readonly at: string; readonly waiting: number }
  | {
      readonly type: 'TableChangeRequested';
      readonly at: string;
      readonly playerId: string;
      readonly fromTableId: string;
      readonly toTableId: string | null;
    }
  | { readonly type: 'TableChangeCancelled'; readonly at: string; readonly playerId: string }
  | {
      readonly type: 'PlayerCalledToSeat';
      readonly at: string;
      readonly playerId: string;
      readonly alias: string;
      readonly tableId: string;
      readonly seat: number;
      readonly route: CallRoute;
      /** When the response time runs out (⚙ callResponseSeconds at the time of the call). */
      readonly respondBy: string;
      /** Everyone who was ahead for this seat, and why they were passed over: nobody is skipped silently. */
      readonly passedOver: readonly { readonly playerId: string; readonly reason: PassOverReason }[];
    }
  | {
      readonly type: 'SeatTaken';
      readonly at: string;
      readonly playerId: string;
      readonly alias: string;
      readonly tableId: string;
      readonly seat: number;
      readonly route: CallRoute;
      /** The seat a moved player left (must-move or table change): it is open from now on. */
      readonly from: { readonly tableId: string; readonly seat: number } | null;
    }
  | {
      readonly type: 'PlayerNoShow';
      readonly at: string;
      readonly playerId: string;
      readonly tableId: string;
      readonly seat: number;
      /** 'end-of-list' / 'removed': a listed player (⚙ noShow); 'stays': a seated player who did not move keeps their seat. */
      readonly outcome: 'end-of-list' | 'removed' | 'stays';
    }
  | { readonly type: 'SeatVacated'; readonly at: string; readonly tableId: string; readonly seat: number; readonly playerId: string }
  /** A seated player changed seats at the same table: `from` is open from now on. */
  | {
      readonly type: 'SeatMoved';
      readonly at: string;
      readonly tableId: string;
      readonly from: number;
      readonly to: number;
      readonly playerId: string;
    }
  | { readonly type: 'TableBroken'; readonly at: string; readonly tableId: string }
  /** A player seated at the table directly, whom nobody was ahead of for the seat; `fromList`: they were listed and leave the list. */
  | {
      readonly type: 'WalkInSeated';
      readonly at: string;
      readonly tableId: string;
      readonly seat: number;
      readonly playerId: string;
      readonly alias: string;
      readonly fromList: boolean;
    };

export type RoomEventType = RoomEvent['type'];

export const ROOM_EVENT_TYPES: readonly RoomEventType[] = [
  'GameOpened',
  'GameClosed',
  'TableAdded',
  'PlayerListed',
  'PlayerLeftList',
  'NewTableDue',
  'TableChangeRequested',
  'TableChangeCancelled',
  'PlayerCalledToSeat',
  'SeatTaken',
  'PlayerNoShow',
  'SeatVacated',
  'SeatMoved',
  'TableBroken',
  'WalkInSeated',
];

/** Every room event is at schema version 1. */
export const ROOM_EVENT_SCHEMA_VERSION = 1;
