import { publicBoard, type RoomGames } from '@felt/projections';
import { WITHHELD_ALIAS } from '@felt/room';
import { APP_BACKENDS, useTestStore } from '../../../test/support/app-databases';
import { ProjectionRunner, rebuildProjection, checkReadModels, LIVE_TABLES, roomGamesFromRows, roomRows } from '@felt/read-models';
import { appendSession, randomSession, wholeLog } from '../test-support/random-session';
import { appendRoomShifts } from '../test-support/room-shift';
import { viewsFromEvents } from '../test-support/rows-and-fold';
import { runUntilIdle } from '../test-support/run-until-idle';

describe.each(APP_BACKENDS)("the room's read model (%s)", (backend) => {
  const t = useTestStore(backend);
  const rows = () => roomGamesFromRows(t.db, LIVE_TABLES);

  it('keeps one row per game equal to the fold of its stream, the tables of the log ignored', async () => {
    await appendRoomShifts(t.store, ['g1']);
    await appendSession(t.store, randomSession({ tables: 1, seed: 3, commands: 60 }));
    await appendRoomShifts(t.store, ['g2']);
    // Small batches: a game's slice is continued across batches (and read back from its row by a fresh runner).
    await runUntilIdle(new ProjectionRunner(t.store, roomRows, { batchSize: 4 }));
    const fold = viewsFromEvents(await wholeLog(t.store)).room as RoomGames;
    expect(await rows()).toEqual(fold);
    expect(Object.keys(fold.games).sort()).toEqual(['g1', 'g2']);
    expect(fold.games.g1!.state.tables.map((tb) => tb.seated.map((h) => `${h.playerId}@${h.seat}`))).toEqual([
      ['card-2@1', 'card-3@2'],
      [],
      [],
    ]);
  });

  it('holds the public board beside the state: counts, never a player id nor an alias typed on the list', async () => {
    const board = publicBoard(await rows());
    expect(board.map((g) => g.gameId)).toEqual(['g1', 'g2']);
    const list = [WITHHELD_ALIAS, WITHHELD_ALIAS];
    expect(board[0]).toMatchObject({ tablesRunning: 2, mustMoveTables: 0, seatsOpen: 2, list, listLength: 2 });
    // The typed aliases (GH, EF) are in the floor's state, not on the board: only the registry's may be shown.
    expect((await rows()).games.g1!.state.list.map((e) => e.alias)).toEqual(['GH', 'EF']);
    expect(JSON.stringify(board)).not.toMatch(/card-|"GH"|"EF"/);
  });

  it('rebuilds to the same rows, and the read-model check finds them equal to a fresh fold', async () => {
    const before = await rows();
    const result = await rebuildProjection(t.store, roomRows, { batchSize: 5 });
    expect(result.events).toBeGreaterThan(30);
    expect(await rows()).toEqual(before);
    const check = (await checkReadModels(t.store)).find((c) => c.projection === 'room')!;
    expect(check).toMatchObject({ difference: null });
    expect(check.events).toBeGreaterThan(30);
  });

  it('names the first place a tampered row differs', async () => {
    await t.db.query(`UPDATE room_games SET board = jsonb_set(board, '{listLength}', '99') WHERE game_id = 'g2'`);
    const check = (await checkReadModels(t.store)).find((c) => c.projection === 'room')!;
    expect(check.difference).toBe('$.games.g2.board.listLength: the rows hold 99, the events give 2');
  });
});
