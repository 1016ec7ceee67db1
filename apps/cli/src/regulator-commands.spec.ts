import { felt } from './run-felt.test-support';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { computeEventHash, type RecordedEvent } from '@felt/event-store';
import { parsePhh, replayPhhHand } from '@felt/formats';
import { randomTableLog, toJsonlLine } from '@felt/regulator';

const dir = mkdtempSync(join(tmpdir(), 'felt-regulator-cli-'));
const log = randomTableLog({ tableId: 'r1', seed: 11, events: 600 });
const write = (name: string, events: RecordedEvent[]) => {
  const file = join(dir, name);
  writeFileSync(file, events.map(toJsonlLine).join(''));
  return file;
};
const copy = () => JSON.parse(JSON.stringify(log)) as RecordedEvent[];
const original = write('r1.jsonl', log);
const index = (type: string, from = 30) => log.findIndex((e, i) => i >= from && e.type === type);

describe('felt verify --file', () => {
  it('passes an untouched export and says how much it checked', async () => {
    const { out, code } = await felt('verify', '--file', original);
    expect(code).toBe(0);
    expect(out).toMatch(/^1 stream, 6\d\d events, \d+ hands: no violation/m);
  });

  type Tamper = (events: RecordedEvent[], i: number) => void;
  const changePayload: Tamper = (events, i) => {
    (events[i]!.data as { amount: number }).amount += 1;
  };
  const deleteRow: Tamper = (events, i) => {
    events.splice(i, 1);
  };
  const swapRows: Tamper = (events, i) => {
    [events[i], events[i + 1]] = [events[i + 1]!, events[i]!];
  };
  const rehashAlone: Tamper = (events, i) => {
    const e = events[i]!;
    (e.data as { stacks: { stack: number }[] }).stacks[0]!.stack += 5;
    e.hash = computeEventHash(e.prevHash, e);
  };
  const cases: [string, Tamper, string, RegExp][] = [
    ['a changed payload', changePayload, 'PlayerCalled', /does not recompute/],
    ['a deleted row', deleteRow, 'BoardDealt', /is missing/],
    ['two rows swapped', swapRows, 'PlayerChecked', /is missing/],
    ['a row whose hash was recomputed alone', rehashAlone, 'HandEnded', /changed and its hash recomputed/],
  ];
  it.each(cases)('names the first broken event for %s, and exits 1', async (_name, tamper, type, message) => {
    const events = copy();
    const i = index(type);
    tamper(events, i);
    const { out, code } = await felt('verify', '--file', write(`tampered-${type}.jsonl`, events));
    expect(code).toBe(1);
    const first = out.split('\n').find((l) => l.startsWith('VIOLATION'))!;
    expect(first).toContain(`table-r1 v${i + 1} [chain]`);
    expect(first).toMatch(message);
  });

  it("reports a training table's hands (decks anyone could choose), one line per table, and exits 0", async () => {
    const training = randomTableLog({
      tableId: 'school',
      seed: 5,
      events: 200,
      rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, deckSource: 'training' },
    });
    const { out, code } = await felt('verify', '--file', write('school.jsonl', training));
    expect(code).toBe(0);
    expect(out).toMatch(
      /^TRAINING {3}table-school: \d+ hands dealt on a training table \(decks anyone could choose, not a game's record\): hands 1 to \d+$/m,
    );
  });

  it('prints JSON with --json', async () => {
    const { out, code } = await felt('verify', '--file', original, '--json');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ summary: { streams: 1, violations: 0 }, violations: [] });
  });

  it('says where the log must come from when no source is given', async () => {
    const saved = process.env.DATABASE_URL;
    delete process.env.DATABASE_URL;
    try {
      const { err, code } = await felt('verify', '--all');
      expect(code).toBe(2);
      expect(err).toMatch(/--database-url/);
    } finally {
      if (saved !== undefined) process.env.DATABASE_URL = saved;
    }
  });
});

describe('felt replay --file', () => {
  it('prints each hand: actions, board, pots and winners, stacks', async () => {
    const { out, code } = await felt('replay', '--file', original, '--table', 'r1');
    expect(code).toBe(0);
    expect(out).toMatch(/^Table r1 \(table-r1, 6\d\d events, \d+ hands\)/);
    expect(out).toMatch(/Hand #1 \(button seat \d+/);
    expect(out).toMatch(/Preflop: p\d posts the small blind 1/);
    expect(out).toMatch(/Main pot \d+: p\d wins \d+/);
    expect(out).toMatch(/Stacks: p\d \d+/);
  });

  it('prints every step of one hand with --hand and --step', async () => {
    const { out, code } = await felt('replay', '--file', original, '--table', 'r1', '--hand', '2', '--step');
    expect(code).toBe(0);
    expect(out).toMatch(/^v\d+ HandStarted handNumber=2/m);
    expect(out).toMatch(/^ {4}hand 2 betting preflop \| pot \d+ \| to act seat \d/m);
    expect(out).toMatch(/HoleCardsDealt hands=\[\{"seat":\d+,"cards":"[2-9TJQKA][cdhs]/);
    expect(out).toContain('Hand #2');
    expect(out).not.toContain('Hand #3');
  });

  it('refuses a table that is not there', async () => {
    const { err, code } = await felt('replay', '--file', original, '--table', 'nope');
    expect(code).toBe(2);
    expect(err).toMatch(/no table nope/);
  });
});

describe('felt export --file', () => {
  it('exports JSONL that verifies again, and a time excerpt that verifies with --excerpt', async () => {
    const out = join(dir, 'again.jsonl');
    expect((await felt('export', '--file', original, '--table', 'r1', '--format', 'jsonl', '--out', out)).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(original, 'utf8'));
    const from = log[200]!.recordedAt;
    const cut = join(dir, 'cut.jsonl');
    expect((await felt('export', '--file', original, '--table', 'r1', '--format', 'jsonl', '--from', from, '--out', cut)).code).toBe(0);
    expect((await felt('verify', '--file', cut)).code).toBe(1);
    expect((await felt('verify', '--file', cut, '--excerpt')).code).toBe(0);
  });

  it('exports PHH that felt phh replays to the same stacks', async () => {
    const { out, code } = await felt('export', '--file', original, '--table', 'r1', '--format', 'phh');
    expect(code).toBe(0);
    const entries = parsePhh(out, 'r1.phhs');
    expect(entries.length).toBeGreaterThan(5);
    for (const entry of entries) {
      expect(entry.ok).toBe(true);
      if (entry.ok) expect(replayPhhHand(entry.hand)).toMatchObject({ status: 'matched' });
    }
  });

  it('exports OHH, one object per hand, only the hands started within --from/--to', async () => {
    const all = (await felt('export', '--file', original, '--table', 'r1', '--format', 'ohh')).out.split('\n\n').map((t) => JSON.parse(t));
    expect(all.length).toBeGreaterThan(5);
    expect(all[0].ohh).toMatchObject({ game_type: 'Holdem', game_number: 'r1-1', table_name: 'r1' });
    const second = all[1].ohh.start_date_utc as string;
    const some = (await felt('export', '--file', original, '--table', 'r1', '--format', 'ohh', '--from', second, '--to', second)).out;
    expect(JSON.parse(some).ohh.game_number).toBe('r1-2');
  });

  it('refuses an unknown format', async () => {
    const { err, code } = await felt('export', '--file', original, '--table', 'r1', '--format', 'csv');
    expect(code).toBe(2);
    expect(err).toMatch(/jsonl, phh or ohh/);
  });
});
