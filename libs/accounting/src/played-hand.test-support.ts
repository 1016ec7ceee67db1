import { runTableScript, type TableScript } from '@felt/formats';
import type { TableEvent } from '@felt/engine';
import type { Actor, MoneyCommand } from './commands';
import { tableHands, type HandRecord } from '@felt/projections';

/**
 * A real hand for the specs: three players at 1/2, the button folds, the blinds check it down and show; played
 * through the engine (a table script) and folded into the one hand record, ended at `endedAt`.
 */
export function playedHand(holeCards: Record<string, string>, board: string, endedAt = '2026-12-06T22:30:00.000Z'): HandRecord {
  const [hand] = tableHands(playedHandEvents(holeCards, board));
  return { ...hand!.record, endedAt };
}

/** The table's events of that hand, as the engine recorded them (a regulator's spec puts them in a table stream). */
export function playedHandEvents(holeCards: Record<string, string>, board: string): readonly TableEvent[] {
  const checks = (first: number, second: number) => [
    { type: 'Check', seat: first },
    { type: 'Check', seat: second },
  ];
  const script = {
    name: 'a three-handed hand checked down, the button folding',
    rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 3 },
    players: [
      { seat: 1, playerId: 'ann', stack: 100 },
      { seat: 2, playerId: 'bob', stack: 100 },
      { seat: 3, playerId: 'cy', stack: 100 },
    ],
    button: 1,
    commands: [
      { type: 'StartHand', holeCards, board },
      { type: 'PostBlind', seat: 2, blind: 'small-blind' },
      { type: 'PostBlind', seat: 3, blind: 'big-blind' },
      { type: 'Fold', seat: 1 },
      { type: 'Call', seat: 2 },
      { type: 'Check', seat: 3 },
      ...checks(2, 3),
      ...checks(2, 3),
      ...checks(2, 3),
      { type: 'ShowHand', seat: 2 },
      { type: 'ShowHand', seat: 3 },
    ],
  } as unknown as TableScript;
  const run = runTableScript(script);
  if (run.failure) throw new Error(JSON.stringify(run.failure));
  return run.events;
}

export const at = '2026-12-06T22:40:00.000Z';
export const floor: Actor = { id: 'f1', role: 'floor' };
export const floor2: Actor = { id: 'f2', role: 'floor' };
export const dealer: Actor = { id: 'd1', role: 'dealer' };

/** A shift at the hand's table: a bad-beat fund, its drop, a buy-in, and the bad beat paid by two floor supervisors. */
export function badBeatShift(hand: HandRecord) {
  const badBeat = {
    kind: 'PayBadBeat' as const,
    fundId: 'bbj',
    tableId: hand.tableId,
    handNumber: 1,
    loser: 'bob',
    winner: 'cy',
    table: ['ann'],
  };
  const shift: MoneyCommand[] = [
    { type: 'OpenFund', at, by: floor, fundId: 'bbj', rules: { kind: 'bad-beat', name: 'Bad beat', backupPercent: 10 } },
    { type: 'CollectDrop', at, by: dealer, fundId: 'bbj', tableId: hand.tableId, handNumber: 1, amount: 5_000 },
    { type: 'CashBuyIn', at, by: dealer, tableId: hand.tableId, shiftId: 's1', playerId: 'ann', amount: 10_000 },
    { type: 'RequestMoney', at, by: floor, requestId: 'r1', request: badBeat },
    { type: 'ConfirmRequest', at, by: floor2, requestId: 'r1' },
  ];
  return { badBeat, shift };
}
