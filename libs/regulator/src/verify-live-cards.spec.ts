import type { TableRulesInput } from '@felt/engine';
import { computeEventHash, type RecordedEvent } from '@felt/event-store';
import { auditStream } from './audit-stream.test-support';
import { randomTableLog, TableRecorder } from './random-table-log';
import { verifyEvents } from './verify-log';

/**
 * felt verify on live-cards tables: no deck anywhere, every card entered by a command (DealBoard, ShowHand with
 * cards, ReportHoleCards), and each re-decided from the events alone.
 */
const LIVE: TableRulesInput = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6, cardSource: 'live' };
const log = randomTableLog({ tableId: 'live', seed: 11, events: 1500, rules: LIVE });
const copy = (events: RecordedEvent[]): RecordedEvent[] => JSON.parse(JSON.stringify(events));

describe('verifyEvents on a live-cards table', () => {
  it('accepts a random live table: every entered card re-decided, chips conserved, no deck recorded', () => {
    const report = verifyEvents(log);
    expect(report.violations).toEqual([]);
    expect(report.hands).toBeGreaterThan(30);
    const types = new Set(log.map((e) => e.type));
    for (const type of ['BoardDealt', 'HoleCardsReported', 'HandShown']) expect(types.has(type)).toBe(true);
    for (const e of log.filter((x) => x.type === 'HandStarted'))
      expect(e.data).toMatchObject({ shuffle: { kind: 'live' }, deckCommitment: null });
  });

  it('re-decides the board entered at an all-in showdown (rules version 2), and a version-1 table entered street by street', () => {
    // Today's rules table an all-in showdown first: board cards entered after ShowdownStarted, within the same hand.
    expect(boardAfterShowdown(log)).toBeGreaterThan(0);
    const v1 = randomTableLog({ tableId: 'live-v1', seed: 11, events: 1500, rules: { ...LIVE, version: 1 } });
    expect(boardAfterShowdown(v1)).toBe(0);
    expect(verifyEvents(v1).violations).toEqual([]);
  });

  it('names a board card that repeats a card already seen, even with the hash recomputed', () => {
    const events = copy(log);
    const turn = events.findIndex(
      (e) => e.type === 'BoardDealt' && (e.data as { street: string }).street === 'turn' && e.metadata.commandId !== undefined,
    );
    const flop = events
      .slice(0, turn)
      .reverse()
      .find((e) => e.type === 'BoardDealt')!;
    (events[turn]!.data as { cards: number[] }).cards = [(flop.data as { cards: number[] }).cards[0]!];
    // Re-chain from the change on, as an insider rewriting the log would.
    for (let i = turn; i < events.length; i++) {
      if (i > turn) events[i]!.prevHash = events[i - 1]!.hash;
      events[i]!.hash = computeEventHash(events[i]!.prevHash, events[i]!);
    }
    const [first] = verifyEvents(events).violations;
    expect(first).toMatchObject({ version: turn + 1, kind: 'rules' });
    expect(first!.message).toMatch(/CARD_ALREADY_SEEN/);
  });

  it("takes a shown hand that contradicts the reader as the dealer's truth, and asks the audit stream for its ReaderConflict", () => {
    // Heads-up: the reader reads seat 1's hand; checked down; the dealer enters seat 1's shown cards otherwise.
    const table = new TableRecorder('reader');
    table.apply({ type: 'OpenTable', tableId: 'reader', rules: LIVE });
    table.apply({ type: 'SeatPlayer', seat: 1, playerId: 'a', buyIn: 100 });
    table.apply({ type: 'SeatPlayer', seat: 2, playerId: 'b', buyIn: 100 });
    table.apply({ type: 'PlaceButton', seat: 1 });
    table.apply({ type: 'StartHand' });
    table.apply({ type: 'PostBlind', seat: 1 });
    table.apply({ type: 'PostBlind', seat: 2 });
    table.apply({ type: 'ReportHoleCards', seat: 1, cards: ['As', 'Ks'] });
    table.apply({ type: 'Call', seat: 1 });
    table.apply({ type: 'Check', seat: 2 });
    for (const cards of [['Qc', '9d', '7s'], ['4h'], ['2c']]) {
      table.apply({ type: 'DealBoard', cards });
      table.apply({ type: 'Check', seat: 2 });
      table.apply({ type: 'Check', seat: 1 });
    }
    table.apply({ type: 'ShowHand', seat: 2, cards: ['Qd', 'Jd'] });
    table.apply({ type: 'ShowHand', seat: 1, cards: ['As', 'Kh'] });
    const events = copy(table.recorded);
    const shown = events.findIndex((e) => e.type === 'HandShown' && (e.data as { seat: number }).seat === 1);
    // The table's own log: the conflict is reported (no audit stream to compare with).
    const alone = verifyEvents(events);
    expect(alone.violations).toEqual([]);
    expect(alone.readerConflicts).toEqual([{ streamId: 'table-reader', handNumber: 1, version: shown + 1 }]);
    // With the audit streams: the API's ReaderConflict must be there.
    const missing = verifyEvents([
      ...auditStream([{ type: 'DeviceRegistered', deviceId: 'r', name: 'reader', kind: 'reader', tableId: 'reader' }]),
      ...events,
    ]).violations;
    expect(missing).toEqual([
      expect.objectContaining({
        streamId: 'table-reader',
        version: shown + 1,
        kind: 'deal',
        message: expect.stringMatching(/^hand 1: .*no ReaderConflict/),
      }),
    ]);
    expect(verifyEvents([...auditStream([{ type: 'ReaderConflict', tableId: 'reader', handNumber: 1 }]), ...events]).violations).toEqual(
      [],
    );
  });
});

/** How many BoardDealt events come between a hand's ShowdownStarted and its end. */
function boardAfterShowdown(events: readonly RecordedEvent[]): number {
  let atShowdown = false;
  let count = 0;
  for (const e of events) {
    if (e.type === 'ShowdownStarted') atShowdown = true;
    else if (e.type === 'HandEnded' || e.type === 'HandVoided') atShowdown = false;
    else if (atShowdown && e.type === 'BoardDealt') count++;
  }
  return count;
}
