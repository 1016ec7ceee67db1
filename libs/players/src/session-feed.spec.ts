import type { JsonValue } from '@felt/event-store';
import { sessionMarkOf } from './session-feed';

function recorded(type: string, data: JsonValue) {
  return {
    eventId: '00000000-0000-4000-8000-000000000001',
    streamId: 'table-t1',
    streamVersion: 3,
    type,
    data,
    recordedAt: '2026-12-07T03:00:00.000Z',
    txId: '42',
    globalPosition: '7',
  };
}

describe('sessionMarkOf', () => {
  it('makes the mark of a table session event', () => {
    expect(sessionMarkOf(recorded('PlayerSeated', { seat: 2, playerId: 'c-1001', buyIn: 100 }))).toEqual(
      expect.objectContaining({
        kind: 'sat-down',
        seat: 2,
        playerId: 'c-1001',
        tableId: 't1',
        markId: '00000000-0000-4000-8000-000000000001',
      }),
    );
    expect(sessionMarkOf(recorded('RulesChanged', { rules: { smallBlind: 1, bigBlind: 2 } }))).toEqual(
      expect.objectContaining({ kind: 'stake-set', stake: '1/2' }),
    );
  });

  it('makes no mark, rather than a wrong one or a throw, for an event of another shape', () => {
    expect(sessionMarkOf(recorded('TableOpened', { tableId: 't1' }))).toBeNull();
    expect(sessionMarkOf(recorded('TableOpened', { rules: { smallBlind: 'one' } }))).toBeNull();
    expect(sessionMarkOf(recorded('PlayerSeated', { seat: 2 }))).toBeNull();
    expect(sessionMarkOf(recorded('PlayerSatOut', { seat: 0 }))).toBeNull();
    expect(sessionMarkOf({ ...recorded('PlayerSeated', { seat: 2, playerId: 'c' }), streamId: 'room-r1' })).toBeNull();
  });
});
