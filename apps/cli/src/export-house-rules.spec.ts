import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { legalActions, type TableCommand } from '@felt/engine';
import { parsePhh } from '@felt/formats';
import { loadHouseRules, TableRecorder, toJsonlLine } from '@felt/regulator';
import { felt } from './run-felt.test-support';

/**
 * `felt export --house-rules FILE`: a table played with a casino's own modules (examples/house-rules: a button ante)
 * exports with their notes, as the API's export does; without the file the export is refused, not written short.
 */
const rulesFile = join(__dirname, '../../../examples/house-rules/index.js');
const dir = mkdtempSync(join(tmpdir(), 'felt-export-house-'));

/** Three hands checked down at a table whose button antes 1 chip a player (houseOptions.buttonAnte). */
function buttonAnteTable(): string {
  const t = new TableRecorder('ba', Date.UTC(2026, 0, 1), loadHouseRules(rulesFile));
  const rules = {
    structure: { kind: 'no-limit' },
    smallBlind: 1,
    bigBlind: 2,
    maxSeats: 6,
    houseOptions: { buttonAnte: { perPlayer: 1 } },
  };
  t.apply({ type: 'OpenTable', tableId: 'ba', rules } as TableCommand);
  for (let seat = 1; seat <= 3; seat++) t.apply({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 200 });
  t.apply({ type: 'DrawForButton', seed: 'ab'.repeat(32) });
  for (let h = 1; h <= 3; h++) {
    t.apply({ type: 'StartHand', seed: h.toString(16).padStart(64, '0') });
    for (let guard = 0; guard < 60; guard++) {
      const a = legalActions(t.state).actions.find((x) => ['PostBlind', 'ShowHand', 'Check', 'Call'].includes(x.type));
      if (!a) break;
      t.apply(
        a.type === 'PostBlind' ? { type: 'PostBlind', seat: a.seat, blind: a.blind } : ({ type: a.type, seat: a.seat } as TableCommand),
      );
    }
  }
  const file = join(dir, 'ba.jsonl');
  writeFileSync(file, t.recorded.map(toJsonlLine).join(''));
  return file;
}

describe('felt export --house-rules', () => {
  const log = buttonAnteTable();

  it("writes PHH and OHH with the casino's modules' notes on every hand", async () => {
    const phh = await felt('export', '--file', log, '--table', 'ba', '--format', 'phh', '--house-rules', rulesFile);
    expect(phh.code).toBe(0);
    const hands = phh.out.split(/\n(?=\[)/).filter((t) => t.includes('_felt_notes'));
    expect(hands).toHaveLength(3);
    for (const text of hands) expect(text).toMatch(/button ante: p\d posted 3, 1 for each player dealt in \(dead\)/);
    expect(() => parsePhh(phh.out.split(/\n(?=\[)/)[0]!)).not.toThrow();

    const ohh = await felt('export', '--file', log, '--table', 'ba', '--format', 'ohh', '--house-rules', rulesFile);
    expect(ohh.code).toBe(0);
    const objects = ohh.out
      .trim()
      .split('\n\n')
      .map((t) => JSON.parse(t) as { ohh: { felt_notes?: { kind: string; text: string }[] } });
    expect(objects).toHaveLength(3);
    for (const o of objects) expect(o.ohh.felt_notes?.filter((n) => n.kind === 'house-rule')).toHaveLength(1);
  });

  it('refuses PHH and OHH without the file (exit 2, nothing written), and writes the raw JSONL', async () => {
    for (const format of ['phh', 'ohh']) {
      const { out, err, code } = await felt('export', '--file', log, '--table', 'ba', '--format', format);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err).toContain('played with the house option buttonAnte, which Felt does not know: give --house-rules FILE');
    }
    const jsonl = await felt('export', '--file', log, '--table', 'ba', '--format', 'jsonl');
    expect(jsonl.code).toBe(0);
    expect(jsonl.out).toContain('"buttonAnte"');
  });

  it('refuses a file that is not house rules, as felt play and felt verify do', async () => {
    const { err, code } = await felt('export', '--file', log, '--table', 'ba', '--format', 'phh', '--house-rules', log);
    expect(code).toBe(2);
    expect(err).toContain('felt export: cannot load the house rules');
  });
});
