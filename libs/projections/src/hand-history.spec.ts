import { project } from './projection';
import { handHistory, recallHands, handRecordFor } from './hand-history';
import { scriptedTable, checkDownHand, fourHandedHand } from './scripted-table.test-support';
import { RecordedLog } from './recorded-log.test-support';

describe('hand history', () => {
  it('records a scripted hand: players, actions in order with amounts, board, pots, final stacks, times', () => {
    const log = scriptedTable();
    const view = project(handHistory, log.events);
    expect(view.inProgress).toEqual({});
    const [hand] = recallHands(view, 't1', 10);
    expect(hand.handNumber).toBe(1);
    expect(hand.status).toBe('complete');
    expect(hand.button).toBe(1);
    expect(hand.players.map((p) => [p.seat, p.playerId, p.startingStack, p.finalStack])).toEqual([
      // Dealing order: clockwise from the small blind.
      [2, 'bob', 200, 194],
      [3, 'cy', 150, 162],
      [1, 'ann', 100, 94],
    ]);
    expect(hand.actions.map((a) => [a.street, a.seat, a.action, a.amount ?? a.to])).toEqual([
      ['preflop', 2, 'post', 1],
      ['preflop', 3, 'post', 2],
      ['preflop', 1, 'raise', 6],
      ['preflop', 2, 'call', 5],
      ['preflop', 3, 'call', 4],
      ['flop', 2, 'check', null],
      ['flop', 3, 'bet', 10],
      ['flop', 1, 'fold', null],
      ['flop', 2, 'fold', null],
      ['flop', 3, 'uncalled-returned', 10],
    ]);
    expect(hand.board.flop).toHaveLength(3);
    expect(hand.board.turn).toEqual([]);
    expect(hand.pots).toEqual([{ pot: 0, amount: 18, eligible: [3], winners: [{ seat: 3, amount: 18 }] }]);
    expect(hand.rake).toBe(0);
    const started = log.events.find((e) => e.type === 'HandStarted')!;
    const ended = log.events.find((e) => e.type === 'HandEnded')!;
    expect([hand.startedAt, hand.endedAt]).toEqual([started.recordedAt, ended.recordedAt]);
    expect([hand.fromVersion, hand.toVersion]).toEqual([started.streamVersion, ended.streamVersion]);
  });

  it('keeps the hand in progress apart until it ends', () => {
    const log = scriptedTable();
    const flop = log.events.findIndex((e) => e.type === 'BoardDealt');
    const view = project(handHistory, log.events.slice(0, flop + 1));
    expect(recallHands(view, 't1')).toEqual([]);
    expect(view.inProgress.t1.actions).toHaveLength(5);
    expect(view.inProgress.t1.status).toBe('in-progress');
  });

  it('recalls the last N hands of a table, newest first, each table apart', () => {
    const log = new RecordedLog();
    scriptedTable(log, 't1');
    scriptedTable(log, 't2');
    for (let i = 0; i < 11; i++) checkDownHand(log, 't1', 100 + i);
    checkDownHand(log, 't2');
    const view = project(handHistory, log.events);
    expect(recallHands(view, 't1').map((h) => h.handNumber)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    expect(recallHands(view, 't1', 1)[0].handNumber).toBe(12);
    expect(recallHands(view, 't2').map((h) => h.handNumber)).toEqual([2, 1]);
    expect(recallHands(view, 'nowhere')).toEqual([]);
    // Chips balance in every hand: starting stacks = final stacks + rake.
    for (const h of view.hands.t1) {
      const start = h.players.reduce((n, p) => n + p.startingStack, 0);
      const end = h.players.reduce((n, p) => n + (p.finalStack ?? 0), 0);
      expect(start).toBe(end + h.rake);
    }
  });

  it('hides hole cards per audience, except hands shown at the showdown', () => {
    const log = scriptedTable();
    checkDownHand(log);
    const [shownDown, foldedOut] = recallHands(project(handHistory, log.events), 't1', 2);
    expect(shownDown.players.every((p) => p.shown)).toBe(true);
    expect(handRecordFor(shownDown, 'public').players.every((p) => p.holeCards.length === 2)).toBe(true);
    expect(handRecordFor(foldedOut, 'public').players.map((p) => p.holeCards.length)).toEqual([0, 0, 0]);
    expect(handRecordFor(foldedOut, { player: 'cy' }).players.map((p) => p.holeCards.length)).toEqual([0, 2, 0]);
    expect(handRecordFor(foldedOut, 'regulator').players.map((p) => p.holeCards.length)).toEqual([2, 2, 2]);
    expect(handRecordFor(foldedOut, 'floor').players.map((p) => p.holeCards.length)).toEqual([2, 2, 2]);
    // Over: the dealer's console saw them during the hand, afterwards only what was shown.
    expect(handRecordFor(foldedOut, 'dealer').players.map((p) => p.holeCards.length)).toEqual([0, 0, 0]);
    expect(handRecordFor(foldedOut, 'public').shuffle).not.toHaveProperty('seed');
    expect(handRecordFor(foldedOut, 'regulator').shuffle).toEqual(foldedOut.shuffle);
  });
});

describe('hand history of a voided hand', () => {
  it('records the reason and gives everyone their starting stack back', () => {
    const log = scriptedTable();
    log.run('t1', { type: 'StartHand', seed: 21 });
    log.run('t1', { type: 'PostBlind', seat: 3 });
    log.run('t1', { type: 'PostBlind', seat: 1 });
    log.run('t1', { type: 'VoidHand', reason: 'exposed card on the deal' });
    const [voided] = recallHands(project(handHistory, log.events), 't1', 1);
    expect(voided.status).toBe('voided');
    expect(voided.voidReason).toBe('exposed card on the deal');
    expect(voided.players.map((p) => p.finalStack)).toEqual(voided.players.map((p) => p.startingStack));
    expect(voided.actions.map((a) => [a.seat, a.kind, a.amount])).toEqual([
      [3, 'small-blind', 1],
      [1, 'big-blind', 2],
    ]);
  });
});

describe('hand history of a corrected hand', () => {
  it('keeps the retracted actions, marked, and the correction with its reason', () => {
    const log = fourHandedHand('c1');
    log.run('c1', { type: 'Fold', seat: 4 });
    log.run('c1', { type: 'Fold', seat: 1 });
    log.run('c1', { type: 'CorrectAction', action: 2, reason: 'double tap' }, 'floor-1');
    log.run('c1', { type: 'Call', seat: 1 });
    const hand = project(handHistory, log.events).inProgress.c1;
    expect(hand.actions.filter((a) => a.action !== 'post').map((a) => [a.seat, a.action, a.retracted ?? false, a.reason ?? null])).toEqual([
      [4, 'fold', false, null],
      [1, 'fold', true, null],
      [1, 'correction', false, 'double tap'],
      [1, 'call', false, null],
    ]);
  });
});

describe('hand history: where the deck came from', () => {
  it("labels a hand with its table's deck source (training: anyone could choose the deck), and no label where the rules record none", () => {
    const log = new RecordedLog();
    log.run('school', {
      type: 'OpenTable',
      tableId: 'school',
      rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, deckSource: 'training' },
    });
    log.run('school', { type: 'SeatPlayer', seat: 1, playerId: 'ann', buyIn: 100 });
    log.run('school', { type: 'SeatPlayer', seat: 2, playerId: 'bob', buyIn: 100 });
    log.run('school', { type: 'PlaceButton', seat: 1 });
    checkDownHand(log, 'school');
    const [training] = recallHands(project(handHistory, log.events), 'school', 1);
    expect(training!.deckSource).toBe('training');
    const [old] = recallHands(project(handHistory, scriptedTable().events), 't1', 1);
    expect(old).not.toHaveProperty('deckSource');
  });
});
