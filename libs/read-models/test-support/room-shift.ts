import { gameStreamIdOf, roomDecider, toNewRoomEvent, type GameState, type RoomCommand, type RoomEvent } from '@felt/room';
import type { EventStore } from '@felt/event-store';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 20, minute)).toISOString();

/** A shift of one game: tables, a list, calls, seats taken, a must-move move (the must-move table breaks), a seat left, a seat change, a no-show. */
function shift(gameId: string): RoomCommand[] {
  return [
    { type: 'OpenGame', at: at(0), gameId, name: `game ${gameId}`, stakes: '1/2', structure: 'no-limit', policies: { newTableAt: 3 } },
    { type: 'AddTable', at: at(1), tableId: `${gameId}-main`, seats: 2, seated: [{ seat: 1, playerId: 'card-1', alias: 'M1' }] },
    { type: 'JoinList', at: at(2), playerId: 'card-2', alias: 'AB' },
    { type: 'JoinList', at: at(2), playerId: 'card-3', alias: 'CD' },
    { type: 'CallPlayer', at: at(3), playerId: 'card-2', tableId: `${gameId}-main`, seat: 2 },
    { type: 'TakeSeat', at: at(4), playerId: 'card-2' },
    { type: 'JoinList', at: at(5), playerId: 'card-4', alias: 'EF' },
    { type: 'JoinList', at: at(5), playerId: 'card-5', alias: 'GH' },
    { type: 'AddTable', at: at(6), tableId: `${gameId}-mm`, seats: 2, mustMove: true },
    { type: 'CallPlayer', at: at(6), playerId: 'card-3', tableId: `${gameId}-mm`, seat: 1 },
    { type: 'TakeSeat', at: at(7), playerId: 'card-3' },
    { type: 'VacateSeat', at: at(8), tableId: `${gameId}-main`, seat: 1 },
    { type: 'MoveSeat', at: at(8), tableId: `${gameId}-main`, from: 2, to: 1 },
    { type: 'CallPlayer', at: at(9), playerId: 'card-3', tableId: `${gameId}-main`, seat: 2 },
    { type: 'TakeSeat', at: at(10), playerId: 'card-3' },
    { type: 'AddTable', at: at(11), tableId: `${gameId}-side`, seats: 2 },
    { type: 'CallPlayer', at: at(11), playerId: 'card-4', tableId: `${gameId}-side`, seat: 1 },
    { type: 'NoShow', at: at(15), playerId: 'card-4' },
  ];
}

/** Appends a shift of each game to its stream "game-<id>", one append per command, as the API would. */
export async function appendRoomShifts(store: EventStore, gameIds: readonly string[]): Promise<void> {
  for (const gameId of gameIds) {
    let state: GameState = roomDecider.initialState;
    let version = 0;
    for (const [i, command] of shift(gameId).entries()) {
      const decision = roomDecider.decide(command, state);
      if (!decision.ok) throw new Error(`${gameId} ${command.type}: ${decision.rejection.message}`);
      const events = decision.events as RoomEvent[];
      const result = await store.append(gameStreamIdOf(gameId), {
        expectedVersion: version,
        commandId: `${gameId}-room-${i}`,
        metadata: { actorId: 'floor-1', actorRole: 'floor' },
        events: events.map(toNewRoomEvent),
      });
      if (!result.ok) throw new Error(`${gameId} ${command.type}: conflict`);
      for (const e of events) state = roomDecider.evolve(state, e);
      version += events.length;
    }
  }
}
