import { CORE_COMMAND_SCHEMAS } from './command-schemas';
import { CORE_COMMAND_TYPES, type TableCommand } from './commands';
import { decide, tableDecider } from '../default-table';
import { DEFAULT_MODULES } from '../house-options/default-modules';

describe("the core commands' one schema", () => {
  it('names only core command types, each under its own type', () => {
    for (const [type, schema] of Object.entries(CORE_COMMAND_SCHEMAS)) {
      expect(CORE_COMMAND_TYPES).toContain(type);
      expect(schema.shape.type.value).toBe(type);
    }
  });

  it('lists every core command, in the order the engine lists them', () => {
    expect(Object.keys(CORE_COMMAND_SCHEMAS)).toEqual(CORE_COMMAND_TYPES);
    expect(tableDecider.commandTypes.slice(0, CORE_COMMAND_TYPES.length)).toEqual(CORE_COMMAND_TYPES);
  });

  it("has each house option's commands in its module, one schema per command it decides", () => {
    for (const module of DEFAULT_MODULES) {
      expect({ module: module.name, schemas: Object.keys(module.commandSchemas ?? {}).sort() }).toEqual({
        module: module.name,
        schemas: Object.keys(module.commands ?? {}).sort(),
      });
      for (const [type, schema] of Object.entries(module.commandSchemas ?? {})) expect(schema.shape.type.value).toBe(type);
    }
  });

  it('a parsed command is a TableCommand the engine decides', () => {
    const parsed = CORE_COMMAND_SCHEMAS.SeatPlayer.parse({ type: 'SeatPlayer', seat: 2, playerId: 'ann', buyIn: 100 });
    const command: TableCommand = parsed;
    const opened = tableDecider.decide(
      { type: 'OpenTable', tableId: 't', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 } },
      tableDecider.initialState,
    );
    expect(opened.ok && decide(command, opened.state).ok).toBe(true);
  });

  it.each([
    ['Raise', { type: 'Raise', seat: 1, to: -1 }, 'to', 'to may not be negative'],
    ['Fold', { type: 'Fold', seat: 11 }, 'seat', 'seats are numbered up to 10'],
    ['Fold', { type: 'Fold', seat: 1, amount: 3 }, '', 'Unrecognized key'],
    ['DealBoard', { type: 'DealBoard', cards: ['Ah', 'Kh', 'Qh', 'Jh', 'Th', '9h'] }, 'cards', 'at most five cards'],
  ] as const)('refuses a bad %s (%j) with the sentence a floor reads', (type, body, path, message) => {
    const parsed = CORE_COMMAND_SCHEMAS[type].safeParse(body);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.path.join('.')).toBe(path);
    expect(parsed.error!.issues[0]!.message).toContain(message);
  });
});
