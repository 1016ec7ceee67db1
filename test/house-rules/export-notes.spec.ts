import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as engine from '@felt/engine';
import { createTableDecider, DEFAULT_MODULES, type AnyRuleModule } from '@felt/engine';
import { ohhHandsFromEvents, parseTableScriptJson, phhHandsFromEvents, runTableScript } from '@felt/formats';

/**
 * A casino's house option says in the exports what no format can (rule-module.ts exportNotes): a seven-deuce bounty
 * (examples/house-rules), in PHH's `_felt_notes` and OHH's `felt_notes`, by the same rule as every other note.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sevenDeuceBounty } = require('../../examples/house-rules/seven-deuce-bounty.js') as {
  sevenDeuceBounty: (api: typeof engine) => AnyRuleModule;
};
const house = createTableDecider([...DEFAULT_MODULES, sevenDeuceBounty(engine)]);

describe("a house option's notes in the exports", () => {
  const parsed = parseTableScriptJson(readFileSync(join(__dirname, '../../examples/house-rules/7d-1-seven-deuce-bounty.json'), 'utf8'));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const { events } = runTableScript(parsed.script, house);

  it('PHH and OHH carry the bounty, players named as each format names them; without the modules, nothing', () => {
    const [phh] = phhHandsFromEvents(events, undefined, house.modules).hands;
    expect(phh!.notes.filter((n) => n.kind === 'house-rule').map((n) => n.text)).toEqual([
      'seven-deuce bounty: p3 won with 7-2 and collected 20 from p1, 20 from p2 (after the pots; finishing stacks include it)',
    ]);
    const [ohh] = ohhHandsFromEvents(events, { modules: house.modules });
    expect(ohh!.ohh.felt_notes).toEqual([
      {
        kind: 'house-rule',
        text: 'seven-deuce bounty: 2 won with 7-2 and collected 20 from 0, 20 from 1 (after the pots; finishing stacks include it)',
      },
    ]);
    expect(phhHandsFromEvents(events).hands[0]!.notes.some((n) => n.kind === 'house-rule')).toBe(false);
  });
});
