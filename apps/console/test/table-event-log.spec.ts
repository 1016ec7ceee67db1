import { legalActions, type TableCommand, type TableEvent } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import { eventDataFor, tableHands } from '@felt/projections';
import { TableRecorder } from '@felt/regulator';
import { boardCards, muckedSeats, shownHands, TableEventLog } from '../src/table-event-log';
import type { TableEventItem } from '../src/table-types';

/**
 * The console's hand panel renders libs/projections' hand record (the fold the hand histories and exports use), from
 * the events as the feed sends them to a dealer: hole cards null while the hand is live (eventDataFor).
 */
function table(): TableRecorder {
  const t = new TableRecorder('panel');
  t.apply({ type: 'OpenTable', tableId: 'panel', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 } });
  for (let seat = 1; seat <= 3; seat++) t.apply({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 200 });
  t.apply({ type: 'PlaceButton', seat: 1 });
  t.apply({ type: 'StartHand', seed: 'cd'.repeat(32) });
  return t;
}

/** Forced bets, then checks and calls to the showdown, every hand shown. */
function playOut(t: TableRecorder): void {
  for (let guard = 0; guard < 60 && t.state.hand?.phase !== 'complete'; guard++) {
    const { seat, actions } = legalActions(t.state);
    const pick = (type: string) => actions.find((a) => a.type === type && (a.seat === seat || a.seat === null));
    const a = pick('PostBlind') ?? pick('Check') ?? pick('Call') ?? pick('ShowHand');
    if (!a) throw new Error(`nothing passive in ${JSON.stringify(actions)}`);
    t.apply(
      a.type === 'PostBlind' ? { type: 'PostBlind', seat: a.seat, blind: a.blind } : ({ type: a.type, seat: a.seat } as TableCommand),
    );
  }
}

const publicFeed = (recorded: readonly RecordedEvent[], handOver: boolean): TableEventItem[] =>
  recorded.map((e) => ({
    version: e.streamVersion,
    type: e.type,
    data: eventDataFor(e.type, e.data, 'public', handOver) as Record<string, unknown>,
    recordedAt: e.recordedAt,
  }));

describe("the console's hand panel: libs/projections' hand record", () => {
  it('is the same record the exports fold, hole cards left unknown where the feed hides them', () => {
    const t = table();
    playOut(t);
    const log = new TableEventLog();
    log.add(publicFeed(t.recorded, true));
    const record = log.currentHand()!;
    const full = tableHands(t.recorded.map((e) => ({ ...(e.data as object), type: e.type }) as TableEvent)).at(-1)!.record;
    expect(record.status).toBe('complete');
    expect(record.pots).toEqual(full.pots);
    expect(record.board).toEqual(full.board);
    expect(record.actions.map((a) => [a.action, a.seat])).toEqual(full.actions.map((a) => [a.action, a.seat]));
    expect(boardCards(record.board)).toHaveLength(5);
    const shown = t.recorded.filter((e) => e.type === 'HandShown').map((e) => (e.data as { seat: number }).seat);
    expect(shownHands(record).map((s) => s.seat)).toEqual(shown);
    for (const s of shownHands(record)) expect(s.cards).toEqual(full.players.find((p) => p.seat === s.seat)!.holeCards);
    expect(muckedSeats(record)).toEqual([]);
  });

  it('reads a live hand whose hole cards the reader may not see (null), and a reload mid-hand', () => {
    const t = table();
    t.apply({ type: 'PostBlind', seat: 2, blind: 'small-blind' });
    t.apply({ type: 'PostBlind', seat: 3, blind: 'big-blind' });
    const log = new TableEventLog();
    log.add(publicFeed(t.recorded, false));
    const record = log.currentHand()!;
    expect(t.recorded.some((e) => e.type === 'HoleCardsDealt')).toBe(true);
    expect(record.status).toBe('in-progress');
    expect(record.players.map((p) => p.holeCards)).toEqual([[], [], []]);
    expect(new TableEventLog().currentHand()).toBeNull();
  });

  it("lists the standing betting actions by version: a correction's retracted ones are gone", () => {
    const t = table();
    t.apply({ type: 'PostBlind', seat: 2, blind: 'small-blind' });
    t.apply({ type: 'PostBlind', seat: 3, blind: 'big-blind' });
    t.apply({ type: 'Call', seat: 1 });
    t.apply({ type: 'Fold', seat: 2 });
    const log = new TableEventLog();
    log.add(publicFeed(t.recorded, false));
    const [call, fold] = log.standingActions();
    expect([call!.event.type, fold!.event.type]).toEqual(['PlayerCalled', 'PlayerFolded']);
    expect(fold!.version).toBe(t.recorded.length);
    t.apply({ type: 'CorrectAction', action: 2, reason: 'double tap' });
    log.add(publicFeed(t.recorded, false));
    expect(log.standingActions()).toEqual([call]);
    expect(
      log
        .currentHand()!
        .actions.filter((a) => a.retracted)
        .map((a) => a.action),
    ).toEqual(['fold']);
  });
});
