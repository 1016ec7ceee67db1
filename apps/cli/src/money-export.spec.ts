import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toJsonlLine } from '@felt/regulator';
import { bookLog, bookTable, hand } from '../../../libs/regulator/src/replayed-streams.test-support';
import { felt } from './run-felt.test-support';

/**
 * `felt export --money`: the book of libs/regulator's replayed streams (a bad-beat fund of 5,000 cents collected
 * from one hand's drop, 10% held back for the backup; a cash buy-in of 10,000 at the table in shift s1; the bad beat
 * paid by two floor supervisors) beside the table that played the hand, from a JSONL log.
 */
describe('felt export --money', () => {
  const log = join(mkdtempSync(join(tmpdir(), 'felt-export-money-')), 'shift.jsonl');
  writeFileSync(log, [...bookTable, ...bookLog].map(toJsonlLine).join(''));

  it('writes the revenue per table, the funds and the count sheet as JSON, folded from the log', async () => {
    const json = await felt('export', '--file', log, '--money', 'room', '--format', 'json');
    expect([json.code, json.err]).toEqual([0, '']);
    const report = JSON.parse(json.out);
    // No rake at that table; the drop is the players' money, beside the revenue, not in it.
    expect(report.revenue).toEqual([
      {
        tableId: hand.tableId,
        shiftId: 'all',
        hands: 1,
        centsPerChip: [100],
        rakeChips: 0,
        rake: 0,
        fees: 0,
        timeCharges: 0,
        ggr: 0,
        drops: 5000,
      },
    ]);
    // 5,000 collected, 500 of it held back for the backup; the bad beat pays the 4,500 the fund held; the backup then
    // seeds the empty fund with its 500.
    expect(report.funds).toEqual([
      expect.objectContaining({
        fundId: 'bbj',
        collected: 5000,
        heldBack: 500,
        paid: 4500,
        seededFromBackup: 500,
        balance: 500,
        backup: 0,
        payouts: 1,
      }),
    ]);
    expect(report.countSheet).toEqual([expect.objectContaining({ tableId: hand.tableId, shiftId: 's1', expected: 10000, counted: null })]);
  });

  it('writes the revenue report as CSV for a named shift, and leaves out the hands ended outside it', async () => {
    const csv = await felt(
      'export',
      '--file',
      log,
      '--money',
      'room',
      '--format',
      'csv',
      '--shift',
      'night',
      '--from',
      '2000-01-01T00:00:00Z',
    );
    expect(csv.code).toBe(0);
    expect(csv.out.trim().split('\n')).toEqual([
      'tableId,shiftId,hands,centsPerChip,rakeChips,rake,fees,timeCharges,ggr,drops',
      `${hand.tableId},night,1,100,0,0,0,0,0,5000`,
    ]);
    const before = await felt('export', '--file', log, '--money', 'room', '--format', 'csv', '--to', '2000-01-01T00:00:00Z');
    expect(before.out.trim().split('\n')).toHaveLength(1);
  });

  it("counts a casino's own module's take for the house with --house-rules, as the API's report does", async () => {
    // A casino's module, written as a file outside Felt: a flat fee the house takes at the end of a hand (its event
    // HouseFeeTaken), which its record part says is the house's take. The table's hand with one such fee of 3 chips.
    const dir = mkdtempSync(join(tmpdir(), 'felt-export-money-fee-'));
    const rules = join(dir, 'house-fee.js');
    writeFileSync(
      rules,
      `exports.houseRules = ({ ruleModule }) => [ruleModule({ name: 'houseFee', where: 'houseOptions', params: () => null, defaults: {},
        formats: { record: { HouseFeeTaken: (e) => [{ change: 'house-take', amount: e.amount }] } } })];`,
    );
    const ended = bookTable.findIndex((e) => e.type === 'HandEnded');
    const fee = { ...bookTable[ended]!, eventId: `${bookTable[ended]!.eventId}-fee`, type: 'HouseFeeTaken', data: { amount: 3 } };
    const table = [...bookTable.slice(0, ended), fee, ...bookTable.slice(ended)].map((e, i) => ({ ...e, streamVersion: i + 1 }));
    const feeLog = join(dir, 'shift.jsonl');
    writeFileSync(feeLog, [...table, ...bookLog].map(toJsonlLine).join(''));

    const rakeOf = async (...args: string[]) => {
      const json = await felt('export', '--file', feeLog, '--money', 'room', '--format', 'json', ...args);
      expect([json.code, json.err]).toEqual([0, '']);
      return JSON.parse(json.out).revenue[0].rakeChips as number;
    };
    expect(await rakeOf('--house-rules', rules)).toBe(3);
    // Read without the module, the fee is an event nobody claims: no take for the house.
    expect(await rakeOf()).toBe(0);
    const missing = await felt('export', '--file', feeLog, '--money', 'room', '--format', 'json', '--house-rules', join(dir, 'none.js'));
    expect([missing.code, missing.out]).toEqual([2, '']);
  });

  it('refuses another format, a book the log lacks, a bad time and --money with --table, writing nothing', async () => {
    for (const [args, message] of [
      [['--money', 'room', '--format', 'phh'], /json or csv/],
      [['--money', 'cage', '--format', 'json'], /no book cage/],
      [['--money', 'room', '--format', 'json', '--from', 'yesterday'], /ISO 8601/],
      [['--money', 'room', '--table', 't1', '--format', 'json'], /--money BOOK alone/],
    ] as const) {
      const refused = await felt('export', '--file', log, ...args);
      expect([refused.code, refused.out]).toEqual([2, '']);
      expect(refused.err).toMatch(message);
    }
  });
});
