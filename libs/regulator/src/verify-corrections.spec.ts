import { legalActions, tableDecider } from '@felt/engine';
import { TableRecorder } from './random-table-log';
import { verifyEvents } from './verify-log';

/** A table whose log holds a floor correction and a seat change, recorded as the store records them. */
function correctedTable(): TableRecorder {
  const t = new TableRecorder('fix');
  t.apply({ type: 'OpenTable', tableId: 'fix', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 9 } });
  for (const seat of [1, 3, 5, 7]) t.apply({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 200 });
  t.apply({ type: 'PlaceButton', seat: 1 });
  t.apply({ type: 'StartHand', seed: 42 });
  for (const due of t.state.hand!.forcedBetsDue) t.apply({ type: 'PostBlind', seat: due.seat, blind: due.kind });
  const first = legalActions(t.state).seat!;
  t.apply({ type: 'Fold', seat: first });
  t.apply({ type: 'Fold', seat: legalActions(t.state).seat! });
  t.apply({ type: 'CorrectAction', action: 2, reason: 'double tap' });
  t.apply({ type: 'Call', seat: legalActions(t.state).seat! });
  while (t.state.hand!.phase !== 'complete') {
    const { seat, actions } = legalActions(t.state);
    const type = (['Check', 'Call', 'ShowHand'] as const).find((k) => actions.some((a) => a.type === k && a.seat === seat))!;
    t.apply({ type, seat: seat! });
  }
  t.apply({ type: 'ChangeSeat', from: 7, to: 8 });
  t.apply({ type: 'StartHand', seed: 43 });
  return t;
}

describe('felt verify on a log with a floor correction', () => {
  it('accepts the correction: re-deciding CorrectAction on the replayed state gives the recorded ActionCorrected, and chips balance', () => {
    const t = correctedTable();
    expect(t.recorded.map((e) => e.type)).toEqual(expect.arrayContaining(['ActionCorrected', 'SeatChanged']));
    const report = verifyEvents(t.recorded);
    expect(report.violations).toEqual([]);
    expect(report.hands).toBe(1);
  });

  it('replays the log to the very state the table reached', () => {
    const t = correctedTable();
    const replayed = t.recorded.reduce(
      (s, e) => tableDecider.evolve(s, { ...(e.data as object), type: e.type } as never),
      tableDecider.initialState,
    );
    expect(JSON.stringify(replayed)).toBe(JSON.stringify(t.state));
  });

  it('names a tampered correction: a different action number does not recompute', () => {
    const t = correctedTable();
    const events = JSON.parse(JSON.stringify(t.recorded));
    const i = events.findIndex((e: { type: string }) => e.type === 'ActionCorrected');
    events[i].data.action = 1;
    expect(verifyEvents(events).violations.length).toBeGreaterThan(0);
  });
});
