import type { RecordedEvent } from '@felt/event-store';
import { tableEventOf, tableIdOfStream } from './table-event';

const recorded = (over: Partial<RecordedEvent>): RecordedEvent => ({
  eventId: 'e1',
  streamId: 'table-t1',
  streamVersion: 1,
  globalPosition: '1',
  txId: '1',
  type: 'PlayerSatOut',
  schemaVersion: 1,
  data: { seat: 3 },
  metadata: {},
  recordedAt: '2026-11-30T12:00:00.000Z',
  prevHash: '',
  hash: '',
  ...over,
});

describe('tableEventOf', () => {
  it('puts the type column back on the data', () => {
    expect(tableEventOf(recorded({}))).toEqual({ type: 'PlayerSatOut', seat: 3 });
    expect(tableIdOfStream('table-t1')).toBe('t1');
  });

  it('ignores other streams and unknown types, and stops on an unknown schema version', () => {
    expect(tableEventOf(recorded({ streamId: 'player-ann' }))).toBeNull();
    expect(tableEventOf(recorded({ type: 'SomethingElse' }))).toBeNull();
    expect(() => tableEventOf(recorded({ schemaVersion: 2 }))).toThrow(/schema version 2/);
  });
});
