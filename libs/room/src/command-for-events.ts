import type { RoomCommand } from './commands';
import type { RoomEvent } from './events';

/**
 * The command that recorded `event` as its first event, rebuilt from the event alone: what a regulator's replay
 * decides again to check that every recorded room decision is one the room would make (a call out of turn, a seat
 * offered twice, a no-show before its deadline cannot be in a verified log). Null for the room's automatic events
 * (NewTableDue, TableBroken), which never open a command's events.
 */
export function roomCommandFor(event: RoomEvent): RoomCommand | null {
  const at = event.at;
  switch (event.type) {
    case 'GameOpened':
      return {
        type: 'OpenGame',
        at,
        gameId: event.gameId,
        name: event.name,
        stakes: event.stakes,
        structure: event.structure,
        seatsPerTable: event.seatsPerTable,
        ...(event.tableRules === null ? {} : { tableRules: event.tableRules }),
        policies: event.policies,
      };
    case 'GameClosed':
      return { type: 'CloseGame', at };
    case 'TableAdded':
      return { type: 'AddTable', at, tableId: event.tableId, seats: event.seats, mustMove: event.mustMove, seated: event.seated };
    case 'PlayerListed':
      return { type: 'JoinList', at, playerId: event.playerId, alias: event.alias };
    case 'PlayerLeftList':
      return { type: 'LeaveList', at, playerId: event.playerId };
    case 'TableChangeRequested':
      return {
        type: 'RequestTableChange',
        at,
        playerId: event.playerId,
        ...(event.toTableId === null ? {} : { toTableId: event.toTableId }),
      };
    case 'TableChangeCancelled':
      return { type: 'CancelTableChange', at, playerId: event.playerId };
    case 'PlayerCalledToSeat':
      return { type: 'CallPlayer', at, playerId: event.playerId, tableId: event.tableId, seat: event.seat, passOver: event.passedOver };
    case 'SeatTaken':
      return { type: 'TakeSeat', at, playerId: event.playerId };
    case 'PlayerNoShow':
      return { type: 'NoShow', at, playerId: event.playerId };
    case 'SeatVacated':
      return { type: 'VacateSeat', at, tableId: event.tableId, seat: event.seat };
    case 'SeatMoved':
      return { type: 'MoveSeat', at, tableId: event.tableId, from: event.from, to: event.to };
    case 'WalkInSeated':
      return { type: 'SeatWalkIn', at, tableId: event.tableId, seat: event.seat, playerId: event.playerId, alias: event.alias };
    case 'NewTableDue':
    case 'TableBroken':
      return null;
  }
}
