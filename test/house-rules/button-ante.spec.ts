import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as engine from '@felt/engine';
import {
  createTableDecider,
  DEFAULT_MODULES,
  type AnyRuleModule,
  type TableCommand,
  type TableRulesInput,
  type TableState,
} from '@felt/engine';
import { parseTableScriptJson, runTableScript } from '@felt/formats';

/** A forced-bet rule written outside the engine (examples/house-rules/button-ante.js), registered by configuration. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { houseRules } = require('../../examples/house-rules/index.js') as { houseRules: (api: typeof engine) => readonly AnyRuleModule[] };
const house = createTableDecider([...DEFAULT_MODULES, ...houseRules(engine)]);

function rules(over: Partial<TableRulesInput>, buttonAnte: unknown = true): TableRulesInput {
  return { structure: { kind: 'no-limit' }, smallBlind: 5, bigBlind: 10, maxSeats: 3, houseOptions: { buttonAnte } as never, ...over };
}

/** A table of `players` with 1,000 each, button on seat 1, its hand started. */
function started(r: TableRulesInput, players: number): TableState {
  let state = house.initialState;
  const must = (command: TableCommand) => {
    const d = house.decide(command, state);
    if (!d.ok) throw new Error(`${command.type}: ${d.rejection.code} ${d.rejection.message}`);
    state = d.state;
  };
  must({ type: 'OpenTable', tableId: 't', rules: r });
  for (let seat = 1; seat <= players; seat++) must({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 1000 });
  must({ type: 'PlaceButton', seat: 1 });
  must({ type: 'StartHand', seed: 7 });
  return state;
}

describe('button ante, a forced-bet rule from outside the engine', () => {
  it('plays its table script: the button posts 3 for three players, dead, and nobody acts before it is in', () => {
    const parsed = parseTableScriptJson(
      readFileSync(join(__dirname, '..', '..', 'examples', 'house-rules', 'ba-1-button-ante.json'), 'utf8'),
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const run = runTableScript(parsed.script, house);
    expect(run.failure).toBeNull();
    expect(run.expectationFailures).toEqual([]);
    expect(run.finalStacks).toEqual({ btn: 997, sb: 995, bb: 1008 });
    expect(run.rejections).toEqual([
      { index: 3, code: 'BLINDS_PENDING', message: 'The forced bets have not all been posted yet.', expected: true },
    ]);
    expect(run.events.filter((e) => e.type === 'BlindPosted')).toEqual([
      { type: 'BlindPosted', seat: 2, kind: 'small-blind', amount: 5, live: true, allIn: false },
      { type: 'BlindPosted', seat: 3, kind: 'big-blind', amount: 10, live: true, allIn: false },
      { type: 'BlindPosted', seat: 1, kind: 'ante', amount: 3, live: false, allIn: false },
    ]);
  });

  it("gives the exports a note that the button's ante is everyone's (exportNotes)", () => {
    const parsed = parseTableScriptJson(
      readFileSync(join(__dirname, '..', '..', 'examples', 'house-rules', 'ba-1-button-ante.json'), 'utf8'),
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    const run = runTableScript(parsed.script, house);
    const module = house.modules.find((m) => m.name === 'buttonAnte')!;
    expect(module.exportNotes!({ events: run.events, format: 'ohh', playerOf: (seat) => `seat ${seat}` }, { perPlayer: 1 })).toEqual([
      'button ante: seat 1 posted 3, 1 for each player dealt in (dead)',
    ]);
  });

  it('asks the button for the ante of everyone dealt in; heads up the button posts its small blind first', () => {
    expect(started(rules({ maxSeats: 6 }, { perPlayer: 2 }), 5).hand!.forcedBetsDue).toContainEqual({
      seat: 1,
      kind: 'ante',
      amount: 10,
      live: false,
    });
    const headsUp = started(rules({}), 2);
    expect(headsUp.hand!.forcedBetsDue).toEqual([
      { seat: 1, kind: 'small-blind', amount: 5, live: true },
      { seat: 2, kind: 'big-blind', amount: 10, live: true },
      { seat: 1, kind: 'ante', amount: 2, live: false },
    ]);
    const early = house.decide({ type: 'PostBlind', seat: 1, blind: 'ante' }, headsUp);
    expect(early).toMatchObject({ ok: false, rejection: { code: 'BLIND_NOT_DUE', message: 'Seat 1 posts the blind before the ante.' } });
  });

  it("stays off beside the rules' own ante, and refuses a size above the big blind", () => {
    const withAnte = started(rules({ ante: { kind: 'everyone', amount: 1 } }), 3);
    expect(withAnte.hand!.forcedBetsDue.filter((f) => f.kind === 'ante')).toEqual(
      [2, 3, 1].map((seat) => ({ seat, kind: 'ante', amount: 1, live: false })),
    );
    const d = house.decide({ type: 'OpenTable', tableId: 't', rules: rules({}, { perPlayer: 11 }) }, house.initialState);
    expect(d).toMatchObject({
      ok: false,
      rejection: {
        code: 'INVALID_RULES',
        field: 'rules.houseOptions.buttonAnte.perPlayer',
        message: 'The table rules are invalid: the button ante is 1 to 10 chips (the big blind) a player.',
      },
    });
  });
});
