import { roomDecider, type RoomCommand, type RoomEvent } from '@felt/room';
import type { StreamEvent } from '@felt/event-store';
import { RoomReplay } from './room-replay';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 20, minute)).toISOString();

/** Decides `commands` in turn and records the events as a stream would hold them (one command id per decision). */
function log(commands: RoomCommand[]): StreamEvent[] {
  let state = roomDecider.initialState;
  const out: StreamEvent[] = [];
  commands.forEach((command, i) => {
    const decision = roomDecider.decide(command, state);
    if (!decision.ok) throw new Error(decision.rejection.message);
    for (const e of decision.events) {
      state = roomDecider.evolve(state, e);
      const { type, ...data } = e;
      out.push({
        eventId: `e${out.length}`,
        streamId: 'game-g',
        streamVersion: out.length + 1,
        type,
        schemaVersion: 1,
        data,
        metadata: { commandId: `c${i}` },
        recordedAt: at(i),
        prevHash: '',
        hash: '',
      } as unknown as StreamEvent);
    }
  });
  return out;
}

const shift: RoomCommand[] = [
  { type: 'OpenGame', at: at(0), gameId: 'g', name: '1/2', stakes: '1/2', structure: 'nl', policies: { newTableAt: 2 } },
  { type: 'AddTable', at: at(1), tableId: 't1', seats: 2, seated: [{ seat: 1, playerId: 'x', alias: 'X' }] },
  { type: 'JoinList', at: at(2), playerId: 'a', alias: 'A' },
  { type: 'JoinList', at: at(3), playerId: 'b', alias: 'B' },
  { type: 'CallPlayer', at: at(4), playerId: 'b', tableId: 't1', seat: 2, passOver: [{ playerId: 'a', reason: 'asked-to-wait' }] },
  { type: 'TakeSeat', at: at(5), playerId: 'b' },
];

describe("the regulator's replay of a game stream", () => {
  it('finds nothing wrong with decisions the room made', () => {
    const replay = new RoomReplay('game-g');
    for (const e of log(shift)) replay.push(e);
    expect(replay.finish()).toEqual([]);
  });

  it('finds a call that skipped a player without the recorded reason', () => {
    const events = log(shift).map((e) => (e.type === 'PlayerCalledToSeat' ? { ...e, data: { ...(e.data as object), passedOver: [] } } : e));
    const replay = new RoomReplay('game-g');
    for (const e of events) replay.push(e);
    const violations = replay.finish();
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatchObject({ kind: 'rules', version: 5 });
    expect(violations[0]!.message).toContain('CALL_OUT_OF_TURN');
  });

  it('finds an automatic event recorded on its own, and an unknown event type', () => {
    const broken = { ...log(shift)[0]!, type: 'TableBroken', data: { at: at(0), tableId: 't1' } as RoomEvent } as unknown as StreamEvent;
    const replay = new RoomReplay('game-g');
    replay.push(broken);
    replay.push({ ...broken, streamVersion: 2, type: 'Shuffled', metadata: { commandId: 'z' } } as StreamEvent);
    expect(replay.finish().map((v) => v.kind)).toEqual(['rules', 'unreadable']);
  });
});
