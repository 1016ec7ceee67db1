import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toJsonlLine } from '@felt/regulator';
import { tournamentLog } from '../../../libs/regulator/src/replayed-streams.test-support';
import { felt } from './run-felt.test-support';

/**
 * `felt export --tournament`: the Tuesday turbo of libs/regulator's replayed streams (5 entries at $80 + $15 + $5;
 * p3 then p4 bust; p2 (1000 at the start of the last hand) and p1 (2000) bust in it; p5 wins), from a JSONL log.
 * Pool 5 × 80 = 400, paid 65/35 % to the $5: 260 and 140.
 */
describe('felt export --tournament', () => {
  const log = join(mkdtempSync(join(tmpdir(), 'felt-export-tournament-')), 'tue.jsonl');
  writeFileSync(log, tournamentLog.map(toJsonlLine).join(''));

  it('writes the results as CSV by place, every entry once', async () => {
    const csv = await felt('export', '--file', log, '--tournament', 'tue', '--format', 'csv');
    expect(csv.code).toBe(0);
    expect(csv.out.trim().split('\n')).toEqual([
      'place,prize,entryId,playerId,alias,entryNumber,status,rebuys,addOn',
      '1,260,p5#1,p5,P5,1,seated,0,false',
      '2,140,p1#1,p1,P1,1,busted,0,false',
      '3,0,p2#1,p2,P2,1,busted,0,false',
      '4,0,p4#1,p4,P4,1,busted,0,false',
      '5,0,p3#1,p3,P3,1,busted,0,false',
    ]);
  });

  it('writes the structure, the money reconciled to the unit and the entries as JSON', async () => {
    const json = await felt('export', '--file', log, '--tournament', 'tue', '--format', 'json');
    expect(json.code).toBe(0);
    const report = JSON.parse(json.out);
    expect(report).toMatchObject({ tournamentId: 'tue', name: 'Tuesday turbo', status: 'finished' });
    expect(report.money).toEqual({ paid: 500, collected: 400, houseFees: 75, staffFees: 25, overlay: 0, prizePool: 400 });
    expect(report.entries.reduce((n: number, e: { prize: number }) => n + e.prize, 0)).toBe(400);
  });

  it('refuses another format, a tournament the log lacks, and --tournament with --table', async () => {
    const phh = await felt('export', '--file', log, '--tournament', 'tue', '--format', 'phh');
    expect([phh.code, phh.out]).toEqual([2, '']);
    expect(phh.err).toMatch(/json or csv/);
    const none = await felt('export', '--file', log, '--tournament', 'wed', '--format', 'csv');
    expect([none.code, none.out]).toEqual([2, '']);
    expect(none.err).toMatch(/no tournament wed/);
    const both = await felt('export', '--file', log, '--tournament', 'tue', '--table', 't1', '--format', 'csv');
    expect(both.code).toBe(2);
  });
});
