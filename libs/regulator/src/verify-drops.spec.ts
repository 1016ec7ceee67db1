import type { RecordedEvent } from '@felt/event-store';
import { bookWithDrop, collected, tableWithDrop, withEvent } from './drops.test-support';
import { bookLog, bookTable, hand } from './replayed-streams.test-support';
import { verifyEvents } from './verify-log';

/** The drop check's violations only: the table's and the book's own checks are their specs' business. */
const ofDrops = (events: RecordedEvent[]) => verifyEvents(events).violations.filter((v) => v.message.startsWith('jackpot drop'));

describe('felt verify matches the tables’ jackpot drops with the book', () => {
  it('passes a drop the table took and the book collected', () => {
    expect(ofDrops([...tableWithDrop, ...bookWithDrop])).toEqual([]);
  });

  it('reports a DropTaken the book never collected, at the table’s event', () => {
    expect(ofDrops([...tableWithDrop, ...bookLog])).toEqual([
      {
        streamId: bookTable[0]!.streamId,
        version: tableWithDrop.length,
        kind: 'conservation',
        message: `jackpot drop of hand 1 at table ${hand.tableId} for fund bad-beat: the table took 3 chips; the book has no collection`,
      },
    ]);
  });

  it('reports a DropCollected no table took, at the book’s event', () => {
    expect(ofDrops([...bookTable, ...bookWithDrop])).toEqual([
      {
        streamId: 'money-room',
        version: bookWithDrop.length,
        kind: 'conservation',
        message: `jackpot drop of hand 1 at table ${hand.tableId} for fund bad-beat: collected, but the table recorded no such drop`,
      },
    ]);
  });

  it('reports a collection of other chips than the table took', () => {
    const other = withEvent(bookLog, 'DropCollected', { ...collected, chips: 2, amount: 200, toFund: 200 });
    expect(ofDrops([...tableWithDrop, ...other]).map((v) => [v.streamId, v.message])).toEqual([
      [
        bookTable[0]!.streamId,
        `jackpot drop of hand 1 at table ${hand.tableId} for fund bad-beat: the table took 3 chips; the book collected 2`,
      ],
    ]);
  });

  it('leaves the drops unchecked in an export without the book, and a book’s collections for tables not in it', () => {
    expect(ofDrops(tableWithDrop)).toEqual([]);
    expect(ofDrops(bookWithDrop)).toEqual([]);
  });
});
