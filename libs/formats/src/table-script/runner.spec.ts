import type { TableEvent } from '@felt/engine';
import { parseTableScript, type TableScript } from './schema';
import { describeFailure, runTableScript } from './runner';

function script(overrides: Record<string, unknown> = {}): TableScript {
  const parsed = parseTableScript({
    name: 'test',
    rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 3 },
    players: [
      { seat: 1, playerId: 'ann', stack: 100 },
      { seat: 2, playerId: 'bob', stack: 100 },
      { seat: 3, playerId: 'cat', stack: 100 },
    ],
    button: 1,
    commands: [],
    ...overrides,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.script;
}

/** Blinds in; ann (button) to act. Hole cards: ann AhAd, bob KhKd, cat 7c2s; board Qc 9d 5s 4h 3c. */
const preflop = [
  { type: 'StartHand', holeCards: { ann: 'AhAd', '2': 'KhKd', cat: '7c2s' }, board: 'Qc9d5s4h3c' },
  { type: 'PostBlind', seat: 2, blind: 'small-blind' },
  { type: 'PostBlind', seat: 3, blind: 'big-blind' },
];
/** ann raises to 6, bob and cat call, the hand is checked down and ann wins 18. */
const wholeHand = [
  ...preflop,
  { type: 'Raise', seat: 1, to: 6 },
  { type: 'Call', seat: 2 },
  { type: 'Call', seat: 3 },
  ...[2, 3, 1, 2, 3, 1, 2, 3, 1].map((seat) => ({ type: 'Check', seat })),
  { type: 'ShowHand', seat: 2 },
  { type: 'MuckHand', seat: 3 },
  { type: 'ShowHand', seat: 1 },
];

describe('runTableScript', () => {
  it('opens the table, seats the players, places the button and plays the commands', () => {
    const run = runTableScript(script({ commands: wholeHand }));
    expect(run.failure).toBeNull();
    expect(run.ok).toBe(true);
    expect(run.commandsRun).toBe(wholeHand.length);
    expect(run.events.slice(0, 5).map((e) => e.type)).toEqual([
      'TableOpened',
      'PlayerSeated',
      'PlayerSeated',
      'PlayerSeated',
      'ButtonPlaced',
    ]);
    expect(run.finalStacks).toEqual({ ann: 112, bob: 94, cat: 94 });
  });

  it('deals the hole cards and board the script names', () => {
    const run = runTableScript(script({ commands: wholeHand }));
    const dealt = run.events.find((e) => e.type === 'HoleCardsDealt') as Extract<TableEvent, { type: 'HoleCardsDealt' }>;
    expect(dealt.hands.map((h) => h.seat)).toEqual([2, 3, 1]);
    const [hand] = run.hands;
    expect(hand.players.map((p) => [p.playerId, p.holeCards])).toEqual([
      ['bob', 'KhKd'],
      ['cat', '7c2s'],
      ['ann', 'AhAd'],
    ]);
    expect(hand.board).toEqual(['Qc', '9d', '5s', '4h', '3c']);
  });

  it('reports no blind seats for a bomb pot, where none is posted, and the usual ones for the next hand', () => {
    const run = runTableScript(
      script({
        rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 3, houseOptions: { bombPot: { ante: 5 } } },
        commands: [
          { type: 'CallBombPot' },
          { type: 'StartHand', seed: 1 },
          ...[1, 2, 3].map((seat) => ({ type: 'PostBlind', seat, blind: 'bomb-pot' })),
          { type: 'Bet', seat: 2, amount: 10 },
          { type: 'Fold', seat: 3 },
          { type: 'Fold', seat: 1 },
          { type: 'StartHand', seed: 2 },
        ],
        expect: { finalStacks: { ann: 95, bob: 110, cat: 95 }, hands: [{ hand: 1, bigBlind: 3 }] },
      }),
    );
    expect(run.failure).toBeNull();
    expect(run.events.filter((e) => e.type === 'BlindPosted').map((e) => (e as { kind: string }).kind)).toEqual([
      'bomb-pot',
      'bomb-pot',
      'bomb-pot',
    ]);
    expect(run.hands.map((h) => [h.button, h.smallBlind, h.bigBlind])).toEqual([
      [1, null, null],
      [2, 3, 1],
    ]);
    expect(run.expectationFailures).toEqual(['hand 1: the big blind is not posted, expected seat 3']);
  });

  it('summarises each hand: actions by street, pots and who won them, stacks', () => {
    const [hand] = runTableScript(script({ commands: wholeHand })).hands;
    expect(hand).toMatchObject({ handNumber: 1, status: 'complete', button: 1, smallBlind: 2, bigBlind: 3 });
    expect(hand.actions.slice(0, 5).map((a) => `${a.street}: ${a.text}`)).toEqual([
      'preflop: bob posts the small blind 1',
      'preflop: cat posts the big blind 2',
      'preflop: ann raises to 6',
      'preflop: bob calls 5',
      'preflop: cat calls 4',
    ]);
    expect(hand.actions.filter((a) => a.street === 'showdown').map((a) => a.text)).toEqual([
      'bob shows Kh Kd (one-pair)',
      'cat mucks',
      'ann shows Ah Ad (one-pair)',
    ]);
    expect(hand.pots).toEqual([{ pot: 0, amount: 18, eligible: ['ann', 'bob', 'cat'], winners: { ann: 18 } }]);
    expect(hand.stacks).toEqual({ ann: 112, bob: 94, cat: 94 });
  });

  it('stops at a refused command and says which one, with the code and message', () => {
    const run = runTableScript(script({ commands: [...preflop, { type: 'Raise', seat: 1, to: 3 }, { type: 'Fold', seat: 2 }] }));
    expect(run.ok).toBe(false);
    expect(run.failure).toMatchObject({
      kind: 'rejected',
      index: 3,
      code: 'RAISE_BELOW_MINIMUM',
      message: 'The raise must be to at least 4.',
    });
    expect(describeFailure(run.failure!)).toBe(
      'commands[3] (Raise seat 1 to 3) was refused: RAISE_BELOW_MINIMUM: The raise must be to at least 4.',
    );
    expect(run.commandsRun).toBe(3);
    expect(run.hands[0].status).toBe('in-progress');
  });

  it('goes on past a refusal the script expects, and records it', () => {
    const commands = [
      ...preflop,
      { type: 'Raise', seat: 1, to: 3, expectRejection: { code: 'RAISE_BELOW_MINIMUM', message: 'at least 4' } },
      { type: 'Fold', seat: 1 },
    ];
    const run = runTableScript(script({ commands }));
    expect(run.failure).toBeNull();
    expect(run.rejections).toEqual([
      { index: 3, code: 'RAISE_BELOW_MINIMUM', message: 'The raise must be to at least 4.', expected: true },
    ]);
  });

  it('fails when the refusal has another code, or when the command is accepted', () => {
    const wrong = runTableScript(
      script({ commands: [...preflop, { type: 'Raise', seat: 1, to: 3, expectRejection: { code: 'NOT_YOUR_TURN' } }] }),
    );
    expect(wrong.failure).toMatchObject({ kind: 'wrong-rejection', index: 3, code: 'RAISE_BELOW_MINIMUM', expected: 'NOT_YOUR_TURN' });
    const accepted = runTableScript(
      script({ commands: [...preflop, { type: 'Raise', seat: 1, to: 4, expectRejection: { code: 'RAISE_BELOW_MINIMUM' } }] }),
    );
    expect(accepted.failure).toMatchObject({ kind: 'not-rejected', index: 3 });
    expect(describeFailure(accepted.failure!)).toBe(
      'commands[3] (Raise seat 1 to 4) was accepted, but the script expects it to be refused with RAISE_BELOW_MINIMUM',
    );
  });

  it('checks expectBefore: the seat to act, the pot, the legal actions and the stacks', () => {
    const good = {
      toAct: 1,
      pot: 3,
      legalActions: [{ type: 'Fold' }, { type: 'Call', amount: 2 }, { type: 'Raise', min: 4, max: 100 }],
      stacks: { ann: 100, cat: 98 },
    };
    expect(runTableScript(script({ commands: [...preflop, { type: 'Fold', seat: 1, expectBefore: good }] })).failure).toBeNull();
    const bad = runTableScript(
      script({ commands: [...preflop, { type: 'Fold', seat: 1, expectBefore: { toAct: 2, pot: 4, legalActions: [{ type: 'Fold' }] } }] }),
    );
    expect(bad.failure).toMatchObject({ kind: 'expectation', index: 3 });
    expect(describeFailure(bad.failure!)).toBe(
      'before commands[3] (Fold seat 1): the hand waits for seat 1, the script expects seat 2; the pot is 3, the script expects 4; ' +
        'the legal actions are [Fold (seat 1), Call 2 (seat 1), Raise 4-100 (seat 1)], the script expects [Fold]',
    );
  });

  it('reports stacks behind for a hand the script stops in, and the pots as they stand', () => {
    const run = runTableScript(script({ commands: [...preflop, { type: 'Raise', seat: 1, to: 6 }] }));
    expect(run.finalStacks).toEqual({ ann: 94, bob: 99, cat: 98 });
    expect(run.hands[0].pots).toEqual([{ pot: 0, amount: 9, eligible: ['ann', 'bob', 'cat'], winners: {} }]);
  });

  it('lists a player who left with the chips they took', () => {
    const commands = [...preflop, { type: 'Fold', seat: 1 }, { type: 'Fold', seat: 2 }, { type: 'LeaveTable', seat: 2 }];
    expect(runTableScript(script({ commands })).finalStacks).toEqual({ ann: 100, cat: 101, bob: 99 });
  });

  it('reports a setup the engine refuses, naming the step', () => {
    const run = runTableScript(script({ rules: { structure: { kind: 'no-limit' }, smallBlind: 5, bigBlind: 2 } }));
    expect(run.failure).toMatchObject({ kind: 'rejected', index: null, step: 'rules', code: 'INVALID_RULES' });
    expect(describeFailure(run.failure!)).toMatch(/^The table could not be set up \(rules\): INVALID_RULES: /);
    const seats = runTableScript(script({ rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 2 } }));
    expect(seats.failure).toMatchObject({ step: 'players[2]', code: 'SEAT_OUT_OF_RANGE' });
  });

  it('explains hole cards it cannot deal', () => {
    const run = runTableScript(script({ commands: [{ type: 'StartHand', holeCards: { zed: 'AsKs' } }] }));
    expect(run.failure).toMatchObject({ kind: 'invalid-command', index: 0 });
    expect(describeFailure(run.failure!)).toBe(
      'commands[0] (StartHand): holeCards names "zed", which is neither a seat number nor a seated player',
    );
  });

  it('uses the hand number as the seed when a StartHand gives no cards', () => {
    const run = runTableScript(script({ commands: [{ type: 'StartHand' }] }));
    const sealed = run.events.find((e) => e.type === 'DeckSealed') as Extract<TableEvent, { type: 'DeckSealed' }>;
    expect(sealed.shuffle).toEqual({ kind: 'seeded', prng: 'mulberry32-fisher-yates', seed: 1 });
  });

  it('checks the final expectations and says what does not hold', () => {
    const expect_ = {
      finalStacks: { ann: 100, bob: 94 },
      pots: [{ amount: 20, winners: { bob: 18 } }],
      hands: [{ hand: 1, button: 2, board: 'QcQd' }],
    };
    const run = runTableScript(script({ commands: wholeHand, expect: expect_ }));
    expect(run.ok).toBe(false);
    expect(run.failure).toBeNull();
    expect(run.expectationFailures).toEqual([
      'finalStacks: ann has 112, expected 100',
      'finalStacks: cat (94) is not listed; list every player',
      'pots of hand 1: the main pot is 18, expected 20',
      'pots of hand 1: the main pot went to ann 18, expected bob 18',
      'hand 1: the button is on seat 1, expected 2',
      'hand 1: the board is Qc 9d 5s 4h 3c, expected Qc Qd',
    ]);
  });

  it('passes when the final expectations hold', () => {
    const expect_ = {
      finalStacks: { ann: 112, bob: 94, cat: 94 },
      pots: [{ hand: 1, amount: 18, eligible: ['cat', 'bob', 'ann'], winners: { ann: 18 } }],
      hands: [{ hand: 1, button: 1, smallBlind: 2, bigBlind: 3, board: 'Qc 9d 5s 4h 3c' }],
    };
    const run = runTableScript(script({ commands: wholeHand, expect: expect_ }));
    expect(run.expectationFailures).toEqual([]);
    expect(run.ok).toBe(true);
  });
});
