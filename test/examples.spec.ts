import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeFailure, parseTableScriptJson, runTableScript } from '@felt/formats';

/**
 * Every table script in examples/ runs through the engine and meets its own expectations: final stacks, pots and
 * expected refusals, all taken from the numbers of the scenario it reproduces (docs/rules.md), not from engine output.
 */
const dir = join(__dirname, '..', 'examples');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('examples/', () => {
  it('holds a script for every seed worked example and numeric scenario of docs/rules.md sections 1-3', () => {
    const prefixes = [
      'fl-1',
      'sl-1',
      'pl-1',
      'nl-1',
      'nl-2',
      'bba-1',
      'bba-2',
      'db-1',
      'hu-1',
      'mb-1',
      'sp-1',
      'sp-2',
      'oc-1',
      'sd-1',
      'r-1',
    ];
    for (const prefix of prefixes) expect(files.some((f) => f.startsWith(`${prefix}-`))).toBe(true);
    for (const seed of ['pot-accounting', 'side-pots', 'ace-kicker', 'short-all-in', 'fixed-limit'])
      expect(files.some((f) => f.startsWith(`seed-${seed}`))).toBe(true);
  });

  describe.each(files)('%s', (file) => {
    const parsed = parseTableScriptJson(readFileSync(join(dir, file), 'utf8'));

    it('is a valid table script with final stacks to check', () => {
      expect(parsed.ok ? [] : parsed.issues).toEqual([]);
      if (parsed.ok) expect(parsed.script.expect?.finalStacks).toBeDefined();
    });

    it('runs to the end and meets its expectations', () => {
      if (!parsed.ok) return;
      const run = runTableScript(parsed.script);
      expect(run.failure ? describeFailure(run.failure) : null).toBeNull();
      expect(run.expectationFailures).toEqual([]);
      // Every refusal met was one the script expected.
      expect(run.rejections.filter((r) => !r.expected)).toEqual([]);
      expect(run.ok).toBe(true);
    });

    it('keeps every chip: what the players hold, what is in the pot and the rake equal what they bought in and added', () => {
      if (!parsed.ok) return;
      const run = runTableScript(parsed.script);
      // Buy-ins and chips added, from the events (a script may seat players or add chips as it goes).
      let boughtIn = 0;
      for (const e of run.events) boughtIn += e.type === 'PlayerSeated' ? e.buyIn : e.type === 'ChipsAdded' ? e.amount : 0;
      const held = Object.values(run.finalStacks).reduce((sum, n) => sum + n, 0);
      const last = run.hands[run.hands.length - 1];
      const inPlay = last?.status === 'in-progress' ? last.pots.reduce((sum, p) => sum + p.amount, 0) : 0;
      expect(held + inPlay + run.rake).toBe(boughtIn);
    });
  });
});

describe('docs/table-scripts.md', () => {
  it('has a complete example that runs and meets its expectations', () => {
    const doc = readFileSync(join(__dirname, '..', 'docs', 'table-scripts.md'), 'utf8');
    const example = /```json\n(\{\n {2}"name"[\s\S]*?)\n```/.exec(doc);
    expect(example).not.toBeNull();
    const parsed = parseTableScriptJson(example![1]);
    expect(parsed.ok ? [] : parsed.issues).toEqual([]);
    if (parsed.ok) expect(runTableScript(parsed.script)).toMatchObject({ ok: true, failure: null, expectationFailures: [] });
  });
});
