import { parseTableScript, parseTableScriptJson } from './schema';

const minimal = () => ({
  name: 'minimal',
  rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 },
  players: [
    { seat: 1, playerId: 'a', stack: 100 },
    { seat: 2, playerId: 'b', stack: 100 },
  ],
  button: 1,
  commands: [
    { type: 'StartHand', seed: 1 },
    { type: 'PostBlind', seat: 1 },
    { type: 'Raise', seat: 1, to: 6 },
  ],
});

function issues(input: unknown): string[] {
  const parsed = parseTableScript(input);
  if (parsed.ok) throw new Error('expected the script to be refused');
  return parsed.issues.map((i) => `${i.path}: ${i.message}`);
}

describe('table-script validation', () => {
  it('accepts a minimal script and keeps the commands as written', () => {
    const parsed = parseTableScript(minimal());
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.script.commands[2]).toEqual({ type: 'Raise', seat: 1, to: 6 });
  });

  it('accepts the helpers, notes and expectations', () => {
    const script = {
      ...minimal(),
      source: 'docs/rules.md X-1',
      commands: [
        { type: 'StartHand', holeCards: { '1': 'AsKd', b: 'Qh Qd' }, board: 'Qc9d7s', seed: 3, note: 'a note' },
        {
          type: 'Raise',
          seat: 1,
          to: 99,
          expectRejection: { code: 'RAISE_BELOW_MINIMUM', message: 'at least' },
          expectBefore: { toAct: 1, pot: 3, legalActions: [{ type: 'Fold' }, { type: 'Call', amount: 1 }], stacks: { a: 99 } },
        },
      ],
      expect: {
        finalStacks: { a: 100, b: 100 },
        pots: [{ amount: 3, eligible: ['a'], winners: { a: 3 } }],
        rejections: [{ command: 1, code: 'RAISE_BELOW_MINIMUM' }],
        hands: [{ hand: 1, button: 1, smallBlind: null }],
      },
    };
    expect(parseTableScript(script)).toMatchObject({ ok: true });
  });

  it('names the path of a missing or mistyped field', () => {
    const script = minimal() as Record<string, unknown>;
    delete script.name;
    (script.commands as unknown[])[2] = { type: 'Raise', seat: 1, to: '6' };
    expect(issues(script)).toEqual(expect.arrayContaining([expect.stringMatching(/^name: /), 'commands[2].to: to must be a number']));
  });

  it('refuses unknown keys, so a typo does not pass silently', () => {
    const script = { ...minimal(), commands: [{ type: 'Bet', seat: 1, amout: 5 }] };
    expect(issues(script).join('\n')).toMatch(/commands\[0\]/);
    expect(issues(script).join('\n')).toMatch(/amout/);
  });

  it('refuses an unknown command type and explains OpenTable', () => {
    expect(issues({ ...minimal(), commands: [{ type: 'Shove', seat: 1 }] })[0]).toMatch(
      /^commands\[0\].type: the command type must be one of .*Raise.*\(got "Shove"\)/,
    );
    expect(issues({ ...minimal(), commands: [{ type: 'OpenTable', tableId: 't', rules: {} }] })[0]).toMatch(
      /runner opens the table from "rules"/,
    );
  });

  it('refuses a rejection code the engine does not have', () => {
    expect(issues({ ...minimal(), commands: [{ type: 'Fold', seat: 1, expectRejection: { code: 'NOPE' } }] })[0]).toMatch(
      /^commands\[0\]\.expectRejection\.code: unknown rejection code "NOPE"/,
    );
  });

  it('refuses a deck together with hole cards, and a deck with a seed', () => {
    expect(issues({ ...minimal(), commands: [{ type: 'StartHand', deck: [], holeCards: { '1': 'AsKs' } }] })[0]).toMatch(
      /^commands\[0\]\.deck: give either a full "deck"/,
    );
    expect(issues({ ...minimal(), commands: [{ type: 'StartHand', deck: [], seed: 1 }] })[0]).toMatch(
      /^commands\[0\]\.seed: give either a "deck" or a "seed"/,
    );
  });

  it('refuses a seat or a player given twice, and seats out of range', () => {
    const twice = {
      ...minimal(),
      players: [
        { seat: 1, playerId: 'a', stack: 1 },
        { seat: 1, playerId: 'a', stack: 1 },
      ],
    };
    expect(issues(twice)).toEqual(['players[1].seat: seat 1 is given twice', 'players[1].playerId: player "a" is given twice']);
    expect(issues({ ...minimal(), players: [{ seat: 11, playerId: 'a', stack: 1 }] })).toEqual([
      'players[0].seat: seats are numbered up to 10',
    ]);
  });

  it('requires an expected rejection to be marked on its command too', () => {
    const script = {
      ...minimal(),
      expect: {
        finalStacks: {},
        rejections: [
          { command: 2, code: 'RAISE_BELOW_MINIMUM' },
          { command: 9, code: 'NOT_YOUR_TURN' },
        ],
      },
    };
    expect(issues(script)).toEqual([
      'expect.rejections[0]: commands[2] must carry "expectRejection": {"code": "RAISE_BELOW_MINIMUM"} too, or the runner stops there',
      'expect.rejections[1].command: there is no command 9',
    ]);
  });

  it('reports a JSON syntax error at the root', () => {
    const parsed = parseTableScriptJson('{ "name": ');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.issues[0]).toMatchObject({ path: '', message: expect.stringMatching(/^the file is not valid JSON/) });
  });

  it('refuses a document that is not an object', () => {
    expect(issues([])[0]).toMatch(/^: /);
  });
});
