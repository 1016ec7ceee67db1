import { legalActions, type TableCommand } from '@felt/engine';
import { RecordedLog } from './recorded-log.test-support';

/**
 * A short scripted table for the specs, NL 1/2 with stacks 100 / 200 / 150 (ann, bob, cy in seats 1-3), button 1.
 * Hand 1: ann raises to 6, bob and cy call (pot 18); on the flop bob checks, cy bets 10, ann and bob fold:
 * cy's 10 comes back and cy wins 18. Final stacks 94 / 194 / 162.
 */
export function scriptedTable(log = new RecordedLog(), tableId = 't1'): RecordedLog {
  log.run(tableId, { type: 'OpenTable', tableId, rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 } });
  log.run(tableId, { type: 'SeatPlayer', seat: 1, playerId: 'ann', buyIn: 100 });
  log.run(tableId, { type: 'SeatPlayer', seat: 2, playerId: 'bob', buyIn: 200 });
  log.run(tableId, { type: 'SeatPlayer', seat: 3, playerId: 'cy', buyIn: 150 });
  log.run(tableId, { type: 'PlaceButton', seat: 1 });
  log.run(tableId, { type: 'StartHand', seed: 7 });
  log.run(tableId, { type: 'PostBlind', seat: 2 });
  log.run(tableId, { type: 'PostBlind', seat: 3 });
  const script: TableCommand[] = [
    { type: 'Raise', seat: 1, to: 6 },
    { type: 'Call', seat: 2 },
    { type: 'Call', seat: 3 },
    { type: 'Check', seat: 2 },
    { type: 'Bet', seat: 3, amount: 10 },
    { type: 'Fold', seat: 1 },
    { type: 'Fold', seat: 2 },
  ];
  for (const c of script) log.run(tableId, c, `player-${c.type}`);
  return log;
}

/** Plays the next hand passively to the showdown: blinds posted, everyone calls or checks, everyone shows. */
export function checkDownHand(log: RecordedLog, tableId = 't1', seed = 11): void {
  log.run(tableId, { type: 'StartHand', seed });
  playPassively(log, tableId);
}

/** Finishes the hand in progress passively: forced bets posted, checks and calls, every hand shown. */
export function playPassively(log: RecordedLog, tableId = 't1', onlyForcedBets = false): void {
  for (let steps = 0; steps < 100; steps++) {
    const state = log.state(tableId);
    if (!state.hand || state.hand.phase === 'complete' || (onlyForcedBets && state.hand.phase === 'betting')) return;
    const { seat, actions } = legalActions(state);
    const pick = (type: string) => actions.find((a) => a.type === type && (a.seat === seat || a.seat === null));
    const a = pick('PostBlind') ?? pick('Deal') ?? pick('Check') ?? pick('Call') ?? pick('ShowHand');
    if (!a) throw new Error(`no passive action in ${JSON.stringify(actions)}`);
    const command = (
      a.type === 'Deal'
        ? { type: 'Deal' }
        : a.type === 'PostBlind'
          ? { type: 'PostBlind', seat: a.seat, blind: a.blind }
          : { type: a.type, seat: a.seat }
    ) as TableCommand;
    log.run(tableId, command);
  }
  throw new Error('hand did not end');
}

/** NL 1/2, four players with 100 each in seats 1-4, button 1, a hand started and both blinds posted (seat 4 to act). */
export function fourHandedHand(tableId: string, seed = 3): RecordedLog {
  const log = new RecordedLog();
  log.run(tableId, { type: 'OpenTable', tableId, rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 } });
  for (const seat of [1, 2, 3, 4]) log.run(tableId, { type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 100 });
  log.run(tableId, { type: 'PlaceButton', seat: 1 });
  log.run(tableId, { type: 'StartHand', seed });
  log.run(tableId, { type: 'PostBlind', seat: 2 });
  log.run(tableId, { type: 'PostBlind', seat: 3 });
  return log;
}
