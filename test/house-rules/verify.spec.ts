import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTableScriptJson, toEngineCommand } from '@felt/formats';
import { evolveTableView, initialTableView } from '@felt/projections';
import { loadHouseRules, TableRecorder, toJsonlLine, verifyEvents } from '@felt/regulator';
import { felt } from '../../apps/cli/src/run-felt.test-support';

const HOUSE_RULES = join(__dirname, '..', '..', 'examples', 'house-rules', 'index.js');

const JACKPOT_RULES = join(__dirname, '..', '..', 'libs', 'accounting', 'house-rules', 'index.js');

/** A table script recorded as the store records a table (hashes chained), by the engine with a casino's modules. */
function recordedScript(rulesFile: string, scriptFile: string, streamId: string): TableRecorder {
  const table = loadHouseRules(rulesFile);
  const parsed = parseTableScriptJson(readFileSync(scriptFile, 'utf8'), table);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const script = parsed.script;
  const t = new TableRecorder(streamId, undefined, table);
  t.apply({ type: 'OpenTable', tableId: streamId, rules: script.rules });
  for (const p of script.players) t.apply({ type: 'SeatPlayer', seat: p.seat, playerId: p.playerId, buyIn: p.stack });
  t.apply({ type: 'PlaceButton', seat: script.button! });
  for (const entry of script.commands) {
    if (entry.expectRejection) continue;
    const converted = toEngineCommand(entry, t.state, [], table);
    if ('why' in converted) throw new Error(converted.why);
    t.apply(converted.command);
  }
  return t;
}

/** The seven-deuce bounty's table script, recorded by the engine with the casino's modules. */
function recordedBountyHand(): TableRecorder {
  return recordedScript(HOUSE_RULES, join(__dirname, '..', '..', 'examples', 'house-rules', '7d-1-seven-deuce-bounty.json'), 'bounty');
}

describe('felt verify with a casino’s house rules (FELT_HOUSE_RULES, --house-rules)', () => {
  it('verifies a log where the seven-deuce bounty was paid, with the modules given', () => {
    const t = recordedBountyHand();
    expect(t.recorded.map((e) => e.type)).toContain('SevenDeuceBountyPaid');
    const report = verifyEvents(t.recorded, { table: loadHouseRules(HOUSE_RULES) });
    expect(report.violations).toEqual([]);
    expect(report.hands).toBe(1);
  });

  it('verifies a hand run twice with the jackpot drop (JD-2: each half after rake and drop), with the book’s modules', () => {
    const script = join(__dirname, '..', '..', 'libs', 'accounting', 'house-rules', 'jd-2-run-it-twice.json');
    const t = recordedScript(JACKPOT_RULES, script, 'twice-drop');
    expect(t.recorded.map((e) => e.type)).toEqual(expect.arrayContaining(['RakeTaken', 'DropTaken', 'SecondBoardDealt', 'RunsAwarded']));
    const report = verifyEvents(t.recorded, { table: loadHouseRules(JACKPOT_RULES) });
    expect(report.violations).toEqual([]);
    expect(report.hands).toBe(1);
  });

  it('without them, the bounty is an event this engine cannot read and the rules do not hold', () => {
    const report = verifyEvents(recordedBountyHand().recorded);
    expect(report.violations.map((v) => v.kind)).toContain('rules');
    expect(report.violations.some((v) => v.message.includes('sevenDeuce') || v.message.includes('SevenDeuceBountyPaid'))).toBe(true);
  });

  it('felt verify --file takes them from --house-rules or FELT_HOUSE_RULES, and reports the bounty as unreadable without them', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'felt-house-rules-')), 'bounty.jsonl');
    writeFileSync(file, recordedBountyHand().recorded.map(toJsonlLine).join(''));
    const given = await felt('verify', '--file', file, '--house-rules', HOUSE_RULES);
    expect(given.code).toBe(0);
    expect(given.out).toContain('1 hands: no violation');
    const before = process.env.FELT_HOUSE_RULES;
    process.env.FELT_HOUSE_RULES = HOUSE_RULES;
    try {
      expect((await felt('verify', '--file', file)).code).toBe(0);
    } finally {
      if (before === undefined) delete process.env.FELT_HOUSE_RULES;
      else process.env.FELT_HOUSE_RULES = before;
    }
    const without = await felt('verify', '--file', file);
    expect(without.code).toBe(1);
    expect(without.out).toContain('SevenDeuceBountyPaid');
    const missing = await felt('verify', '--file', file, '--house-rules', join(__dirname, 'no-such-rules.js'));
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot load the house rules');
  });

  it("felt verify accepts a log where the floor waived the bounty (the module's own command, rebuilt from its event), and only with the modules", async () => {
    const t = recordedScript(HOUSE_RULES, join(__dirname, '..', '..', 'examples', 'house-rules', '7d-2-bounty-waived.json'), 'waived');
    expect(t.recorded.map((e) => e.type)).toContain('SevenDeuceBountyWaived');
    const file = join(mkdtempSync(join(tmpdir(), 'felt-house-rules-')), 'waived.jsonl');
    writeFileSync(file, t.recorded.map(toJsonlLine).join(''));
    const given = await felt('verify', '--file', file, '--house-rules', HOUSE_RULES);
    expect({ code: given.code, out: given.out }).toEqual({ code: 0, out: expect.stringContaining('1 hands: no violation') });
    const without = await felt('verify', '--file', file);
    expect({ code: without.code, out: without.out }).toEqual({ code: 1, out: expect.stringContaining('SevenDeuceBountyWaived') });
  });

  it("the worker's table view folds the log with the same modules (FELT_HOUSE_RULES) to the stacks the table reached", () => {
    const t = recordedBountyHand();
    const table = loadHouseRules(HOUSE_RULES);
    const view = t.recorded.reduce((v, e) => evolveTableView(v, e, table), initialTableView(t.streamId));
    expect(view.version).toBe(t.recorded.length);
    expect(view.engine.seats.map((s) => s?.stack)).toEqual([1060, 970, 970]);
    // The default engine does not know the bounty's event: folding stops there rather than show wrong stacks.
    expect(() => t.recorded.reduce((v, e) => evolveTableView(v, e), initialTableView(t.streamId))).toThrow(/skipped events/);
  });
});
