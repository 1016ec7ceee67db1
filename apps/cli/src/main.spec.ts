import { felt } from './run-felt.test-support';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const examples = join(__dirname, '..', '..', '..', 'examples');

function tempScript(content: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), 'felt-cli-')), 'script.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

describe('felt', () => {
  it('lists its commands: play and phh', async () => {
    const { out, code } = await felt('--help');
    expect(code).toBe(0);
    expect(out).toMatch(/play \[options\] <file>/);
    expect(out).toMatch(/phh /);
  });
});

describe('felt play', () => {
  it('prints each hand readably: actions, board, pots and winners, stacks', async () => {
    const { out, err, code } = await felt('play', join(examples, 'sp-1-side-pots-two-all-ins.json'));
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toContain('SP-1: two all-ins make a main pot and a side pot (docs/rules.md Part B M8 SP-1)');
    expect(out).toContain('Hand #1 (button seat 1, small blind seat 2, big blind seat 3)');
    expect(out).toContain(
      'Preflop: B posts the small blind 1; C posts the big blind 2; A raises to 50 and is all-in; B raises to 150 and is all-in; C calls 148',
    );
    expect(out).toContain('Board: 2c 7d 9h Js 3c');
    expect(out).toContain('Main pot 150: A wins 150');
    expect(out).toContain('Side pot 1 200: B wins 200');
    expect(out).toContain('Final stacks: A 150, B 200, C 150');
    expect(out).toContain('Expectations: all met');
  });

  it('prints {hands, finalStacks} with --json', async () => {
    const { out, code } = await felt('play', join(examples, 'oc-1-odd-chip-left-of-button.json'), '--json');
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report.finalStacks).toEqual({ btn: 10012, sb: 9975, bb: 10013 });
    expect(report.hands).toHaveLength(1);
    expect(report.hands[0].pots).toEqual([{ pot: 0, amount: 125, eligible: ['btn', 'bb'], winners: { bb: 63, btn: 62 } }]);
    expect(report.hands[0].board).toEqual(['As', 'Ks', 'Qs', 'Js', 'Ts']);
  });

  it('gives no blind seats for a bomb pot, where no blind is posted (smallBlind and bigBlind null)', async () => {
    const json = await felt('play', join(examples, 'bp-1-bomb-pot.json'), '--json');
    expect(json.code).toBe(0);
    const hands = JSON.parse(json.out).hands as { button: number; smallBlind: number | null; bigBlind: number | null }[];
    expect(hands.map((h) => [h.button, h.smallBlind, h.bigBlind])).toEqual([
      [1, null, null],
      [2, 3, 4],
    ]);
    const text = await felt('play', join(examples, 'bp-1-bomb-pot.json'));
    expect(text.out).toContain('Hand #1 (button seat 1, no blinds)');
    expect(text.out).toContain('Hand #2 (button seat 2, small blind seat 3, big blind seat 4)');
  });

  it("plays a casino's own house rule given by --house-rules, and refuses its option without it", async () => {
    const script = join(examples, 'house-rules', '7d-1-seven-deuce-bounty.json');
    const rules = join(examples, 'house-rules', 'index.js');
    const { out, code } = await felt('play', script, '--house-rules', rules, '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out).finalStacks).toEqual({ btn: 1060, sb: 970, bb: 970 });
    expect(JSON.parse(out).hands[0].notes).toEqual(['Seven-deuce bounty: btn collects 20 from sb, 20 from bb']);
    const text = await felt('play', script, '--house-rules', rules);
    expect(text.out).toContain('  Seven-deuce bounty: btn collects 20 from sb, 20 from bb\n  Stacks: btn 1060, sb 970, bb 970');
    const without = await felt('play', script);
    expect(without.code).toBe(1);
    expect(without.err).toContain('INVALID_RULES: The table rules are invalid: unknown house option');
    const wrong = await felt('play', script, '--house-rules', script);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain('exports no houseRules(engine) function');
  });

  it("lists a module's owed post (the kill blind) with the hand's kill", async () => {
    const { out, code } = await felt('play', join(examples, 'k-1-kill-last.json'), '--json');
    expect(code).toBe(0);
    const killed = JSON.parse(out).hands.find((h: { kill?: unknown }) => h.kill);
    expect(killed.owedPosts).toEqual([{ player: 'E', kind: 'kill-blind', amount: 20, live: true }]);
    expect(killed.kill).toEqual({ player: 'E', limitPercent: 200 });
  });

  it('counts hands from after a setup block and says how many setup hands it played', async () => {
    const { out, code } = await felt('play', join(examples, 'mb-3-setup-owed-blinds-make-up.json'), '--json');
    expect(code).toBe(0);
    const report = JSON.parse(out);
    expect(report.setupHands).toBeGreaterThan(0);
    expect(report.hands.map((h: { handNumber: number }) => h.handNumber)).toEqual([1]);
    expect(report.hands[0].owedPosts).toEqual([
      { player: 'P', kind: 'make-up-big', amount: 10, live: true },
      { player: 'P', kind: 'make-up-small', amount: 5, live: false },
    ]);
    expect(report.finalStacks).toEqual({ btn: 1000, sb: 995, bb: 990, utg: 1050, mp: 1000, P: 965 });
  });

  it('lists the refusals a script expects', async () => {
    const { out, code } = await felt('play', join(examples, 'fl-1-fixed-limit-cap.json'));
    expect(code).toBe(0);
    expect(out).toContain('Refused as expected:\n  commands[6]: BETTING_CAPPED: Seat 3 cannot raise: the betting is capped this round.');
  });

  it('stops at a refused command with exit code 1, naming its index and the rejection code', async () => {
    const script = JSON.parse(readFileSync(join(examples, 'hu-1-heads-up-blinds.json'), 'utf8'));
    script.commands[3] = { type: 'Raise', seat: 1, to: 3 };
    const file = tempScript(script);
    const { out, err, code } = await felt('play', file);
    expect(code).toBe(1);
    expect(err).toBe(
      `felt play: ${file}: commands[3] (Raise seat 1 to 3) was refused: RAISE_BELOW_MINIMUM: The raise must be to at least 4.\n`,
    );
    expect(out).toContain('Hand #1'); // what was played so far is still shown
  });

  it('also reports the failure in --json output', async () => {
    const script = JSON.parse(readFileSync(join(examples, 'hu-1-heads-up-blinds.json'), 'utf8'));
    script.commands[3] = { type: 'Check', seat: 1 };
    const { out, code } = await felt('play', tempScript(script), '--json');
    expect(code).toBe(1);
    expect(JSON.parse(out).failure).toMatchObject({ kind: 'rejected', index: 3, code: 'CANNOT_CHECK' });
  });

  it('exits 1 when the expectations do not hold', async () => {
    const script = JSON.parse(readFileSync(join(examples, 'hu-1-heads-up-blinds.json'), 'utf8'));
    script.expect.finalStacks.bb = 101;
    const { err, code } = await felt('play', tempScript(script));
    expect(code).toBe(1);
    expect(err).toContain("the script's expectations do not hold:\n  - finalStacks: bb has 102, expected 101");
  });

  it('exits 2 with advice for a missing file', async () => {
    const { err, code } = await felt('play', '/nonexistent/script.json');
    expect(code).toBe(2);
    expect(err).toMatch(/cannot read \/nonexistent\/script\.json: there is no such file\. Give the path of a table script/);
  });

  it('exits 2 for a file that is not JSON, or not a table script, saying where and what to do', async () => {
    const broken = await felt('play', tempScript('{ "name": '));
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/is not a valid table script:\n {2}- \(the file\): the file is not valid JSON/);
    expect(broken.err).toContain('docs/table-scripts.md');
    const invalid = await felt(
      'play',
      tempScript({
        name: 'x',
        rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 },
        players: [{ seat: 1, playerId: 'a', stack: 'lots' }],
        commands: [],
      }),
    );
    expect(invalid.code).toBe(2);
    expect(invalid.err).toContain('  - players[0].stack: stack must be a number');
  });
});
