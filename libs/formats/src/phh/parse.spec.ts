import { parsePhh, PhhError, decimalsOf, decimalsOfText, type PhhHand } from '../index';

/** One hand from a document that must parse. */
function hand(text: string, file = 'x.phh'): PhhHand {
  const entries = parsePhh(text, file);
  expect(entries).toHaveLength(1);
  const e = entries[0];
  if (!e.ok) throw new Error(e.error);
  return e.hand;
}

/** The error of the only hand of a document that must not parse. */
function handError(text: string, file = 'x.phh'): string {
  const entries = parsePhh(text, file);
  expect(entries).toHaveLength(1);
  const e = entries[0];
  if (e.ok) throw new Error('expected the hand to be refused');
  return e.error;
}

const NT = `
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
`;

describe('parsePhh: fields', () => {
  it('reads a no-limit hand: stakes, stacks, players, actions', () => {
    const h = hand(`${NT}
actions = ["d dh p1 AcKd", "d dh p2 ????", "d dh p3 7h6h", "p3 cbr 6", "p1 f", "p2 cc", "d db Jc3d5c", "p2 cc", "p3 cc", "p2 sm 2c2d", "p3 sm"]
players = ["Ann", "Bob", "Cy"]
finishing_stacks = [99, 106, 95]
`);
    expect(h.variant).toBe('NT');
    expect(h.scale).toBe(1);
    expect(h.playerCount).toBe(3);
    expect(h.playerNames).toEqual(['Ann', 'Bob', 'Cy']);
    expect(h.blindsOrStraddles).toEqual([1, 2, 0]);
    expect(h.minBet).toBe(2);
    expect(h.finishingStacks).toEqual([99, 106, 95]);
    expect(h.winnings).toBeNull();
    expect(h.actions.map((a) => a.kind)).toEqual([
      'deal-hole',
      'deal-hole',
      'deal-hole',
      'bet-raise',
      'fold',
      'check-call',
      'deal-board',
      'check-call',
      'check-call',
      'show-muck',
      'show-muck',
    ]);
    expect(h.actions[1]).toMatchObject({ kind: 'deal-hole', player: 2, cards: [null, null] });
    expect(h.actions[3]).toMatchObject({ kind: 'bet-raise', player: 3, amount: 6, index: 4, text: 'p3 cbr 6' });
    expect(h.actions[9]).toMatchObject({ kind: 'show-muck', player: 2, cards: ['2c', '2d'], showsDealt: false });
    expect(h.actions[10]).toMatchObject({ kind: 'show-muck', player: 3, cards: null, showsDealt: false });
  });

  it('reads a fixed-limit hand with small_bet and big_bet', () => {
    const h = hand(`
variant = "FT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [50, 50]
actions = []
`);
    expect([h.variant, h.smallBet, h.bigBet, h.minBet]).toEqual(['FT', 2, 4, null]);
    expect(h.finishingStacks).toBeNull();
  });

  it('ignores TOML comments, commentary after # in an action, empty actions and unknown metadata', () => {
    const h = hand(`# A hand from the notes
variant = "NT"  # no-limit
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = [
  # Pre-flop
  "d dh p1 AcKd  # the small blind",
  "",
  "   ",
  "# Burn card 6s is exposed",
  "p3 cbr 6 # a raise",
]
venue = "Somewhere"
time_limit = 30
seat_count = 9
`);
    expect(h.actions.map((a) => [a.kind, a.index])).toEqual([
      ['deal-hole', 1],
      ['bet-raise', 5],
    ]);
    expect(h.actions[1]).toMatchObject({ amount: 6, text: 'p3 cbr 6 # a raise' });
  });

  it('reads `sm -` as showing the cards dealt earlier', () => {
    const h = hand(`${NT}\nactions = ["p1 sm -"]`);
    expect(h.actions[0]).toMatchObject({ kind: 'show-muck', player: 1, cards: null, showsDealt: true });
  });
});

describe('parsePhh: decimal stakes', () => {
  it('scales every amount by the smallest power of ten that makes them whole', () => {
    const h = hand(`
variant = "NT"
antes = [0.0, 0.0, 0.0]
blinds_or_straddles = [0.25, 0.5, 0.0]
min_bet = 0.5
starting_stacks = [50.75, 20, 33.1]
actions = ["p3 cbr 1.5", "p1 cbr 4.125"]
finishing_stacks = [46.625, 24.5, 33.75]
`);
    // 4.125 has three decimals: everything is in thousandths.
    expect(h.scale).toBe(1000);
    expect(h.blindsOrStraddles).toEqual([250, 500, 0]);
    expect(h.minBet).toBe(500);
    expect(h.startingStacks).toEqual([50750, 20000, 33100]);
    expect(h.actions.map((a) => (a.kind === 'bet-raise' ? a.amount : null))).toEqual([1500, 4125]);
    // Finishing stacks stay in the file's units and do not set the scale.
    expect(h.finishingStacks).toEqual([46.625, 24.5, 33.75]);
  });

  it('does not let a finishing stack split into halves change the scale', () => {
    const h = hand(`${NT}\nactions = []\nfinishing_stacks = [100.5, 99.5, 100]`);
    expect(h.scale).toBe(1);
  });

  it('avoids binary rounding: 0.29 becomes exactly 29 hundredths', () => {
    const h = hand(`
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [0.29, 0.58]
min_bet = 0.58
starting_stacks = [10.01, 7]
actions = []
`);
    expect(h.scale).toBe(100);
    expect(h.blindsOrStraddles).toEqual([29, 58]);
    expect(h.startingStacks).toEqual([1001, 700]);
  });

  it('counts decimals of numbers and numerals, exponents included', () => {
    expect([decimalsOf(5), decimalsOf(0.25), decimalsOf(1e-7), decimalsOf(12.5)]).toEqual([0, 2, 7, 1]);
    expect([decimalsOfText('0.250'), decimalsOfText('1.5e-3'), decimalsOfText('2.5e2'), decimalsOfText('300')]).toEqual([2, 4, 0, 0]);
  });
});

describe('parsePhh: .phhs documents', () => {
  it('reads every hand table, in numeric order, each with its own scale', () => {
    const text = `
[2]
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [0.5, 1]
min_bet = 1
starting_stacks = [100, 100]
actions = ["d dh p1 AsKs"]

[10]
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = []

[1]
variant = "FT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100]
actions = []
`;
    const entries = parsePhh(text, 'session.phhs');
    expect(entries.map((e) => [e.index, e.key, e.ok])).toEqual([
      [1, '1', true],
      [2, '2', true],
      [3, '10', true],
    ]);
    const scales = entries.map((e) => (e.ok ? e.hand.scale : 0));
    expect(scales).toEqual([1, 10, 1]);
  });

  it('fails one broken hand without losing the others', () => {
    const entries = parsePhh(
      `
[1]
variant = "PO"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = []

[2]
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = []
`,
      's.phhs',
    );
    expect(entries[0]).toMatchObject({ ok: false, key: '1' });
    expect(!entries[0].ok && entries[0].error).toMatch(/^s\.phhs \[1\]: unsupported variant "PO"/);
    expect(entries[1]).toMatchObject({ ok: true, key: '2' });
  });
});

describe('parsePhh: bad files give clear errors', () => {
  it('names the file and line of a TOML syntax error', () => {
    expect(() => parsePhh('variant = "NT"\nantes = [0, 0\n', 'broken.phh')).toThrow(PhhError);
    expect(() => parsePhh('variant = "NT"\nantes = [0, 0\n', 'broken.phh')).toThrow(
      /^broken\.phh: not valid TOML \(line \d+, column \d+\)/,
    );
  });

  it('refuses a document with no hand', () => {
    expect(() => parsePhh('author = "me"\n', 'empty.phh')).toThrow(/empty\.phh: no hand found/);
  });

  it('refuses an unsupported variant', () => {
    expect(
      handError(`variant = "PO"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\nactions = []`),
    ).toMatch(/unsupported variant "PO": only NT .* and FT/);
  });

  it('refuses missing or inconsistent fields', () => {
    expect(handError(`variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\nactions = []`)).toMatch(
      /needs "min_bet"/,
    );
    expect(
      handError(`variant = "FT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nstarting_stacks = [100, 100]\nactions = []`),
    ).toMatch(/needs "small_bet" and "big_bet"/);
    expect(
      handError(`variant = "NT"\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\nactions = []`),
    ).toMatch(/"antes" has 3 entries but "starting_stacks" has 2/);
    expect(
      handError(`variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, inf]\nactions = []`),
    ).toMatch(/p2's starting stack is unknown/);
    expect(handError(`variant = "NT"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]`)).toMatch(
      /"actions" field is missing/,
    );
  });

  it('names the action index and text of a bad action', () => {
    const bad = (action: string) => handError(`${NT}\nactions = ["d dh p1 AcKd", ${JSON.stringify(action)}]`, 'h.phh');
    expect(bad('p3 cbz 6')).toBe('h.phh: action 2 "p3 cbz 6": unknown action "cbz" (f, cc, cbr, sm)');
    expect(bad('p4 f')).toBe('h.phh: action 2 "p4 f": there is no player p4 (p1 to p3)');
    expect(bad('p2 cbr lots')).toBe('h.phh: action 2 "p2 cbr lots": "lots" is not an amount');
    expect(bad('d dh p2 AcXx')).toBe('h.phh: action 2 "d dh p2 AcXx": "Xx" is not a card');
    expect(bad('p2 cc now')).toBe('h.phh: action 2 "p2 cc now": "cc" takes no argument, not 1');
    expect(bad('p2 cbr')).toBe('h.phh: action 2 "p2 cbr": "cbr" takes one argument, not 0');
    expect(bad('d dh AcKd')).toBe('h.phh: action 2 "d dh AcKd": "dh" takes 2 arguments, not 1');
    expect(bad('p2 pb')).toMatch(/bring-in/);
    expect(bad('d xx')).toMatch(/unknown dealer action "xx"/);
  });
});
