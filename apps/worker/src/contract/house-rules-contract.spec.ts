import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { publicEventData } from '@felt/projections';
import { loadHouseRules, TableRecorder } from '@felt/regulator';
import { parseTableScriptJson, toEngineCommand } from '@felt/formats';
import { contractFiles } from './contract-files';

const EXAMPLES = join(__dirname, '..', '..', '..', '..', 'examples', 'house-rules');
const BOUNTY = 'events/SevenDeuceBountyPaid.v1.schema.json';

/** The seven-deuce bounty's table script played by the engine with the casino's modules: its recorded events. */
function bountyEvents(): readonly { type: string }[] {
  const table = loadHouseRules(join(EXAMPLES, 'index.js'));
  const parsed = parseTableScriptJson(readFileSync(join(EXAMPLES, '7d-1-seven-deuce-bounty.json'), 'utf8'));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const t = new TableRecorder('bounty', undefined, table);
  t.apply({ type: 'OpenTable', tableId: 'bounty', rules: parsed.script.rules });
  for (const p of parsed.script.players) t.apply({ type: 'SeatPlayer', seat: p.seat, playerId: p.playerId, buyIn: p.stack });
  t.apply({ type: 'PlaceButton', seat: parsed.script.button! });
  for (const entry of parsed.script.commands) {
    const converted = toEngineCommand(entry, t.state, [], table);
    if ('why' in converted) throw new Error(converted.why);
    t.apply(converted.command);
  }
  return t.recorded.map((e) => ({ type: e.type, ...(e.data as object) }));
}

describe("a casino's module events in the queue contract (FELT_HOUSE_RULES)", () => {
  const modules = loadHouseRules(join(EXAMPLES, 'index.js')).modules;
  const bountyModule = modules.find((m) => m.eventSchemas?.SevenDeuceBountyPaid)!;

  it("publishes the seven-deuce bounty's event when its module is configured, and not otherwise", () => {
    const files = contractFiles(modules);
    expect(contractFiles().has(BOUNTY)).toBe(false);
    const schema = JSON.parse(files.get(BOUNTY)!);
    expect(schema).toMatchObject({
      $id: `https://felt.example/contract/${BOUNTY}`,
      type: 'object',
      additionalProperties: false,
      required: ['handNumber', 'seat', 'paid'],
    });
    expect(Object.keys(schema.properties).sort()).toEqual(['handNumber', 'paid', 'seat']);
    // The core's and the default modules' files are the same with or without the casino's modules, but those that
    // carry the rules (the casino's options in houseOptions) or the forced-bet kinds.
    const carryRules = /events\/(TableOpened|RulesChanged|HandStarted|BlindPosted)\.v/;
    for (const [path, content] of contractFiles()) if (!carryRules.test(path)) expect(files.get(path)).toBe(content);
    const opened = JSON.parse(files.get('events/TableOpened.v1.schema.json')!);
    expect(Object.keys(opened.properties.rules.properties.houseOptions.properties)).toEqual(
      expect.arrayContaining(['straddle', 'sevenDeuce', 'buttonAnte']),
    );
  });

  it('accepts the bounty the module records, as published, and refuses a member it does not declare', () => {
    const schema = bountyModule.eventSchemas!.SevenDeuceBountyPaid.omit({ type: true }).strict();
    const paid = bountyEvents().filter((e) => e.type === 'SevenDeuceBountyPaid');
    expect(paid.length).toBeGreaterThan(0);
    for (const { type, ...data } of paid) expect(schema.safeParse(publicEventData(type, data)).success).toBe(true);
    const { type: _type, ...data } = paid[0];
    expect(schema.safeParse({ ...data, holeCards: [5, 0] }).success).toBe(false);
    expect(schema.safeParse({ ...data, paid: [] }).success).toBe(false);
  });
});
