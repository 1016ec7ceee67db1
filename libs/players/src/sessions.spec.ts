import type { RecordedEvent } from '@felt/event-store';
import { dayReport, dayReportCsv, ratedSessions } from './sessions';

/** A table's events with the times they were recorded at (the session ledger reads recordedAt). */
function tableLog(tableId: string, events: [string, string, object][]): RecordedEvent[] {
  return events.map(([time, type, data], i) => ({
    eventId: `${tableId}-${i}`,
    streamId: `table-${tableId}`,
    streamVersion: i + 1,
    globalPosition: String(i + 1),
    txId: String(i + 1),
    type,
    schemaVersion: 1,
    data: data as RecordedEvent['data'],
    metadata: {},
    recordedAt: time,
    prevHash: '',
    hash: '',
  }));
}

const rules = (small: number, big: number) => ({ structure: { kind: 'no-limit' }, smallBlind: small, bigBlind: big, maxSeats: 6 });

// A day at two tables: a rules change, a seat change, a break, and a session across midnight.
const t1 = tableLog('t1', [
  ['2026-12-06T17:59:00.000Z', 'TableOpened', { tableId: 't1', rules: rules(1, 2) }],
  ['2026-12-06T18:00:10.000Z', 'PlayerSeated', { seat: 1, playerId: 'P1', buyIn: 200, postToEnter: false }],
  ['2026-12-06T19:00:00.000Z', 'PlayerSatOut', { seat: 1 }],
  ['2026-12-06T19:10:00.000Z', 'SeatChanged', { from: 1, to: 4, playerId: 'P1', newPlayer: false, postToEnter: false }],
  ['2026-12-06T19:15:30.000Z', 'PlayerSatIn', { seat: 4, waitForBigBlind: false }],
  ['2026-12-06T23:00:00.000Z', 'PlayerSeated', { seat: 2, playerId: 'P2', buyIn: 300, postToEnter: false }],
  ['2026-12-06T23:30:59.000Z', 'PlayerLeft', { seat: 4, playerId: 'P1', cashOut: 150 }],
  ['2026-12-07T01:20:00.000Z', 'PlayerLeft', { seat: 2, playerId: 'P2', cashOut: 0 }],
]);
const t2 = tableLog('t2', [
  ['2026-12-06T10:00:00.000Z', 'TableOpened', { tableId: 't2', rules: rules(1, 2) }],
  ['2026-12-06T10:05:00.000Z', 'RulesChanged', { rules: rules(2, 5) }],
  ['2026-12-06T20:00:00.000Z', 'PlayerSeated', { seat: 3, playerId: 'P1', buyIn: 500, postToEnter: false }],
  ['2026-12-06T20:30:00.000Z', 'PlayerSatOut', { seat: 3 }],
]);

describe('rated play', () => {
  const sessions = ratedSessions([...t1, ...t2]);

  it('keeps each session with its stake and breaks, a seat change the same session', () => {
    expect(sessions).toEqual([
      {
        playerId: 'P1',
        tableId: 't1',
        stake: '1/2',
        seatedAt: '2026-12-06T18:00:10.000Z',
        leftAt: '2026-12-06T23:30:59.000Z',
        breaks: [{ from: '2026-12-06T19:00:00.000Z', to: '2026-12-06T19:15:30.000Z' }],
      },
      { playerId: 'P2', tableId: 't1', stake: '1/2', seatedAt: '2026-12-06T23:00:00.000Z', leftAt: '2026-12-07T01:20:00.000Z', breaks: [] },
      {
        playerId: 'P1',
        tableId: 't2',
        stake: '2/5',
        seatedAt: '2026-12-06T20:00:00.000Z',
        leftAt: null,
        breaks: [{ from: '2026-12-06T20:30:00.000Z', to: null }],
      },
    ]);
  });

  it("reports a day's minutes as the table events give them, cut at midnight, an open session until now", () => {
    const now = Date.parse('2026-12-06T21:00:00.000Z');
    const later = Date.parse('2026-12-07T12:00:00.000Z');
    // P1 at t1: 18:00:10 to 23:30:59 is 330 min 49 s; less the break of 15 min 30 s: 315 min 19 s.
    expect(dayReport(sessions, '2026-12-06', later)).toEqual([
      { day: '2026-12-06', playerId: 'P1', tableId: 't1', stake: '1/2', seatedMinutes: 330, playedMinutes: 315 },
      // Still seated at t2, on a break since 20:30: the day's four hours, 30 minutes of them played.
      { day: '2026-12-06', playerId: 'P1', tableId: 't2', stake: '2/5', seatedMinutes: 240, playedMinutes: 30 },
      { day: '2026-12-06', playerId: 'P2', tableId: 't1', stake: '1/2', seatedMinutes: 60, playedMinutes: 60 },
    ]);
    expect(dayReport(sessions, '2026-12-06', now).find((l) => l.tableId === 't2')).toMatchObject({ seatedMinutes: 60, playedMinutes: 30 });
    expect(dayReport(sessions, '2026-12-07', later).filter((l) => l.playerId === 'P2')).toEqual([
      { day: '2026-12-07', playerId: 'P2', tableId: 't1', stake: '1/2', seatedMinutes: 80, playedMinutes: 80 },
    ]);
    expect(dayReportCsv(dayReport(sessions, '2026-12-07', later))).toBe(
      'day,playerId,tableId,stake,seatedMinutes,playedMinutes\n2026-12-07,P1,t2,2/5,720,0\n2026-12-07,P2,t1,1/2,80,80\n',
    );
  });
});
