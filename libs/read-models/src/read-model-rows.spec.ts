import type { RecordedEvent } from '@felt/event-store';
import { RecordedLog } from '../../projections/src/recorded-log.test-support';
import { scriptedTable } from '../../projections/src/scripted-table.test-support';
import { type ReadModel, tableViewRows, handHistoryRows, sessionLedgerRows, lobbyRows } from '@felt/read-models';

/** The row mappings alone: events in, rows out, no database. */
function fold<S>(model: ReadModel<S>, events: readonly RecordedEvent[], from: S = model.empty('t1')): S {
  return events.reduce((slice, e) => (model.sliceOf(e) === 't1' ? model.evolve(slice, e) : slice), from);
}

const log = scriptedTable();
const events = log.events;
const upTo = (type: string) => events.slice(0, events.findIndex((e) => e.type === type) + 1);
const otherTable = scriptedTable(new RecordedLog(), 't2').events;

describe('table view rows', () => {
  it('one row per table: table id, stream version, status, the view, the engine state and the time of the last event', () => {
    const slice = fold(tableViewRows, events);
    const rows = tableViewRows.changes(tableViewRows.empty('t1'), slice).get('table_views')!;
    expect(rows).toHaveLength(1);
    const [tableId, version, status, view, engine, asOf] = rows[0]!;
    expect([tableId, version, status, asOf]).toEqual(['t1', events.length, 'open', events[events.length - 1]!.recordedAt]);
    expect(view).toMatchObject({
      tableId: 't1',
      handsPlayed: 1,
      seats: [
        { playerId: 'ann', stack: 94 },
        { playerId: 'bob', stack: 194 },
        { playerId: 'cy', stack: 162 },
      ],
    });
    expect(engine).toMatchObject({ tableId: 't1', status: 'open' });
  });

  it('no row when nothing changed, and other streams are not this table’s', () => {
    const slice = fold(tableViewRows, events);
    expect(tableViewRows.changes(slice, slice).size).toBe(0);
    expect(tableViewRows.changes(tableViewRows.empty('t1'), tableViewRows.empty('t1')).size).toBe(0);
    expect(tableViewRows.sliceOf(otherTable[0]!)).toBe('t2');
    expect(tableViewRows.sliceOf({ ...events[0]!, streamId: 'player-ann' })).toBeNull();
  });

  it('refuses a table event that skips a version: a reader that lost events must not fold on', () => {
    const opened = fold(tableViewRows, events.slice(0, 1));
    expect(() => tableViewRows.evolve(opened, events[2]!)).toThrow('table-t1: event v3 after v1; the reader skipped events');
  });
});

describe('hand history rows', () => {
  it('the hand in progress is a row with no end; once it ends the same key holds the complete record', () => {
    const started = fold(handHistoryRows, upTo('HandStarted'));
    const inProgress = handHistoryRows.changes(handHistoryRows.empty('t1'), started).get('hand_histories')!;
    expect(inProgress.map((r) => r.slice(0, 5))).toEqual([['t1', 1, 'in-progress', upTo('HandStarted').at(-1)!.recordedAt, null]]);

    const ended = fold(handHistoryRows, events.slice(upTo('HandStarted').length), handHistoryRows.settle(started));
    const rows = handHistoryRows.changes(handHistoryRows.settle(started), ended).get('hand_histories')!;
    expect(rows.map((r) => r.slice(0, 3))).toEqual([['t1', 1, 'complete']]);
    expect(rows[0]![4]).toBe(events.find((e) => e.type === 'HandEnded')!.recordedAt);
    expect(rows[0]![7]).toMatchObject({
      handNumber: 1,
      status: 'complete',
      players: [
        { playerId: 'bob', finalStack: 194 },
        { playerId: 'cy', finalStack: 162 },
        { playerId: 'ann', finalStack: 94 },
      ],
    });
  });

  it('writes a completed hand once: after settle it is out of memory and out of the next batch’s rows', () => {
    const ended = handHistoryRows.settle(fold(handHistoryRows, events));
    expect(ended).toEqual({ tableId: 't1', inProgress: null, completed: [] });
    const next = scriptedTable(new RecordedLog()).events; // a table event that does not touch hands: no rows
    const seat = next.find((e) => e.type === 'PlayerSeated')!;
    expect(handHistoryRows.evolve(ended, seat)).toBe(ended);
  });
});

describe('session ledger rows', () => {
  it('a row per session numbered in seating order, and the table’s rake and session count', () => {
    const slice = fold(sessionLedgerRows, upTo('HandStarted'));
    const changes = sessionLedgerRows.changes(sessionLedgerRows.empty('t1'), slice);
    expect(changes.get('player_sessions')!.map((r) => r.slice(0, 6))).toEqual([
      ['t1', 0, 'ann', 1, 100, null],
      ['t1', 1, 'bob', 2, 200, null],
      ['t1', 2, 'cy', 3, 150, null],
    ]);
    expect(changes.get('table_ledgers')).toEqual([['t1', 0, 3, 0]]);
  });

  it('per-hand results are rows of their own, written once: the session row does not carry them', () => {
    const slice = fold(sessionLedgerRows, events);
    const changes = sessionLedgerRows.changes(sessionLedgerRows.empty('t1'), slice);
    expect(changes.get('session_hands')).toEqual([
      ['t1', 0, 1, -6, false],
      ['t1', 1, 1, -6, false],
      ['t1', 2, 1, 12, false],
    ]);
    expect(changes.get('player_sessions')![0]![8]).not.toHaveProperty('hands');
    const settled = sessionLedgerRows.settle(slice);
    expect(settled.sessions.map((s) => s.session.hands)).toEqual([[], [], []]);
    expect(sessionLedgerRows.changes(settled, settled).size).toBe(0);
  });

  it('a leaving player updates their row only; a newcomer gets the next number; closed sessions leave memory', () => {
    const l = scriptedTable();
    l.run('t1', { type: 'LeaveTable', seat: 2 });
    l.run('t1', { type: 'SeatPlayer', seat: 2, playerId: 'dee', buyIn: 80 });
    const before = sessionLedgerRows.settle(fold(sessionLedgerRows, l.events.slice(0, events.length)));
    const after = fold(sessionLedgerRows, l.events.slice(events.length), before);
    const changes = sessionLedgerRows.changes(before, after);
    expect(changes.get('player_sessions')!.map((r) => r.slice(0, 6))).toEqual([
      ['t1', 1, 'bob', 2, 200, 194],
      ['t1', 3, 'dee', 2, 80, null],
    ]);
    expect(changes.get('table_ledgers')).toEqual([['t1', 0, 4, 0]]);
    expect(sessionLedgerRows.settle(after).sessions.map((s) => [s.number, s.session.playerId])).toEqual([
      [0, 'ann'],
      [2, 'cy'],
      [3, 'dee'],
    ]);
  });
});

describe('lobby rows', () => {
  it('one row per opened table with its status and free seats; events the lobby ignores write nothing', () => {
    const opened = fold(lobbyRows, upTo('TableOpened'));
    expect(
      lobbyRows
        .changes(lobbyRows.empty('t1'), opened)
        .get('lobby_tables')!
        .map((r) => r.slice(0, 3)),
    ).toEqual([['t1', 'open', 10]]);
    const seated = fold(lobbyRows, upTo('ButtonPlaced').slice(1), opened);
    expect(
      lobbyRows
        .changes(opened, seated)
        .get('lobby_tables')!
        .map((r) => r.slice(0, 3)),
    ).toEqual([['t1', 'open', 7]]);
    const checked = events.find((e) => e.type === 'PlayerChecked')!;
    expect(lobbyRows.changes(seated, lobbyRows.evolve(seated, checked)).size).toBe(0);
  });

  it('nothing before the table opens', () => {
    const seatFirst = events.find((e) => e.type === 'PlayerSeated')!;
    expect(lobbyRows.changes(lobbyRows.empty('t1'), lobbyRows.evolve(lobbyRows.empty('t1'), seatFirst)).size).toBe(0);
  });
});
