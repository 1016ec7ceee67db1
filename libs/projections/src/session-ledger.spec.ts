import { project } from './projection';
import { sessionLedger, sessionNet, ledgerDiscrepancy, ledgerChipsBehind } from './session-ledger';
import { tableViews } from './table-view';
import { scriptedTable, checkDownHand, playPassively } from './scripted-table.test-support';
import { RecordedLog } from './recorded-log.test-support';

describe('player session ledger', () => {
  it('records buy-ins, add-ons, per-hand results and the cash-out of each session', () => {
    const log = scriptedTable();
    log.run('t1', { type: 'AddChips', seat: 1, amount: 50 });
    log.run('t1', { type: 'LeaveTable', seat: 1 });
    log.run('t1', { type: 'SeatPlayer', seat: 1, playerId: 'ann', buyIn: 80 });
    const ledger = project(sessionLedger, log.events);
    const rows = ledger.tables.t1.sessions.map((s) => ({
      player: s.playerId,
      buyIn: s.buyIn,
      addOns: s.addOns.map((a) => a.amount),
      hands: s.hands.map((h) => [h.handNumber, h.net]),
      cashOut: s.cashOut,
      stack: s.stack,
      net: sessionNet(s),
    }));
    expect(rows).toEqual([
      { player: 'ann', buyIn: 100, addOns: [50], hands: [[1, -6]], cashOut: 144, stack: 0, net: -6 },
      { player: 'bob', buyIn: 200, addOns: [], hands: [[1, -6]], cashOut: null, stack: 194, net: -6 },
      { player: 'cy', buyIn: 150, addOns: [], hands: [[1, 12]], cashOut: null, stack: 162, net: 12 },
      { player: 'ann', buyIn: 80, addOns: [], hands: [], cashOut: null, stack: 80, net: 0 },
    ]);
    expect(ledger.tables.t1.sessions[0].leftAt).toBe(log.events.find((e) => e.type === 'PlayerLeft')!.recordedAt);
    expect(ledgerChipsBehind(ledger, 't1')).toBe(194 + 162 + 80);
    expect(ledgerDiscrepancy(ledger, 't1')).toBe(0);
    expect(ledgerDiscrepancy(ledger, 't1', 0)).toBe(436);
  });

  it('balances with rake, mid-hand against the table view, and settles a player who leaves mid-hand', () => {
    const log = new RecordedLog();
    log.run('r', {
      type: 'OpenTable',
      tableId: 'r',
      rules: { structure: { kind: 'no-limit' }, smallBlind: 5, bigBlind: 10, houseOptions: { rake: { percent: 5, cap: 3 } } },
    });
    for (const [seat, playerId] of [
      [1, 'ann'],
      [2, 'bob'],
      [3, 'cy'],
    ] as const)
      log.run('r', { type: 'SeatPlayer', seat, playerId, buyIn: 500 });
    log.run('r', { type: 'PlaceButton', seat: 1 });
    checkDownHand(log, 'r', 3);
    checkDownHand(log, 'r', 4);
    const ledger = project(sessionLedger, log.events);
    expect(ledger.tables.r.rake).toBe(2);
    const nets = ledger.tables.r.sessions.flatMap((s) => s.hands.map((h) => h.net));
    expect(nets.reduce((a, b) => a + b, 0)).toBe(-2);
    expect(ledgerDiscrepancy(ledger, 'r')).toBe(0);

    // Hand 3: ann, the small blind, folds to a call and leaves before the hand ends.
    log.run('r', { type: 'StartHand', seed: 5 });
    playPassively(log, 'r', true);
    expect(log.state('r').hand!.smallBlindSeat).toBe(1);
    log.run('r', { type: 'Call', seat: 3 });
    log.run('r', { type: 'Fold', seat: 1 });
    log.run('r', { type: 'LeaveTable', seat: 1 });
    const mid = project(sessionLedger, log.events);
    const annLeft = mid.tables.r.sessions[0];
    expect(annLeft.cashOut).toBe(annLeft.hands.reduce((n, h) => n + h.net, 500));
    expect(annLeft.hands.at(-1)).toEqual({ handNumber: 3, net: -5, voided: false });
    // Mid-hand the pot is still on the table: the table view counts it.
    expect(ledgerDiscrepancy(mid, 'r', project(tableViews, log.events).tables.r.row.chipsOnTable)).toBe(0);
    playPassively(log, 'r');
    const end = project(sessionLedger, log.events);
    expect(end.tables.r.sessions.map((s) => s.hands.length)).toEqual([3, 3, 3]);
    expect(ledgerDiscrepancy(end, 'r')).toBe(0);
    expect(ledgerDiscrepancy(end, 'r', project(tableViews, log.events).tables.r.row.chipsOnTable)).toBe(0);
  });
});

describe('player session ledger of a voided hand', () => {
  it('records a zero result and stays balanced', () => {
    const log = scriptedTable();
    log.run('t1', { type: 'StartHand', seed: 21 });
    playPassively(log, 't1', true);
    log.run('t1', { type: 'VoidHand', reason: 'misdeal' });
    const ledger = project(sessionLedger, log.events);
    expect(ledger.tables.t1.sessions.map((s) => s.hands.at(-1))).toEqual([
      { handNumber: 2, net: 0, voided: true },
      { handNumber: 2, net: 0, voided: true },
      { handNumber: 2, net: 0, voided: true },
    ]);
    expect(ledger.tables.t1.sessions.map((s) => s.stack)).toEqual([94, 194, 162]);
    expect(ledgerDiscrepancy(ledger, 't1')).toBe(0);
  });
});
