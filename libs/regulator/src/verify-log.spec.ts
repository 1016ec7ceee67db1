import { computeEventHash, type RecordedEvent } from '@felt/event-store';
import { readJsonl, toJsonlLine } from './jsonl';
import { randomTableLog } from './random-table-log';
import { verifyEvents } from './verify-log';

const copy = (events: RecordedEvent[]): RecordedEvent[] => JSON.parse(JSON.stringify(events));
const log = randomTableLog({ tableId: 't1', seed: 7, events: 2000 });
const at = (events: RecordedEvent[], type: string, from = 40) => events.findIndex((e, i) => i >= from && e.type === type);

describe('verifyEvents (an export, offline)', () => {
  it('accepts a random table played by the engine: chain, rules and chips', () => {
    const report = verifyEvents(log);
    expect(report.violations).toEqual([]);
    expect(report.events).toBe(log.length);
    expect(report.hands).toBeGreaterThan(50);
  });

  it('round-trips through JSONL text', () => {
    const text = log.map(toJsonlLine).join('');
    const read = readJsonl(text);
    expect(read.problems).toEqual([]);
    expect(verifyEvents(read.events).violations).toEqual([]);
  });

  it('names a changed payload', () => {
    const events = copy(log);
    const i = at(events, 'PlayerCalled');
    (events[i]!.data as { amount: number }).amount += 1;
    const [first] = verifyEvents(events).violations;
    expect(first).toMatchObject({ streamId: 'table-t1', version: i + 1, kind: 'chain' });
    expect(first!.message).toMatch(/does not recompute/);
  });

  it('names a deleted row', () => {
    const events = copy(log);
    const i = at(events, 'BoardDealt');
    events.splice(i, 1);
    const [first] = verifyEvents(events).violations;
    expect(first).toMatchObject({ version: i + 1, kind: 'chain' });
    expect(first!.message).toMatch(new RegExp(`version ${i + 1} is missing`));
  });

  it('names two rows swapped', () => {
    const events = copy(log);
    const i = at(events, 'PlayerChecked');
    [events[i], events[i + 1]] = [events[i + 1]!, events[i]!];
    const [first] = verifyEvents(events).violations;
    expect(first).toMatchObject({ version: i + 1, kind: 'chain' });
  });

  it('names a row whose hash was recomputed alone', () => {
    const events = copy(log);
    const i = at(events, 'PotAwarded');
    const e = events[i]!;
    const data = e.data as { winners: { seat: number; amount: number }[] };
    data.winners[0]!.amount += 10;
    e.hash = computeEventHash(e.prevHash, e);
    const report = verifyEvents(events);
    const [first] = report.violations;
    expect(first).toMatchObject({ version: i + 1, kind: 'chain' });
    expect(first!.message).toMatch(/changed and its hash recomputed/);
    // The engine would not have paid that, and the chips no longer add up.
    expect(report.violations.some((v) => v.kind === 'rules' && v.version === i + 1)).toBe(true);
    expect(report.violations.some((v) => v.kind === 'conservation')).toBe(true);
  });

  it('catches a rewritten stream whose chain was recomputed whole: the rules and the chips', () => {
    const events = copy(log);
    const i = at(events, 'HandEnded');
    const data = events[i]!.data as { stacks: { seat: number; stack: number }[] };
    data.stacks[0]!.stack += 100;
    let prev = '0'.repeat(64);
    for (const e of events) {
      e.prevHash = prev;
      e.hash = computeEventHash(prev, e);
      prev = e.hash;
    }
    const report = verifyEvents(events);
    expect(report.violations.filter((v) => v.kind === 'chain')).toEqual([]);
    expect(report.violations[0]).toMatchObject({ version: i + 1, kind: 'rules' });
    expect(report.violations.some((v) => v.kind === 'conservation' && v.version === i + 1)).toBe(true);
  });

  it('refuses an automatic event recorded without its command, and a command the rules refuse', () => {
    const events = copy(log);
    const i = at(events, 'PlayerFolded');
    events[i]!.metadata = { ...events[i]!.metadata, commandId: 'forged' };
    (events[i]!.data as { seat: number }).seat = ((events[i]!.data as { seat: number }).seat % 6) + 1;
    let prev = '0'.repeat(64);
    for (const e of events) {
      e.prevHash = prev;
      e.hash = computeEventHash(prev, e);
      prev = e.hash;
    }
    const rules = verifyEvents(events).violations.filter((v) => v.kind === 'rules');
    expect(rules[0]!.version).toBe(i + 1);
    expect(rules[0]!.message).toMatch(/refuse|produces|does not produce|without a command/);
  });

  it('wants version 1 unless the file is declared an excerpt', () => {
    const tail = copy(log).slice(100);
    expect(verifyEvents(tail).violations[0]).toMatchObject({ version: 1, kind: 'chain' });
    expect(verifyEvents(tail, { excerpt: true }).violations).toEqual([]);
  });
});
