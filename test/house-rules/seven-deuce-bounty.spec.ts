import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as engine from '@felt/engine';
import {
  chipsOnTable,
  createTableDecider,
  DEFAULT_MODULES,
  tableDecider,
  type AnyRuleModule,
  type TableCommand,
  type TableEvent,
  type TableState,
} from '@felt/engine';
import { parseTableScriptJson, runTableScript } from '@felt/formats';

/**
 * A house option written outside the engine (examples/house-rules/seven-deuce-bounty.js), registered by handing
 * the engine's factory a list of modules: the default ones and the casino's. Nothing under libs/engine names it.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sevenDeuceBounty } = require('../../examples/house-rules/seven-deuce-bounty.js') as {
  sevenDeuceBounty: (api: typeof engine) => AnyRuleModule;
};
const house = createTableDecider([...DEFAULT_MODULES, sevenDeuceBounty(engine)]);
const dir = join(__dirname, '..', '..', 'examples', 'house-rules');

function script(name: string) {
  const parsed = parseTableScriptJson(readFileSync(join(dir, name), 'utf8'), house);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.script;
}

/** Opens a 5/10 table with three players (stacks given) and the bounty, button on seat 1. */
function table(
  stacks: readonly number[],
  sevenDeuce: unknown = { bigBlinds: 2 },
): { state: TableState; events: TableEvent[]; must: (c: TableCommand) => void } {
  const t = { state: house.initialState, events: [] as TableEvent[], must: (_command: TableCommand) => undefined as void };
  t.must = (command) => {
    const d = house.decide(command, t.state);
    if (!d.ok) throw new Error(`${command.type} refused: ${d.rejection.code} ${d.rejection.message}`);
    t.state = d.state;
    t.events.push(...d.events);
  };
  t.must({
    type: 'OpenTable',
    tableId: 't',
    rules: { structure: { kind: 'no-limit' }, smallBlind: 5, bigBlind: 10, maxSeats: 3, houseOptions: { sevenDeuce } as never },
  });
  stacks.forEach((buyIn, i) => t.must({ type: 'SeatPlayer', seat: i + 1, playerId: `p${i + 1}`, buyIn }));
  t.must({ type: 'PlaceButton', seat: 1 });
  return t;
}

/** The deck for seats dealt 2, 3, 1 (one card each, twice), then burn-and-board: the button holds 7c 2d. */
const DECK = ['Ah', 'Qh', '7c', 'Ad', 'Jh', '2d', '3c', '7h', '7s', '2s', '4c', 'Kd', '5c', '9c'];
function fullDeck(top: readonly string[]): string[] {
  const rest = engine.FULL_DECK.map((c) => engine.formatCard(c)).filter((c) => !top.includes(c));
  return [...top, ...rest];
}

/** Blinds, two limps and a check, checked down to the river; seat 2 tables, seat 3 shows or mucks, seat 1 tables. */
function checkDown(t: { must: (c: TableCommand) => void }, bigBlind: 'ShowHand' | 'MuckHand'): void {
  const commands = [
    { type: 'PostBlind', seat: 2, blind: 'small-blind' },
    { type: 'PostBlind', seat: 3, blind: 'big-blind' },
    { type: 'Call', seat: 1 },
    { type: 'Call', seat: 2 },
    { type: 'Check', seat: 3 },
    ...[0, 1, 2].flatMap(() => [
      { type: 'Check', seat: 2 },
      { type: 'Check', seat: 3 },
      { type: 'Check', seat: 1 },
    ]),
    { type: 'ShowHand', seat: 2 },
    { type: bigBlind, seat: 3 },
    { type: 'ShowHand', seat: 1 },
  ] as TableCommand[];
  for (const c of commands) t.must(c);
}

describe('seven-deuce bounty, a house rule from outside the engine', () => {
  it('plays its table script: the 7-2 wins at the showdown and collects 20 from each player dealt in', () => {
    const run = runTableScript(script('7d-1-seven-deuce-bounty.json'), house);
    expect(run.failure).toBeNull();
    expect(run.expectationFailures).toEqual([]);
    expect(run.finalStacks).toEqual({ btn: 1060, sb: 970, bb: 970 });
    // The hand history says it in the module's words (its describe hook).
    expect(run.hands[0].notes).toEqual(['Seven-deuce bounty: btn collects 20 from sb, 20 from bb']);
    const paid = run.events.filter((e) => (e.type as string) === 'SevenDeuceBountyPaid');
    expect(paid).toEqual([
      {
        type: 'SevenDeuceBountyPaid',
        handNumber: 1,
        seat: 1,
        paid: [
          { seat: 2, amount: 20 },
          { seat: 3, amount: 20 },
        ],
      },
    ]);
    // After the awards, before the hand ends; HandEnded's stacks include it.
    const types = run.events.map((e) => e.type as string);
    expect(types.indexOf('SevenDeuceBountyPaid')).toBe(types.indexOf('HandEnded') - 1);
    const ended = run.events.find((e) => e.type === 'HandEnded') as Extract<TableEvent, { type: 'HandEnded' }>;
    expect(ended.stacks).toEqual([
      { seat: 1, stack: 1060 },
      { seat: 2, stack: 970 },
      { seat: 3, stack: 970 },
    ]);
    // Replaying the log with the same modules reaches the same state.
    expect(run.events.reduce((s, e) => house.evolve(s, e), house.initialState)).toEqual(run.state);
  });

  it('gives the exports a note PHH and OHH cannot hold (exportNotes), naming players as the export does', () => {
    const run = runTableScript(script('7d-1-seven-deuce-bounty.json'), house);
    const module = house.modules.find((m) => m.name === 'sevenDeuce')!;
    const notes = module.exportNotes!({ events: run.events, format: 'phh', playerOf: (seat) => `p${seat}` }, { bigBlinds: 2 });
    expect(notes).toEqual([
      'seven-deuce bounty: p1 won with 7-2 and collected 20 from p2, 20 from p3 (after the pots; finishing stacks include it)',
    ]);
  });

  it('the engine without the module refuses the option by name, and the module refuses a bad bounty', () => {
    const refused = runTableScript(script('7d-1-seven-deuce-bounty.json'));
    expect(refused.failure).toMatchObject({ kind: 'rejected', code: 'INVALID_RULES' });
    expect(refused.failure && 'message' in refused.failure && refused.failure.message).toContain('unknown house option');
    const open = (sevenDeuce: unknown) =>
      house.decide(
        {
          type: 'OpenTable',
          tableId: 't',
          rules: { structure: { kind: 'no-limit' }, smallBlind: 5, bigBlind: 10, houseOptions: { sevenDeuce } as never },
        },
        house.initialState,
      );
    for (const bad of [{ bigBlinds: 0 }, { bigBlinds: 1.5 }, { bigBlinds: 101 }]) {
      const d = open(bad);
      expect(d.ok).toBe(false);
      if (!d.ok)
        expect(d.rejection).toMatchObject({
          code: 'INVALID_RULES',
          field: 'rules.houseOptions.sevenDeuce.bigBlinds',
          message: 'The table rules are invalid: the bounty is 1 to 100 big blinds.',
        });
    }
    expect(open({ bounty: 5 })).toMatchObject({
      ok: false,
      rejection: { code: 'INVALID_RULES', field: 'rules.houseOptions.sevenDeuce.bounty' },
    });
    expect(open(true)).toMatchObject({ ok: true, events: [{ rules: { houseOptions: { sevenDeuce: { bigBlinds: 1 } } } }] });
  });

  it('a short player pays what they have; chips are neither made nor lost', () => {
    const t = table([1000, 1000, 25]);
    const before = house.chipsOnTable(t.state);
    t.must({ type: 'StartHand', deck: fullDeck(DECK) });
    checkDown(t, 'MuckHand');
    // Seat 3 had 15 left after the 10 it put in: it pays 15 of the 20.
    expect(t.events.find((e) => (e.type as string) === 'SevenDeuceBountyPaid')).toEqual({
      type: 'SevenDeuceBountyPaid',
      handNumber: 1,
      seat: 1,
      paid: [
        { seat: 2, amount: 20 },
        { seat: 3, amount: 15 },
      ],
    });
    expect(t.state.seats.map((s) => s?.stack)).toEqual([1000 + 20 + 35, 970, 0]);
    expect(chipsOnTable(t.state)).toBe(before);
    expect(tableDecider.chipsOnTable(t.state)).toBe(before);
  });

  it('pays nothing when the 7-2 wins uncontested (its cards stay face down) or loses at the showdown', () => {
    const folded = table([1000, 1000, 1000]);
    folded.must({ type: 'StartHand', deck: fullDeck(DECK) });
    for (const c of [
      { type: 'PostBlind', seat: 2, blind: 'small-blind' },
      { type: 'PostBlind', seat: 3, blind: 'big-blind' },
      { type: 'Raise', seat: 1, to: 40 },
      { type: 'Fold', seat: 2 },
      { type: 'Fold', seat: 3 },
    ] as TableCommand[])
      folded.must(c);
    expect(folded.events.map((e) => e.type as string)).not.toContain('SevenDeuceBountyPaid');
    expect(folded.state.seats.map((s) => s?.stack)).toEqual([1015, 995, 990]);

    // The same 7-2 against a board that gives the big blind a flush: the bounty belongs to a winner only.
    const lost = table([1000, 1000, 1000]);
    lost.must({ type: 'StartHand', deck: fullDeck(['Ah', 'Qh', '7c', 'Ad', 'Jh', '2d', '3c', '7h', '2h', '4h', '4c', 'Kd', '5c', '9c']) });
    checkDown(lost, 'ShowHand');
    expect(lost.events.map((e) => e.type as string)).not.toContain('SevenDeuceBountyPaid');
    expect(lost.state.seats.map((s) => s?.stack)).toEqual([990, 990, 1020]);
  });

  it("the floor's waiver (the module's own command): its script plays; that hand pays no bounty, the next one does", () => {
    const run = runTableScript(script('7d-2-bounty-waived.json'), house);
    expect(run.failure).toBeNull();
    expect(run.expectationFailures).toEqual([]);
    expect(run.events.map((e) => e.type as string)).not.toContain('SevenDeuceBountyPaid');
    expect(run.hands[0].notes).toEqual([
      'The floor waives the seven-deuce bounty for this hand: card exposed on the turn; players agreed to play on',
    ]);
    // The default engine's script format does not know the command: a casino's script is read with its modules.
    const plain = parseTableScriptJson(readFileSync(join(dir, '7d-2-bounty-waived.json'), 'utf8'));
    expect(plain.ok ? [] : plain.issues.map((i) => i.path)).toEqual([
      'commands[9].type',
      'commands[10].type',
      'commands[20].type',
      // Nor its own rejection code, which the script expects of the second waiver.
      'expect.rejections[0].code',
    ]);
    expect(run.rejections.map((r) => r.code)).toEqual(['BOUNTY_ALREADY_WAIVED', 'HAND_NOT_IN_PROGRESS']);

    const t = table([1000, 1000, 1000]);
    const refused = (command: object) => {
      const d = house.decide(command as TableCommand, t.state);
      return d.ok ? null : d.rejection.code;
    };
    expect(refused({ type: 'WaiveSevenDeuceBounty', reason: 'between hands' })).toBe('HAND_NOT_IN_PROGRESS');
    t.must({ type: 'StartHand', deck: fullDeck(DECK) });
    expect(refused({ type: 'WaiveSevenDeuceBounty', reason: '  ' })).toBe('INVALID_COMMAND');
    t.must({ type: 'WaiveSevenDeuceBounty', reason: 'misdeal played on' } as unknown as TableCommand);
    expect(refused({ type: 'WaiveSevenDeuceBounty', reason: 'again' })).toBe('BOUNTY_ALREADY_WAIVED');
    checkDown(t, 'MuckHand');
    expect(t.state.seats.map((s) => s?.stack)).toEqual([1020, 990, 990]);
    // The next hand starts without the waiver (the hand's slice): it may be waived again, or pay.
    t.must({ type: 'StartHand', seed: 2 });
    expect((t.state.hand!.house as unknown as { sevenDeuceWaived: boolean }).sevenDeuceWaived).toBe(false);
    expect(refused({ type: 'WaiveSevenDeuceBounty', reason: 'again, next hand' })).toBeNull();

    const off = table([1000, 1000, 1000], null);
    off.must({ type: 'StartHand', deck: fullDeck(DECK) });
    const d = house.decide({ type: 'WaiveSevenDeuceBounty', reason: 'no bounty here' } as unknown as TableCommand, off.state);
    expect(d.ok ? null : d.rejection.code).toBe('OPTION_NOT_ENABLED');
  });
});
