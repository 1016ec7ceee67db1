import { seatQueue } from '../seat-queue';
import { INITIAL_GAME_STATE, type GameState } from '../state';
import { DEFAULT_ROOM_POLICIES } from './room-policies';
import { DEFAULT_TABLE_CHANGE_PRIORITY, type TableChangePriority } from './table-change-priority';

const at = '2026-01-01T20:00:00.000Z';
const game = (tableChange: TableChangePriority): GameState => ({
  ...INITIAL_GAME_STATE,
  status: 'open',
  policies: { ...DEFAULT_ROOM_POLICIES, tableChange },
  tables: [
    {
      tableId: 't1',
      seats: 9,
      mustMove: false,
      broken: false,
      seated: [{ seat: 1, playerId: 'changer', alias: 'CH', seatedAt: at, listedAt: at }],
    },
    { tableId: 't2', seats: 9, mustMove: false, broken: false, seated: [] },
  ],
  list: [{ playerId: 'waiter', alias: 'WA', listedAt: at, noShows: 0 }],
  changes: [{ playerId: 'changer', fromTableId: 't1', toTableId: null, requestedAt: at }],
});

describe('⚙ table-change priority', () => {
  it('puts a table change before the list by default', () => {
    expect(DEFAULT_TABLE_CHANGE_PRIORITY).toBe('before-list');
    const g = game('before-list');
    expect(seatQueue(g, g.tables[1]!).map((c) => c.playerId)).toEqual(['changer', 'waiter']);
  });
  it("puts the list first under 'after-list'", () => {
    const g = game('after-list');
    expect(seatQueue(g, g.tables[1]!).map((c) => c.playerId)).toEqual(['waiter', 'changer']);
  });
  it('never offers a player their own table', () => {
    const g = game('before-list');
    expect(seatQueue(g, g.tables[0]!).map((c) => c.playerId)).toEqual(['waiter']);
  });
});
