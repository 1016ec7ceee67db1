import { roomDecider, ROOM_EVENT_TYPES, type RoomCommand, type RoomEvent } from '@felt/room';
import { ROOM_EVENT_SCHEMAS, roomDataSchemaOf, type RoomContractEventType } from './room-event-schemas';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 20, minute)).toISOString();

/** A shift that records every kind of room event. */
const shift: RoomCommand[] = [
  {
    type: 'OpenGame',
    at: at(0),
    gameId: 'g',
    name: '1/2 NLHE',
    stakes: '1/2',
    structure: 'no-limit',
    tableRules: { smallBlind: 1, bigBlind: 2 },
    policies: { newTableAt: 2 },
  },
  {
    type: 'AddTable',
    at: at(1),
    tableId: 'main',
    seats: 2,
    seated: [
      { seat: 1, playerId: 'm1', alias: 'M1' },
      { seat: 2, playerId: 'm2', alias: 'M2' },
    ],
  },
  { type: 'JoinList', at: at(2), playerId: 'a', alias: 'A' },
  { type: 'JoinList', at: at(2), playerId: 'b', alias: 'B' },
  { type: 'AddTable', at: at(2), tableId: 'mm', seats: 2, mustMove: true },
  { type: 'LeaveList', at: at(3), playerId: 'b' },
  { type: 'CallPlayer', at: at(4), playerId: 'a', tableId: 'mm', seat: 1 },
  { type: 'TakeSeat', at: at(5), playerId: 'a' },
  { type: 'RequestTableChange', at: at(6), playerId: 'm1', toTableId: 'mm' },
  { type: 'CancelTableChange', at: at(6), playerId: 'm1' },
  { type: 'VacateSeat', at: at(7), tableId: 'main', seat: 2 },
  { type: 'MoveSeat', at: at(7), tableId: 'main', from: 1, to: 2 },
  { type: 'MoveSeat', at: at(7), tableId: 'main', from: 2, to: 1 },
  { type: 'JoinList', at: at(8), playerId: 'c', alias: 'C' },
  { type: 'CallPlayer', at: at(8), playerId: 'a', tableId: 'main', seat: 2 },
  { type: 'NoShow', at: at(20), playerId: 'a' },
  { type: 'CallPlayer', at: at(21), playerId: 'c', tableId: 'main', seat: 2, passOver: [{ playerId: 'a', reason: 'declined-seat' }] },
  { type: 'TakeSeat', at: at(22), playerId: 'c' },
  { type: 'VacateSeat', at: at(23), tableId: 'mm', seat: 1 },
  { type: 'VacateSeat', at: at(24), tableId: 'main', seat: 1 },
  { type: 'VacateSeat', at: at(24), tableId: 'main', seat: 2 },
  { type: 'SeatWalkIn', at: at(24), tableId: 'main', seat: 1, playerId: 'w1' },
  { type: 'VacateSeat', at: at(25), tableId: 'main', seat: 1 },
  { type: 'CloseGame', at: at(25) },
];

describe('room event contract', () => {
  it('has a schema for every room event type', () => {
    expect(Object.keys(ROOM_EVENT_SCHEMAS).sort()).toEqual([...ROOM_EVENT_TYPES].sort());
  });

  it('accepts every event a shift records, as published (the data without its type)', () => {
    let state = roomDecider.initialState;
    const seen = new Set<string>();
    for (const command of shift) {
      const decision = roomDecider.decide(command, state);
      if (!decision.ok) throw new Error(`${command.type}: ${decision.rejection.message}`);
      for (const event of decision.events as RoomEvent[]) {
        state = roomDecider.evolve(state, event);
        const { type, ...data } = event;
        const parsed = roomDataSchemaOf(type as RoomContractEventType).safeParse(data);
        expect({ type, ok: parsed.success, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ type, ok: true, issues: [] });
        seen.add(type);
      }
    }
    expect([...seen].sort()).toEqual([...ROOM_EVENT_TYPES].sort());
  });
});
