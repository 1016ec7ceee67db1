import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { publicEventData } from '@felt/projections';
import { parseTableScriptJson, runTableScript } from '@felt/formats';
import { CONTRACT_DIR, eventSchemaFile } from './contract-files';

/** What a consumer does: validate each job's data with the committed JSON Schema of its type and version. */
function committedValidator() {
  const ajv = new Ajv2020({ strict: false });
  return (type: string, data: unknown) => {
    const schema = JSON.parse(readFileSync(join(CONTRACT_DIR, eventSchemaFile(type)), 'utf8'));
    const validate = ajv.getSchema(schema.$id) ?? ajv.compile(schema);
    return validate(data) ? null : ajv.errorsText(validate.errors);
  };
}

describe('the committed JSON Schemas are closed', () => {
  const check = committedValidator();

  it('accept every event the example scripts record, as published', () => {
    const dir = join(__dirname, '..', '..', '..', '..', 'examples');
    let checked = 0;
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const parsed = parseTableScriptJson(readFileSync(join(dir, file), 'utf8'));
      if (!parsed.ok) continue;
      for (const { type, ...data } of runTableScript(parsed.script).events) {
        const problem = check(type, publicEventData(type, data));
        if (problem) throw new Error(`${file}: ${type} refused by its committed schema: ${problem}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });

  it.each([
    ['DeckSealed', { handNumber: 3, deck: [1, 2] }],
    ['DeckSealed', { handNumber: 3, salt: 'ab' }],
    ['DeckRevealed', { handNumber: 3, deck: [1, 2], salt: 'ab' }],
    ['DeckRevealed', { handNumber: 3, seed: 'cd' }],
    ['HoleCardsRevealed', { handNumber: 3, key: 'k' }],
    ['HoleCardsReported', { seat: 1, cards: null, holeCards: [0, 1] }],
    ['PlayerFolded', { seat: 1, cards: [0, 1] }],
  ])('refuse a %s job carrying a key its version does not declare (%j)', (type, data) => {
    expect(check(type, data)).toMatch(/additional properties/);
  });

  it('still accept the same jobs without the extra key', () => {
    expect(check('DeckSealed', { handNumber: 3 })).toBeNull();
    expect(check('DeckRevealed', { handNumber: 3 })).toBeNull();
    expect(check('PlayerFolded', { seat: 1 })).toBeNull();
  });
});
