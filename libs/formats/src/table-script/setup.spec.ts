import { legalActions, tableDecider, type TableState } from '@felt/engine';
import { parseTableScript, type TableScript } from './schema';
import { describeFailure, runTableScript } from './runner';
import { tableView } from './table-view';

/** 5/10 no limit, six players, button on seat 1 for the first hand after the setup. */
function script(overrides: Record<string, unknown> = {}): TableScript {
  const parsed = parseTableScript({
    name: 'setup',
    rules: { structure: { kind: 'no-limit' }, smallBlind: 5, bigBlind: 10, maxSeats: 6 },
    players: [
      { seat: 1, playerId: 'btn', stack: 1000 },
      { seat: 2, playerId: 'sb', stack: 800 },
      { seat: 3, playerId: 'bb', stack: 1200 },
      { seat: 4, playerId: 'utg', stack: 1000 },
      { seat: 5, playerId: 'mp', stack: 500 },
      { seat: 6, playerId: 'P', stack: 1000 },
    ],
    button: 1,
    commands: [],
    ...overrides,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.script;
}

/** The state the run's own events lead to: the setup is ordinary events an independent fold re-decides. */
function replay(run: ReturnType<typeof runTableScript>): TableState {
  return run.events.reduce((s, e) => tableDecider.evolve(s, e), tableDecider.initialState);
}

const stacks = (state: TableState) => Object.fromEntries(state.seats.filter((s) => s !== null).map((s) => [s!.playerId, s!.stack]));
const targetStacks = { btn: 1000, sb: 800, bb: 1200, utg: 1000, mp: 500, P: 1000 };

describe('a setup block', () => {
  it('without owed blinds seats the players and places the button, with no setup hand', () => {
    const run = runTableScript(script({ setup: {} }));
    expect(run.failure).toBeNull();
    expect(run.setupHands).toBe(0);
    expect(stacks(run.state)).toEqual(targetStacks);
    expect(run.events.map((e) => e.type)).toEqual(['TableOpened', ...Array(6).fill('PlayerSeated'), 'ButtonPlaced']);
  });

  it('leaves a player owing the big blind, sitting out, with everyone on the stacks asked for', () => {
    // The big blind has just passed P (seat 6); the next hand's small blind is P's position, still to come.
    const run = runTableScript(script({ button: 5, setup: { owedBlinds: { P: ['big'] } } }));
    expect(run.failure).toBeNull();
    expect(run.setupHands).toBeGreaterThan(0);
    expect(tableView(run.state).owedBlinds).toEqual({ P: ['big'] });
    expect(run.state.seats[5]).toMatchObject({ sittingOut: true });
    expect(stacks(run.state)).toEqual(targetStacks);
    expect(replay(run)).toEqual(run.state);
    expect(run.hands).toEqual([]);
  });

  it('leaves a player owing both blinds; when P comes back the make-up posts are offered in hand 1', () => {
    const run = runTableScript(
      script({
        setup: { owedBlinds: { P: ['small', 'big'] } },
        commands: [
          { type: 'SitIn', seat: 6 },
          { type: 'StartHand', seed: 7 },
          { type: 'PostBlind', seat: 2, blind: 'small-blind' },
          { type: 'PostBlind', seat: 3, blind: 'big-blind' },
          {
            type: 'PostBlind',
            seat: 6,
            blind: 'make-up-big',
            expectBefore: { legalActionsInclude: [{ type: 'PostBlind', seat: 6, blind: 'make-up-big', amount: 10 }] },
          },
        ],
        expect: {
          finalStacks: { ...targetStacks, sb: 795, bb: 1190, P: 990 },
          hands: [{ hand: 1, button: 1, smallBlind: 2, bigBlind: 3 }],
        },
      }),
    );
    expect(run.failure).toBeNull();
    expect(run.expectationFailures).toEqual([]);
    expect(run.hands.map((h) => h.handNumber)).toEqual([1]);
    expect(legalActions(run.state).actions).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'PostBlind', blind: 'make-up-small' })]),
    );
  });

  it('reaches two owing players at once', () => {
    const run = runTableScript(script({ setup: { owedBlinds: { P: ['small', 'big'], mp: ['small', 'big'] } } }));
    expect(run.failure).toBeNull();
    expect(tableView(run.state).owedBlinds).toEqual({ P: ['small', 'big'], mp: ['small', 'big'] });
    expect(stacks(run.state)).toEqual(targetStacks);
  });

  it('refuses a position it cannot reach, saying why', () => {
    const headsUp = script({
      players: [
        { seat: 1, playerId: 'a', stack: 100 },
        { seat: 2, playerId: 'b', stack: 100 },
      ],
      setup: { owedBlinds: { a: ['big'], b: ['big'] } },
    });
    const run = runTableScript(headsUp);
    expect(run.ok).toBe(false);
    expect(run.failure?.kind).toBe('setup');
    expect(describeFailure(run.failure!)).toMatch(
      /^The table could not be set up: the setup cannot reach the position asked for \(a owing big, b owing big, button on seat 1\)/,
    );
    expect(run.events).toEqual([]);
  });

  it('is refused by the schema without a button or for an unknown player', () => {
    const bad = parseTableScript({ ...script(), button: undefined, setup: { owedBlinds: { zed: ['big'] } } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.issues.map((i) => i.path).sort()).toEqual(['button', 'setup.owedBlinds.zed']);
  });

  it('works on a live-cards table, whose hands take no seed', () => {
    const run = runTableScript(
      script({
        rules: { structure: { kind: 'no-limit' }, smallBlind: 5, bigBlind: 10, maxSeats: 6, cardSource: 'live' },
        button: 5,
        setup: { owedBlinds: { P: ['big'] } },
      }),
    );
    expect(run.failure).toBeNull();
    expect(tableView(run.state).owedBlinds).toEqual({ P: ['big'] });
    expect(stacks(run.state)).toEqual(targetStacks);
  });
});

describe('a setup block with the kill button', () => {
  /** K-1's table: 10/20 fixed limit, 5/10 blinds, full kill on two pots in a row; everyone 500, button A. */
  const killTable = (setup: Record<string, unknown>, killGame: unknown = true) =>
    script({
      rules: {
        structure: { kind: 'fixed-limit', smallBet: 10, bigBet: 20 },
        smallBlind: 5,
        bigBlind: 10,
        maxSeats: 5,
        houseOptions: { killGame },
      },
      players: ['A', 'B', 'C', 'D', 'E'].map((id, i) => ({ seat: i + 1, playerId: id, stack: 500 })),
      button: 1,
      setup,
    });

  it('gives a player the kill button (one leg) with the stacks asked for', () => {
    const run = runTableScript(killTable({ killButton: 'D' }));
    expect(run.failure).toBeNull();
    expect(tableView(run.state)).toMatchObject({ killButton: 'D', killer: null });
    expect(Object.values(stacks(run.state))).toEqual([500, 500, 500, 500, 500]);
    expect(replay(run)).toEqual(run.state);
  });

  it('makes a player the killer: the first hand after the setup is killed, E posting the kill blind', () => {
    const run = runTableScript({
      ...killTable({ killer: 'E' }),
      commands: [
        {
          type: 'StartHand',
          seed: 3,
          expectBefore: { table: { killer: 'E', killButton: 'E' }, stacks: { A: 500, B: 500, C: 500, D: 500, E: 500 } },
        },
        { type: 'PostBlind', seat: 2, blind: 'small-blind' },
        { type: 'PostBlind', seat: 3, blind: 'big-blind' },
        { type: 'PostBlind', seat: 5, blind: 'kill-blind' },
      ],
      expect: { finalStacks: { A: 500, B: 495, C: 490, D: 500, E: 480 }, hands: [{ hand: 1, button: 1, smallBlind: 2, bigBlind: 3 }] },
    });
    expect(run.failure).toBeNull();
    expect(run.expectationFailures).toEqual([]);
    expect(run.setupHands).toBeGreaterThanOrEqual(2);
  });

  it('gives the kill button on a live-cards table, and refuses a killer there (its second hand would need a flop entered)', () => {
    const live = (setup: Record<string, unknown>) => {
      const table = killTable(setup);
      return { ...table, rules: { ...table.rules, cardSource: 'live' as const } };
    };
    expect(runTableScript(live({ killButton: 'D' })).failure).toBeNull();
    expect(runTableScript(live({ killer: 'E' })).failure?.kind).toBe('setup');
  });

  it('refuses a kill position the table cannot reach (a kill game that counts only pots with a flop)', () => {
    const run = runTableScript(killTable({ killButton: 'D' }, { requireFlop: true }));
    expect(run.failure?.kind).toBe('setup');
    expect(describeFailure(run.failure!)).toContain('D holding the kill button, button on seat 1');
  });
});

describe('a setup block and the buy-in range', () => {
  it('names the buy-in it chose when the table refuses it', () => {
    const run = runTableScript(
      script({
        rules: { structure: { kind: 'no-limit' }, smallBlind: 5, bigBlind: 10, maxSeats: 6, buyIn: { min: 500, max: 1200 } },
        // Everyone at the maximum: whoever the setup hands cost chips would have to buy in for more.
        players: ['btn', 'sb', 'bb', 'utg', 'mp', 'P'].map((id, i) => ({ seat: i + 1, playerId: id, stack: 1200 })),
        button: 5,
        setup: { owedBlinds: { P: ['big'] } },
      }),
    );
    expect(run.failure?.kind).toBe('rejected');
    expect(describeFailure(run.failure!)).toMatch(
      /^The table could not be set up \(players\[\d\], bought in for \d+ so that the setup hands leave \d+\)/,
    );
  });
});
