import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTableScript, runTableScript } from './index';

const example = (name: string) => JSON.parse(readFileSync(join(__dirname, '../../../../examples', `${name}.json`), 'utf8'));
const run = (json: unknown) => {
  const parsed = parseTableScript(json);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return runTableScript(parsed.script);
};

describe('table-script expectations for rules experts', () => {
  it('eventOrder holds for AI-1 and fails, naming the hand, when the table plays rules version 1 (board first)', () => {
    const script = example('ai-1-all-in-tabled-before-the-board');
    expect(run(script).expectationFailures).toEqual([]);
    const old = run({ ...script, rules: { ...script.rules, version: 1 } });
    expect(old.expectationFailures).toContain(
      'eventOrder (HandShown before BoardDealt:flop): hand 1: a HandShown comes after BoardDealt:flop',
    );
    expect(old.expectationFailures).toContain(
      'eventOrder (HandShown before BoardDealt:turn): hand 2: a HandShown comes after BoardDealt:turn',
    );
  });

  it('eventOrder without a hand needs at least one hand with both events', () => {
    const script = example('hu-1-heads-up-blinds');
    const failures = run({
      ...script,
      expect: { ...script.expect, eventOrder: [{ first: 'HandShown', then: 'BoardDealt:turn' }] },
    }).expectationFailures;
    expect(failures).toEqual(['eventOrder (HandShown before BoardDealt:turn): no hand has both HandShown and BoardDealt:turn']);
  });

  it('legalActionsInclude passes on a subset and names what is missing; table checks owed blinds and the kill', () => {
    const script = example('k-2-killer-cannot-sit-out');
    expect(run(script).ok).toBe(true);
    const commands = script.commands.map((c: Record<string, unknown>, i: number) =>
      i === 16 ? { ...c, expectBefore: { table: { killer: 's2' }, legalActionsInclude: [{ type: 'Raise' }] } } : c,
    );
    const failed = run({ ...script, commands });
    expect(failed.failure?.kind).toBe('expectation');
    expect((failed.failure as { message: string }).message).toMatch(
      /the legal actions \[\] do not include \[Raise .*\]; the killer is s1, expected s2/,
    );
    const end = run({
      ...script,
      expect: { ...script.expect, table: { owedBlinds: { s4: ['big'] }, killButton: null } },
    }).expectationFailures;
    expect(end).toEqual(['table: owed blinds are nobody, expected s4 big', 'table: the kill button is with s1, expected nobody']);
  });
});
