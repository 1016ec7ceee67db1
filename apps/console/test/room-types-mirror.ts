/**
 * The console's room types (src/room-types.ts) mirror libs/room's board.ts: the browser program is compiled on its own
 * and cannot import the room library's sources. This file is part of `npm run typecheck` (the server's program), so
 * the two cannot drift apart unnoticed: it stops compiling if the API sends a game, a board or a call the console's
 * screens cannot read (a field renamed, removed or of another type), or if the public board's fields differ at all.
 */
import type { BoardGame as RoomBoardGame, FloorGame as RoomFloorGame, PendingCall } from '@felt/room';
import type { BoardGame as ConsoleBoardGame, FloorGame as ConsoleFloorGame, RoomCall as ConsoleRoomCall } from '../src/room-types';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** What GET /room/games and the `room` channel send for a game (room.controller.ts, room-live.ts: the fold's version beside floorGame). */
type SentFloorGame = RoomFloorGame & { readonly version: number };

/** The floor's board reads everything it names from what the API sends. */
export const consoleReadsEveryFloorGame: [SentFloorGame] extends [ConsoleFloorGame] ? true : false = true;
/** The public board (the TV page) shows every field of the board, and only those. */
export const consoleReadsEveryBoardGame: Same<RoomBoardGame, ConsoleBoardGame> = true;
export const sameBoardFields: Same<keyof RoomBoardGame, keyof ConsoleBoardGame> = true;
/** A call, with its deadline, as the floor's board counts it down. */
export const consoleReadsEveryCall: [PendingCall] extends [ConsoleRoomCall] ? true : false = true;
export const sameCallFields: Same<keyof PendingCall, keyof ConsoleRoomCall> = true;
