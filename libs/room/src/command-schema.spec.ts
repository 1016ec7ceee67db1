import fc from 'fast-check';
import { listCommandSchema, openGameFieldsSchema } from './command-schema';
import { roomPoliciesInputSchema } from './house-policies/room-policies';
import { ROOM_COMMAND_TYPES, type RoomCommand } from './commands';
import { decideGame } from './decide';
import { evolveGame } from './evolve';
import { INITIAL_GAME_STATE, type GameState } from './state';

/**
 * The room's commands are written once, in zod (command-schema.ts): the API validates with these schemas, RoomCommand's
 * types are inferred from them, and the decider checks the same rules with the same constants.
 */
const at = '2026-01-01T20:00:00.000Z';

function openGame(): GameState {
  const opened = decideGame(
    { type: 'OpenGame', at, gameId: 'nl25', name: '2/5 NLHE', stakes: '2/5', structure: 'no-limit' },
    INITIAL_GAME_STATE,
  );
  if (!opened.ok) throw new Error(opened.rejection.message);
  return opened.events.reduce(evolveGame, INITIAL_GAME_STATE);
}

describe('the room commands, written once', () => {
  it("a parsed body with the API's time is the decider's command, and the decider takes it", () => {
    const body = listCommandSchema.parse({ type: 'JoinList', playerId: 'card-1042', alias: 'JD' });
    const command: RoomCommand = { ...body, at };
    const decided = decideGame(command, openGame());
    expect(decided.ok && decided.events.map((e) => e.type)).toEqual(['PlayerListed']);
    const game = openGameFieldsSchema.parse({
      gameId: 'g1',
      name: 'NL',
      stakes: '1/2',
      structure: 'no-limit',
      policies: { noShow: 'remove' },
    });
    const open: RoomCommand = { type: 'OpenGame', ...game, at };
    expect(decideGame(open, INITIAL_GAME_STATE).ok).toBe(true);
  });

  it("knows only the decider's command types, and closes every body (no unknown key)", () => {
    for (const option of listCommandSchema.options) expect(ROOM_COMMAND_TYPES).toContain(option.shape.type.value);
    expect(listCommandSchema.safeParse({ type: 'LeaveList', playerId: 'p1', seat: 3 }).success).toBe(false);
    expect(openGameFieldsSchema.safeParse({ gameId: 'g', name: 'n', stakes: 's', structure: 'x', deck: [] }).success).toBe(false);
    expect(roomPoliciesInputSchema.safeParse({ newTableAt: 21 }).success).toBe(false);
  });

  it('the schema and the decider agree on every alias and player id (one rule, one constant)', () => {
    const state = openGame();
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', '7', ' ', '.', "'", '_', '-', ':', '/', 'é', '€', '\n'), maxLength: 20 });
    fc.assert(
      fc.property(text, text, (playerId, alias) => {
        const parsed = listCommandSchema.safeParse({ type: 'JoinList', playerId, alias });
        const decided = decideGame({ type: 'JoinList', at, playerId, alias }, state);
        expect(parsed.success).toBe(decided.ok);
      }),
      { numRuns: 500 },
    );
  });
});
