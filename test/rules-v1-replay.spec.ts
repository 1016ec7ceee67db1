import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { readJsonl, verifyEvents } from '@felt/regulator';
import type { RecordedEvent } from '@felt/event-store';
import { RULES_V1_TABLES, playRulesV1Table } from './fixtures/rules-v1/generate';

/**
 * Old logs replay the old way. The fixtures were recorded by the engine before rules version 2 (commit ebe9c70):
 * their TableOpened has no rules version, so `felt verify` re-decides every command under version 1 and must
 * find exactly the recorded events.
 */
const fixture = (name: string): RecordedEvent[] => {
  const read = readJsonl(gunzipSync(readFileSync(join(__dirname, 'fixtures/rules-v1', `${name}.jsonl.gz`))).toString('utf8'));
  expect(read.problems).toEqual([]);
  return read.events;
};

describe('tables recorded before rules version 2', () => {
  it.each(RULES_V1_TABLES.map((t) => t.name))('%s re-verifies under version 1 with no violation', (name) => {
    const events = fixture(name);
    expect(events[0]!.type).toBe('TableOpened');
    expect((events[0]!.data as { rules: { version?: number } }).rules.version).toBeUndefined();
    const report = verifyEvents(events);
    expect(report.violations).toEqual([]);
    expect(report.hands).toBeGreaterThan(50);
  });

  it.each(RULES_V1_TABLES.map((t) => t.name))(
    "%s: today's engine asked for version 1 plays the same table to the same stacks, hand by hand",
    (name) => {
      // The outcome of every hand, not the bytes: an event's shape may change under a new schema (the deck, say)
      // while the rules version keeps what the engine decides.
      const spec = RULES_V1_TABLES.find((t) => t.name === name)!;
      const outcomes = (events: readonly RecordedEvent[]) =>
        events
          .filter((e) => e.type === 'HandEnded' || e.type === 'HandVoided' || e.type === 'PlayerLeft')
          .map((e) => JSON.stringify(e.data));
      const again = outcomes(playRulesV1Table(spec, 1).recorded);
      expect(again.length).toBeGreaterThan(50);
      expect(again).toEqual(outcomes(fixture(name)));
    },
  );

  it('the same logs claimed under version 2 break the rules: the fixtures do exercise what version 2 changed', () => {
    const broken: Record<string, number> = {};
    for (const { name } of RULES_V1_TABLES) {
      const events = fixture(name).map((e, i) =>
        i === 0 ? { ...e, data: { ...(e.data as object), rules: { ...(e.data as { rules: object }).rules, version: 2 } } } : e,
      );
      broken[name] = verifyEvents(events).violations.filter((v) => v.kind === 'rules').length;
    }
    // Each table stops re-deciding at its first departure (an all-in runout, a skipped blind, a sit-out refused...).
    for (const { name } of RULES_V1_TABLES) expect(broken[name]).toBeGreaterThan(0);
  });
});
