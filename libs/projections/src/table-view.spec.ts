import { project } from './projection';
import { tableViews, initialTableView, evolveTableView } from './table-view';
import { tableViewFor } from './table-view-for';
import { scriptedTable, checkDownHand } from './scripted-table.test-support';
import { RecordedLog } from './recorded-log.test-support';

describe('table view', () => {
  it('follows a scripted hand: stacks, pots, board, whose turn and the legal actions', () => {
    const log = new RecordedLog();
    scriptedTable(log);
    // Stop after the preflop calls: 3 x 6 in the pot, the flop out, bob (seat 2) first to act.
    const flop = log.events.findIndex((e) => e.type === 'BoardDealt');
    const mid = project(tableViews, log.events.slice(0, flop + 1)).tables.t1.row;
    expect(mid.seats.map((s) => [s.seat, s.playerId, s.stack, s.committed])).toEqual([
      [1, 'ann', 94, 6],
      [2, 'bob', 194, 6],
      [3, 'cy', 144, 6],
    ]);
    expect(mid.hand!.pots).toEqual([{ amount: 18, eligible: [1, 2, 3] }]);
    expect(mid.hand!.board).toHaveLength(3);
    expect(mid.hand!.street).toBe('flop');
    expect(mid.hand!.toAct).toBe(2);
    expect(mid.hand!.legalActions.map((a) => a.type).sort()).toEqual(['Bet', 'Check', 'Fold']);
    expect(mid.button).toBe(1);
    expect(mid.chipsOnTable).toBe(450);

    const end = project(tableViews, log.events).tables.t1;
    expect(end.version).toBe(log.events.length);
    expect(end.row.seats.map((s) => s.stack)).toEqual([94, 194, 162]);
    expect(end.row.hand!.phase).toBe('complete');
    expect(end.row.hand!.toAct).toBeNull();
    expect(end.row.handsPlayed).toBe(1);
  });

  it('shows the forced bets due before they are posted', () => {
    const log = new RecordedLog();
    scriptedTable(log);
    const started = log.events.findIndex((e) => e.type === 'HandStarted');
    const row = project(tableViews, log.events.slice(0, started + 1)).tables.t1.row;
    expect(row.blindsDue.map((b) => [b.seat, b.kind, b.amount])).toEqual([
      [2, 'small-blind', 1],
      [3, 'big-blind', 2],
    ]);
    expect(row.hand!.phase).toBe('forced-bets');
  });

  it('hides hole cards from those not allowed to see them', () => {
    const log = scriptedTable();
    const dealt = log.events.findIndex((e) => e.type === 'HoleCardsDealt');
    const view = project(tableViews, log.events.slice(0, dealt + 1)).tables.t1;
    const cards = (audience: Parameters<typeof tableViewFor>[1]) => tableViewFor(view, audience).seats.map((s) => s.holeCards?.length ?? 0);
    expect(cards('dealer')).toEqual([2, 2, 2]);
    expect(cards('surveillance')).toEqual([2, 2, 2]);
    // The hand is in progress: the floor and regulators without live surveillance see none of it.
    expect(cards('regulator')).toEqual([0, 0, 0]);
    expect(cards('floor')).toEqual([0, 0, 0]);
    expect(cards('public')).toEqual([0, 0, 0]);
    expect(cards({ player: 'bob' })).toEqual([0, 2, 0]);
    // The view itself is unchanged, and nothing of the deck leaks into a row.
    expect(view.row.seats.every((s) => s.holeCards !== null)).toBe(true);
    expect(JSON.stringify(tableViewFor(view, 'public'))).not.toContain('deck');
  });

  it('lets everyone see hands tabled at the showdown', () => {
    const log = scriptedTable();
    checkDownHand(log);
    const view = project(tableViews, log.events).tables.t1;
    const shown = log.events.filter((e) => e.type === 'HandShown').map((e) => (e.data as { seat: number }).seat);
    expect(shown.length).toBeGreaterThan(0);
    const publicRow = tableViewFor(view, 'public');
    for (const s of publicRow.seats) expect(s.holeCards !== null).toBe(shown.includes(s.seat));
    expect(tableViewFor(view, 'dealer').seats.every((s) => s.holeCards !== null)).toBe(true);
  });

  it('refuses a gap in the stream and ignores events already folded or of other tables', () => {
    const log = scriptedTable();
    scriptedTable(log, 't2');
    const t1 = log.events.filter((e) => e.streamId === 'table-t1');
    let view = initialTableView('table-t1');
    view = evolveTableView(view, t1[0]);
    expect(evolveTableView(view, t1[0])).toBe(view);
    expect(
      evolveTableView(
        view,
        log.events.find((e) => e.streamId === 'table-t2')!,
      ),
    ).toBe(view);
    expect(() => evolveTableView(view, t1[2])).toThrow(/skipped/);
    const both = project(tableViews, log.events);
    expect(Object.keys(both.tables).sort()).toEqual(['t1', 't2']);
  });

  it('shows a straddle posted before the deal', () => {
    const log = new RecordedLog();
    log.run('s', {
      type: 'OpenTable',
      tableId: 's',
      rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, houseOptions: { straddle: true } },
    });
    for (const seat of [1, 2, 3, 4]) log.run('s', { type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 100 });
    log.run('s', { type: 'PlaceButton', seat: 1 });
    log.run('s', { type: 'StartHand', seed: 3 });
    log.run('s', { type: 'PostBlind', seat: 2 });
    log.run('s', { type: 'PostBlind', seat: 3 });
    const offered = project(tableViews, log.events).tables.s.row.hand!.legalActions;
    expect(offered.map((a) => [a.type, a.seat])).toContainEqual(['Straddle', 4]);
    log.run('s', { type: 'Straddle', seat: 4 });
    const row = project(tableViews, log.events).tables.s.row;
    expect(row.hand!.straddles).toEqual([4]);
    expect(row.seats.find((s) => s.seat === 4)!.committed).toBe(4);
    // derivePots mid-street: only the straddler is in for the whole level so far.
    expect(row.hand!.pots).toEqual([{ amount: 7, eligible: [4] }]);
    expect(row.kill).toEqual({ holder: null, killer: null });
  });
});
