import type { Decider } from '@felt/engine';
import type { RoomCommand } from './commands';
import { decideGame } from './decide';
import type { RoomEvent } from './events';
import { evolveGame } from './evolve';
import type { RoomRejection } from './rejections';
import { INITIAL_GAME_STATE, type GameState } from './state';

/** A game of the room and its list as a decider: one stream per game. */
export const roomDecider: Decider<RoomCommand, GameState, RoomEvent, RoomRejection> = {
  initialState: INITIAL_GAME_STATE,
  decide: decideGame,
  evolve: evolveGame,
};
