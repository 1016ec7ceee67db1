import { felt } from './run-felt.test-support';
import { appendTableLog, readAuditLog } from '@felt/regulator';
import { useTestStore } from '../../../test/support/app-databases';
import { collected, tableWithDrop, withEvent } from '../../../libs/regulator/src/drops.test-support';
import { bookLog, bookTable, hand } from '../../../libs/regulator/src/replayed-streams.test-support';

/**
 * felt verify on PostgreSQL matches the tables' jackpot drops with the book (libs/regulator verify-drops.spec.ts holds
 * the cases): a drop the book never collected is named at the table's event, a collection no table took at the book's.
 * And `felt export --money` reads a book and its tables from PostgreSQL.
 */
const t = useTestStore('postgres');

describe('felt verify matches jackpot drops', () => {
  it("names a drop without its collection and a collection without its drop, each at its stream's event", async () => {
    // The table took hand 1's drop; the book collected one for hand 2, which took none.
    const book = withEvent(bookLog, 'DropCollected', { ...collected, handNumber: 2 });
    await appendTableLog(t.store, tableWithDrop);
    await appendTableLog(t.store, book);
    const table = tableWithDrop[0]!.streamId;
    // Two threads take a stream each: the drop and the collection are paired across them, as in one.
    for (const workers of ['1', '2']) {
      const { out, code } = await felt('verify', '--database-url', t.url, '--all', '--no-read-models', '--workers', workers);
      expect(code).toBe(1);
      // Threads' violations come sorted by stream: the book's first.
      expect(
        out
          .split('\n')
          .filter((l) => l.includes('jackpot drop'))
          .sort(),
      ).toEqual([
        expect.stringMatching(
          new RegExp(
            `^VIOLATION\\s+money-room v${book.length} \\[conservation\\] jackpot drop of hand 2 .*: collected, but the table recorded no such drop$`,
          ),
        ),
        expect.stringMatching(
          new RegExp(
            `^VIOLATION\\s+${table} v${tableWithDrop.length} \\[conservation\\] jackpot drop of hand 1 .*: the table took 3 chips; the book has no collection$`,
          ),
        ),
      ]);
    }
  });
});

describe('felt export --money on PostgreSQL', () => {
  const db = useTestStore('postgres');

  it('folds the book and the tables it reads from the database, and records the export in the audit stream', async () => {
    await appendTableLog(db.store, bookTable);
    await appendTableLog(db.store, bookLog);
    const { out, code } = await felt('export', '--database-url', db.url, '--money', 'room', '--format', 'csv');
    expect(code).toBe(0);
    expect(out.trim().split('\n')).toEqual([
      'tableId,shiftId,hands,centsPerChip,rakeChips,rake,fees,timeCharges,ggr,drops',
      `${hand.tableId},all,1,100,0,0,0,0,0,5000`,
    ]);
    const audit = (await readAuditLog(db.store)).filter((e) => e.type === 'ExportPerformed').map((e) => e.data);
    expect(audit).toEqual([expect.objectContaining({ scope: 'money:room', format: 'csv' })]);
  });
});
