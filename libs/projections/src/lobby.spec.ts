import { project } from './projection';
import { lobby, openTables } from './lobby';
import { scriptedTable } from './scripted-table.test-support';
import { RecordedLog } from './recorded-log.test-support';

describe('lobby', () => {
  it('lists open tables with their game, seats taken and free, and who sits where', () => {
    const log = new RecordedLog();
    scriptedTable(log, 't1');
    log.run('t2', {
      type: 'OpenTable',
      tableId: 't2',
      rules: { structure: { kind: 'pot-limit' }, smallBlind: 5, bigBlind: 10, maxSeats: 6, houseOptions: { rake: { percent: 5, cap: 3 } } },
    });
    log.run('t2', { type: 'SeatPlayer', seat: 4, playerId: 'dee', buyIn: 400 });
    log.run('t1', { type: 'SitOut', seat: 2 });
    log.run('t1', { type: 'LeaveTable', seat: 3 });
    log.run('t3', { type: 'OpenTable', tableId: 't3', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 } });
    log.run('t3', { type: 'CloseTable' });

    const view = project(lobby, log.events);
    expect(
      openTables(view).map((t) => [t.tableId, t.game.structure, t.game.smallBlind, t.game.bigBlind, t.seatsTaken, t.seatsFree]),
    ).toEqual([
      ['t1', 'no-limit', 1, 2, 2, 8],
      ['t2', 'pot-limit', 5, 10, 1, 5],
    ]);
    expect(view.tables.t1.players).toEqual([
      { seat: 1, playerId: 'ann', sittingOut: false },
      { seat: 2, playerId: 'bob', sittingOut: true },
    ]);
    expect(view.tables.t1.handsPlayed).toBe(1);
    expect(view.tables.t2.game.houseOptions).toEqual(['rake']);
    expect(view.tables.t3.status).toBe('closed');
  });
});
