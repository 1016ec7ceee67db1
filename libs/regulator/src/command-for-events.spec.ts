import { playerToAct } from '@felt/engine';
import { computeEventHash, GENESIS_HASH, type RecordedEvent } from '@felt/event-store';
import { TableRecorder } from './random-table-log';
import { verifyEvents } from './verify-log';

/** A table's whole life, every kind of command, re-derived by the verifier from the events alone. */
function lifeOfATable(): RecordedEvent[] {
  const t = new TableRecorder('life');
  const rules = {
    structure: { kind: 'no-limit' as const },
    smallBlind: 1,
    bigBlind: 2,
    maxSeats: 6,
    houseOptions: { rake: { percent: 10, cap: 5 }, chop: { fee: 0, allowHeadsUp: true } },
  };
  t.apply({ type: 'OpenTable', tableId: 'life', rules });
  t.apply({ type: 'SeatPlayer', seat: 1, playerId: 'ann', buyIn: 200 });
  t.apply({ type: 'SeatPlayer', seat: 2, playerId: 'bob', buyIn: 200 });
  t.apply({ type: 'SeatPlayer', seat: 3, playerId: 'cat', buyIn: 200 });
  t.apply({
    type: 'DrawForButton',
    deck: [
      'As',
      'Kd',
      '2c',
      ...'3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Ad 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks'.split(
        ' ',
      ),
    ],
  });
  const playOut = () => {
    for (let guard = 0; t.state.hand && t.state.hand.phase !== 'complete' && guard < 100; guard++) {
      const h = t.state.hand;
      if (h.phase === 'forced-bets') t.apply({ type: 'PostBlind', seat: h.forcedBetsDue[0]!.seat, blind: h.forcedBetsDue[0]!.kind });
      else {
        const seat =
          h.phase === 'showdown' ? h.showdownOrder.find((s) => !h.players.find((p) => p.seat === s)!.shown)! : playerToAct(h)!.seat;
        const toCall = h.round.currentBet - h.players.find((p) => p.seat === seat)!.live;
        t.apply(h.phase === 'showdown' ? { type: 'ShowHand', seat } : toCall > 0 ? { type: 'Call', seat } : { type: 'Check', seat });
      }
    }
  };
  t.apply({ type: 'StartHand', seed: 1 });
  playOut();
  t.apply({ type: 'StartHand', seed: 2 });
  t.apply({ type: 'VoidHand', reason: 'misdeal' });
  t.apply({ type: 'SitOut', seat: 3 });
  t.apply({ type: 'AddChips', seat: 1, amount: 50 });
  t.apply({ type: 'ChangeRules', rules: { ...rules, bigBlind: 4, smallBlind: 2 } });
  t.apply({ type: 'SitIn', seat: 3, waitForBigBlind: false });
  t.apply({
    type: 'StartHand',
    deck: '2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As'.split(
      ' ',
    ),
  });
  playOut();
  t.apply({ type: 'LeaveTable', seat: 2 });
  t.apply({ type: 'CloseTable' });
  return t.recorded;
}

const rechain = (events: RecordedEvent[]) => {
  let prev = GENESIS_HASH;
  for (const e of events) {
    e.prevHash = prev;
    e.hash = computeEventHash(prev, e);
    prev = e.hash;
  }
  return events;
};

describe('the verifier re-derives every kind of command', () => {
  const log = lifeOfATable();

  it('passes a table from opening to closing: supplied decks, a void, sit-outs, add-ons, new rules, rake, leaving, closing', () => {
    const types = new Set(log.map((e) => e.type));
    for (const t of [
      'ButtonDrawn',
      'HandVoided',
      'PlayerSatOut',
      'PlayerSatIn',
      'ChipsAdded',
      'RulesChanged',
      'RakeTaken',
      'PlayerLeft',
      'TableClosed',
    ])
      expect([t, types.has(t)]).toEqual([t, true]);
    expect(verifyEvents(log).violations).toEqual([]);
  });

  it('catches a cash-out that is not the stack, even with a recomputed chain', () => {
    const events = JSON.parse(JSON.stringify(log)) as RecordedEvent[];
    const left = events.filter((e) => e.type === 'PlayerLeft').at(-1)!;
    (left.data as { cashOut: number }).cashOut += 10;
    const violations = verifyEvents(rechain(events)).violations;
    expect(violations[0]).toMatchObject({ version: left.streamVersion, kind: 'rules' });
  });

  it('catches a rake the house option would not take', () => {
    const events = JSON.parse(JSON.stringify(log)) as RecordedEvent[];
    const rake = events.find((e) => e.type === 'RakeTaken')!;
    (rake.data as { amount: number }).amount += 1;
    const violations = verifyEvents(rechain(events)).violations;
    expect(violations[0]).toMatchObject({ version: rake.streamVersion, kind: 'rules' });
  });
});
