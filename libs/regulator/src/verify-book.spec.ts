import type { RecordedEvent } from '@felt/event-store';
import { forged, rechained } from './decided-log.test-support';
import { bookLog, bookTable, hand } from './replayed-streams.test-support';
import { verifyEvents } from './verify-log';

/** The book's violations only: the table's own checks are verify's table specs' business. */
const ofBook = (events: RecordedEvent[]) => verifyEvents(events).violations.filter((v) => v.streamId === 'money-room');

describe('felt verify replays the books', () => {
  it("passes a book the book wrote, its bad beat qualified by the table's hand in the log", () => {
    expect(bookLog.map((e) => e.type)).toContain('JackpotPaid');
    expect(ofBook([...bookTable, ...bookLog])).toEqual([]);
  });

  it('reports a forged payout, the chain recomputed', () => {
    const paid = bookLog.find((e) => e.type === 'JackpotPaid')!;
    const forgery = rechained([
      ...bookLog,
      { ...paid, eventId: 'forged', streamVersion: bookLog.length + 1, data: { ...(paid.data as object), requestId: 'r9' } },
    ]);
    expect(ofBook([...bookTable, ...forgery])).toEqual([
      { streamId: 'money-room', version: bookLog.length + 1, kind: 'rules', message: 'JackpotPaid: the book refuses it: REQUEST_UNKNOWN' },
    ]);
  });

  it('reports a payout whose amount was changed', () => {
    const changed = forged(bookLog, (e) => (e.type === 'JackpotPaid' ? { ...(e.data as object), total: 1 } : null));
    const [v] = ofBook([...bookTable, ...changed]);
    expect(v).toMatchObject({ kind: 'rules', version: bookLog.find((e) => e.type === 'JackpotPaid')!.streamVersion });
    expect(v!.message).toBe('JackpotPaid: the book decides other events than those recorded');
  });

  it('reports a bad beat paid for a hand the log does not hold', () => {
    const requested = bookLog.find((e) => e.type === 'MoneyRequested')!;
    expect(ofBook(bookLog)).toEqual([
      {
        streamId: 'money-room',
        version: requested.streamVersion,
        kind: 'rules',
        message: `MoneyRequested: hand 1 of table ${hand.tableId} is not the bad beat the payout names`,
      },
    ]);
  });
});
