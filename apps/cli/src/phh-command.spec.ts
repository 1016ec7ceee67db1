import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { registerPhhCommand } from './phh-command';

const fixtures = join(__dirname, '..', '..', '..', 'test', 'fixtures', 'phh');

/** Runs `felt phh ...args` on a fresh program and collects what it prints and the exit code it would end with. */
async function phh(...args: string[]): Promise<{ out: string; err: string; code: number }> {
  let out = '';
  let err = '';
  const program = new Command('felt');
  // Output and exit settings before the subcommand is added: commander copies them into it.
  program.configureOutput({ writeOut: (t) => (out += t), writeErr: (t) => (err += t) });
  program.exitOverride();
  registerPhhCommand(program);
  try {
    await program.parseAsync(['node', 'felt', 'phh', ...args]);
    return { out, err, code: 0 };
  } catch (error) {
    if (error instanceof CommanderError) return { out, err, code: error.exitCode };
    throw error;
  }
}

describe('felt phh', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'felt-phh-cli-'));
    const hand = readFileSync(join(fixtures, 'pluribus', '30', '0.phh'), 'utf8');
    mkdirSync(join(dir, 'nested', 'deeper'), { recursive: true });
    writeFileSync(join(dir, 'good.phh'), hand);
    writeFileSync(join(dir, 'nested', 'deeper', 'bad.phh'), hand.replace("'p5 cbr 225'", "'p5 cbr 150'"));
    writeFileSync(join(dir, 'nested', 'mismatch.phh'), hand.replace('finishing_stacks = [9950,', 'finishing_stacks = [9951,'));
    writeFileSync(join(dir, 'nested', 'readme.txt'), 'not a hand');
    // A .phhs file: two hands as TOML tables.
    const table = hand
      .split('\n')
      .filter((l) => !l.startsWith('hand = '))
      .join('\n');
    writeFileSync(join(dir, 'session.phhs'), `[1]\n${table}\n\n[2]\n${table}\n`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('replays the whole conformance corpus: every hand matches, exit 0', async () => {
    const { out, err, code } = await phh(fixtures);
    expect(code).toBe(0);
    expect(err).toBe('');
    expect(out).toMatch(
      /^1745 hands in 1745 files: 1745 matched \(2 within an odd chip, 1 without finishing stacks to compare\), 0 mismatched, 0 failed \(\d+\.\ds\)\n$/,
    );
  });

  it('searches folders recursively for .phh and .phhs, prints a line per failing hand and a summary, exits 1', async () => {
    const { out, err, code } = await phh(dir);
    expect(code).toBe(1);
    const lines = out.trim().split('\n');
    expect(lines).toHaveLength(3);
    // Natural order, folders and files alike: nested/deeper/bad.phh before nested/mismatch.phh.
    expect(lines[0]).toBe(
      `FAILED   ${join(dir, 'nested', 'deeper', 'bad.phh')}: action 9 "p5 cbr 150": the engine refuses Raise (RAISE_BELOW_MINIMUM): The raise must be to at least 200.`,
    );
    expect(lines[1]).toBe(
      `MISMATCH ${join(dir, 'nested', 'mismatch.phh')}: final stacks [9950, 9900, 10000, 10000, 10150, 10000] differ from finishing_stacks [9951, 9900, 10000, 10000, 10150, 10000]`,
    );
    expect(lines[2]).toMatch(/^5 hands in 4 files: 3 matched, 1 mismatched, 1 failed/);
    expect(err).toBe('felt phh: 2 of 5 hands did not replay to their finishing stacks.\n');
  });

  it('--json prints the summary and every hand with its stacks in PHH player order', async () => {
    const { out, code } = await phh(join(dir, 'good.phh'), join(dir, 'session.phhs'), join(dir, 'nested', 'deeper'), '--json');
    expect(code).toBe(1);
    const report = JSON.parse(out);
    expect(report.summary).toEqual({ hands: 4, matched: 3, mismatched: 0, failed: 1 });
    expect(report.hands.map((h: { file: string; index: number; status: string }) => [h.file, h.index, h.status])).toEqual([
      [join(dir, 'good.phh'), 1, 'matched'],
      [join(dir, 'session.phhs'), 1, 'matched'],
      [join(dir, 'session.phhs'), 2, 'matched'],
      [join(dir, 'nested', 'deeper', 'bad.phh'), 1, 'failed'],
    ]);
    expect(report.hands[0]).toEqual({
      file: join(dir, 'good.phh'),
      index: 1,
      status: 'matched',
      finalStacks: [9950, 9900, 10000, 10000, 10150, 10000],
      expectedStacks: [9950, 9900, 10000, 10000, 10150, 10000],
      error: null,
    });
    expect(report.hands[3]).toMatchObject({ finalStacks: null, expectedStacks: [9950, 9900, 10000, 10000, 10150, 10000] });
    expect(report.hands[3].error).toMatch(/action 9 "p5 cbr 150"/);
  });

  it('loads the progress bar only when it draws one (stderr a terminal, many files)', async () => {
    const loads: boolean[] = [];
    const run = async (tty: boolean, path: string) => {
      let register!: typeof registerPhhCommand;
      let loaded = false;
      jest.isolateModules(() => {
        jest.doMock('cli-progress', () => {
          loaded = true;
          return jest.requireActual('cli-progress');
        });
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh copy of the module, inside isolateModules
        ({ registerPhhCommand: register } = require('./phh-command') as typeof import('./phh-command'));
      });
      const was = process.stderr.isTTY;
      const write = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
      process.stderr.isTTY = tty;
      try {
        const program = new Command('felt').configureOutput({ writeOut: () => undefined, writeErr: () => undefined }).exitOverride();
        register(program);
        await program.parseAsync(['node', 'felt', 'phh', path]);
      } finally {
        process.stderr.isTTY = was;
        write.mockRestore();
        jest.dontMock('cli-progress');
      }
      loads.push(loaded);
    };
    await run(false, join(fixtures, 'pluribus', '30'));
    await run(true, join(dir, 'good.phh'));
    await run(true, join(fixtures, 'pluribus', '30'));
    expect(loads).toEqual([false, false, true]);
  });

  it('exits 2 for a path that does not exist', async () => {
    const { out, err, code } = await phh(join(dir, 'missing'));
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toBe(`felt phh: cannot read ${join(dir, 'missing')}: there is no such file or folder.\n`);
  });

  it('exits 2 for a folder without hand histories', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'felt-phh-empty-'));
    try {
      const { err, code } = await phh(empty);
      expect(code).toBe(2);
      expect(err).toBe(`felt phh: no .phh or .phhs file under ${empty}.\n`);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
