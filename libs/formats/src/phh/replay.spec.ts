import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { replayPhhFiles, replayPhhText, type PhhReplayResult } from '../index';

/** The result of the only hand of a document. */
function replayOne(text: string, file = 'hand.phh'): PhhReplayResult {
  const results = replayPhhText(text, file);
  expect(results).toHaveLength(1);
  return results[0];
}

const phh = (fields: Record<string, unknown>): string =>
  Object.entries(fields)
    .map(([k, v]) => `${k} = ${JSON.stringify(v)}`)
    .join('\n');

const nt3 = (actions: string[], extra: Record<string, unknown> = {}) =>
  phh({ variant: 'NT', antes: [0, 0, 0], blinds_or_straddles: [1, 2, 0], min_bet: 2, starting_stacks: [100, 100, 100], actions, ...extra });

describe('replayPhhHand: positions and forced bets', () => {
  it('heads-up reverses the blinds: p1 posts the big blind, p2 has the button, posts the small blind and acts first', () => {
    const r = replayOne(
      phh({
        variant: 'NT',
        antes: [0, 0],
        blinds_or_straddles: [1, 2],
        min_bet: 2,
        starting_stacks: [100, 100],
        actions: ['d dh p1 AsKs', 'd dh p2 7c2d', 'p2 cbr 6', 'p1 cc', 'd db 9h8h2c', 'p1 cc', 'p2 cbr 4', 'p1 f'],
        finishing_stacks: [94, 106],
      }),
    );
    expect(r).toMatchObject({ status: 'matched', finalStacks: [94, 106], expectedStacks: [94, 106] });
  });

  it('takes a button ante from the last player only', () => {
    const r = replayOne(
      nt3(['d dh p1 AsKs', 'd dh p2 7c2d', 'd dh p3 QhJh', 'p3 f', 'p1 f'], { antes: [0, 0, 1], finishing_stacks: [99, 102, 99] }),
    );
    expect(r).toMatchObject({ status: 'matched', finalStacks: [99, 102, 99] });
  });

  it('takes a big-blind ante from p2 and a uniform ante from everyone', () => {
    expect(replayOne(nt3(['p3 f', 'p1 f'], { antes: [0, 3, 0], finishing_stacks: [99, 101, 100] }))).toMatchObject({ status: 'matched' });
    expect(replayOne(nt3(['p3 f', 'p1 f'], { antes: [1, 1, 1], finishing_stacks: [98, 103, 99] }))).toMatchObject({ status: 'matched' });
  });

  describe("straddles (blinds_or_straddles entries after the big blind) go through the engine's Straddle", () => {
    const six = (blinds: number[], actions: string[], finishing: number[]) =>
      phh({
        variant: 'NT',
        antes: [0, 0, 0, 0, 0, 0],
        blinds_or_straddles: blinds,
        min_bet: 2,
        starting_stacks: [200, 200, 200, 200, 200, 200],
        actions,
        finishing_stacks: finishing,
      });

    it('a UTG straddle: the player after it acts first, the straddler last (docs/rules.md ST-1)', () => {
      const r = replayOne(
        six(
          [1, 2, 4, 0, 0, 0],
          ['p4 cc', 'p5 f', 'p6 cbr 12', 'p1 f', 'p2 f', 'p3 cc', 'p4 f', 'd db 2c3c4c', 'p3 cc', 'p6 cbr 20', 'p3 f'],
          [199, 198, 188, 196, 200, 219],
        ),
      );
      expect(r).toMatchObject({ status: 'matched', finalStacks: [199, 198, 188, 196, 200, 219] });
    });

    it('a double straddle and a button straddle', () => {
      expect(replayOne(six([1, 2, 4, 8, 0, 0], ['p5 f', 'p6 f', 'p1 f', 'p2 f', 'p3 f'], [199, 198, 196, 207, 200, 200]))).toMatchObject({
        status: 'matched',
      });
      // The button straddles: the small blind acts first.
      expect(replayOne(six([1, 2, 0, 0, 0, 4], ['p1 f', 'p2 f', 'p3 f', 'p4 f', 'p5 f'], [199, 198, 200, 200, 200, 203]))).toMatchObject({
        status: 'matched',
      });
    });

    it("takes a raise of one big blind over the straddle (pokerkit's minimum), never refusing what the file recorded", () => {
      expect(
        replayOne(six([1, 2, 4, 0, 0, 0], ['p4 cbr 6', 'p5 f', 'p6 f', 'p1 f', 'p2 f', 'p3 f'], [199, 198, 196, 207, 200, 200])),
      ).toMatchObject({ status: 'matched' });
    });

    it('reports straddles the engine cannot post as mismatched, clearly', () => {
      expect(replayOne(six([1, 2, 5, 0, 0, 0], [], [200, 200, 200, 200, 200, 200])).error).toBe(
        "hand.phh: the engine cannot play this hand as written: straddles 5 for p3: the engine's straddles are each the same whole multiple (2 or more) of the forced bet before them",
      );
      expect(replayOne(six([1, 2, 4, 0, 8, 0], [], [200, 200, 200, 200, 200, 200])).error).toBe(
        'hand.phh: the engine cannot play this hand as written: straddles 4 for p3, 8 for p5: the engine takes each re-straddle from the seat left of the previous straddler',
      );
    });
  });

  it('reports antes the engine cannot take as mismatched, with the reason (the file is well formed)', () => {
    const r = replayOne(nt3([], { antes: [1, 2, 0] }));
    expect(r).toMatchObject({ status: 'mismatched', finalStacks: null });
    expect(r.error).toMatch(
      /antes \[1,2,0\]: the engine takes the same ante from everyone, or one ante from the big blind or from the button/,
    );
  });

  it('fails a no-limit min_bet that is not the big blind', () => {
    expect(replayOne(nt3([], { min_bet: 4 })).error).toMatch(/min_bet 4 differs from the big blind 2/);
  });
});

describe('replayPhhHand: decimals, cards and the showdown', () => {
  const decimalHand = (extra: Record<string, unknown>) =>
    phh({
      variant: 'NT',
      antes: [0.0, 0.0, 0.0],
      blinds_or_straddles: [0.25, 0.5, 0.0],
      min_bet: 0.5,
      starting_stacks: [10, 10, 10],
      actions: [
        'd dh p1 AsAd',
        'd dh p2 ????',
        'd dh p3 7c2d',
        'p3 f',
        'p1 cbr 1.5',
        'p2 cc',
        'd db 2h3h4c',
        'p1 cbr 1',
        'p2 cbr 3.25',
        'p1 cc',
        'd db 9s',
        'p1 cc',
        'p2 cc',
        'd db Jd',
        'p1 cc',
        'p2 cc',
        'p1 sm AsAd',
        'p2 sm KsKd',
      ],
      ...extra,
    });

  it('replays decimal stakes in minor units and reports stacks in the file units', () => {
    const r = replayOne(decimalHand({ finishing_stacks: [14.75, 5.25, 10] }));
    expect(r).toMatchObject({ status: 'matched', finalStacks: [14.75, 5.25, 10], expectedStacks: [14.75, 5.25, 10] });
  });

  it('uses hole cards first revealed at the showdown (dealt as ????)', () => {
    // p2's kings are unknown when dealt and shown at the end: with them, p1's aces still win; with a flush p2 would.
    const r = replayOne(decimalHand({ finishing_stacks: [14.75, 5.25, 10] }).replace('p2 sm KsKd', 'p2 sm 5h6h'));
    expect(r).toMatchObject({ status: 'mismatched', finalStacks: [5.25, 14.75, 10] });
    expect(r.error).toMatch(/^hand\.phh: final stacks \[5\.25, 14\.75, 10\] differ from finishing_stacks \[14\.75, 5\.25, 10\]/);
  });

  it('replays several hands of a .phhs document, each on its own', () => {
    const one = decimalHand({ finishing_stacks: [14.75, 5.25, 10] });
    const two = nt3(['p3 f', 'p1 f'], { finishing_stacks: [99, 101, 100] });
    const results = replayPhhText(`[1]\n${one}\n\n[2]\n${two}\n`, 'session.phhs');
    expect(results.map((r) => [r.key, r.status, r.finalStacks])).toEqual([
      ['1', 'matched', [14.75, 5.25, 10]],
      ['2', 'matched', [99, 101, 100]],
    ]);
  });

  it('accepts `sm -` (the cards dealt) and a muck, whatever order the file shows them in', () => {
    const actions = [
      'd dh p1 AsKs',
      'd dh p2 QsQd',
      'd dh p3 7c2d',
      'p3 f',
      'p1 cc',
      'p2 cc',
      'd db 2c7d9h',
      'p1 cc',
      'p2 cc',
      'd db Th',
      'p1 cc',
      'p2 cc',
      'd db 3c',
    ];
    // The river is checked, so p1 (left of the button) tables first; the file lists p2 first.
    const r = replayOne(nt3([...actions, 'p1 cc', 'p2 cc', 'p2 sm -', 'p1 sm'], { finishing_stacks: [98, 102, 100] }));
    expect(r).toMatchObject({ status: 'matched', finalStacks: [98, 102, 100] });
  });

  it('replays a fixed-limit hand heads-up', () => {
    const r = replayOne(
      phh({
        variant: 'FT',
        antes: [0, 0],
        blinds_or_straddles: [1, 2],
        small_bet: 2,
        big_bet: 4,
        starting_stacks: [100, 100],
        actions: [
          'd dh p1 AsKs',
          'd dh p2 QsQd',
          'p2 cbr 4',
          'p1 cbr 6',
          'p2 cc',
          'd db 2c7d9h',
          'p1 cc',
          'p2 cbr 2',
          'p1 cc',
          'd db Th',
          'p1 cbr 4',
          'p2 cc',
          'd db 3c',
          'p1 cc',
          'p2 cc',
          'p1 sm',
          'p2 sm QsQd',
        ],
        finishing_stacks: [88, 112],
      }),
    );
    expect(r).toMatchObject({ status: 'matched', finalStacks: [88, 112] });
  });

  it('fails when a showdown needs hole cards the file does not give', () => {
    const r = replayOne(
      phh({
        variant: 'NT',
        antes: [0, 0],
        blinds_or_straddles: [1, 2],
        min_bet: 2,
        starting_stacks: [50, 50],
        actions: ['d dh p1 ????', 'd dh p2 AhAd', 'p2 cbr 50', 'p1 cc', 'd db 2c3c4d', 'd db 9s', 'd db Td'],
        finishing_stacks: [0, 100],
      }),
    );
    expect(r).toMatchObject({ status: 'failed', finalStacks: null });
    expect(r.error).toBe("hand.phh: the showdown needs p1's hole cards, which the file does not give (??)");
  });

  it('allows unknown cards nobody needed to show', () => {
    const r = replayOne(
      nt3(['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 6', 'p1 f', 'p2 f'], { finishing_stacks: [99, 98, 103] }),
    );
    expect(r).toMatchObject({ status: 'matched', finalStacks: [99, 98, 103] });
  });

  it('reports a hand without finishing stacks as replayed, with nothing to compare', () => {
    const r = replayOne(nt3(['p3 f', 'p1 f']));
    expect(r).toMatchObject({ status: 'matched', finalStacks: [99, 101, 100], expectedStacks: null });
    expect(r.note).toBe('no finishing_stacks or winnings in the file: replayed without error, nothing to compare');
  });
});

describe('docs/rules.md Part B scenarios written as PHH hands', () => {
  const hand = (f: Record<string, unknown>) => replayOne(phh(f));
  const nt = (blinds: number[], stacks: number[], actions: string[], finishing?: number[]) =>
    hand({
      variant: 'NT',
      antes: blinds.map(() => 0),
      blinds_or_straddles: blinds,
      min_bet: blinds[1],
      starting_stacks: stacks,
      actions,
      ...(finishing ? { finishing_stacks: finishing } : {}),
    });

  it('SP-1: two all-ins make a main pot and a side pot', () => {
    // p1 = B (small blind) 150, p2 = C (big blind) 300, p3 = A (button) 50; A > B > C.
    const r = nt(
      [1, 2, 0],
      [150, 300, 50],
      ['d dh p1 KsKh', 'd dh p2 QsQh', 'd dh p3 AsAh', 'p3 cbr 50', 'p1 cbr 150', 'p2 cc', 'd db 2c7d9h', 'd db Js', 'd db 3c'],
      [200, 150, 150],
    );
    expect(r).toMatchObject({ status: 'matched', finalStacks: [200, 150, 150] });
  });

  it('SP-2: the uncalled part of a raise comes back before the pot is awarded', () => {
    const r = nt(
      [1, 2, 0],
      [100, 300, 300],
      ['d dh p1 AsAh', 'd dh p2 QsQh', 'd dh p3 KsKh', 'p3 cbr 250', 'p1 cc', 'p2 f', 'd db 2c7d9h', 'd db Js', 'd db 3c'],
      [202, 298, 200],
    );
    expect(r).toMatchObject({ status: 'matched', finalStacks: [202, 298, 200] });
  });

  it('OC-1: the odd chip of a split pot goes to the first winner left of the button', () => {
    const checks = ['p2 cc', 'p3 cc'];
    const r = nt(
      [25, 50, 0],
      [10000, 10000, 10000],
      [
        'd dh p1 2c3d',
        'd dh p2 4h5h',
        'd dh p3 6c7c',
        'p3 cc',
        'p1 f',
        'p2 cc',
        'd db AsKsQs',
        ...checks,
        'd db Js',
        ...checks,
        'd db Ts',
        ...checks,
        'p2 sm 4h5h',
        'p3 sm 6c7c',
      ],
      [9975, 10013, 10012],
    );
    expect(r).toMatchObject({ status: 'matched', finalStacks: [9975, 10013, 10012] });
    expect(r.note).toBeUndefined();
  });

  it('NL-2: a short all-in does not reopen the betting for a player who already acted', () => {
    const setup = ['p3 cc', 'p4 f', 'p5 cbr 7500', 'p1 f', 'p2 cc'];
    const stacks = [100000, 100000, 100000, 100000, 7500];
    const refused = nt([2000, 4000, 0, 0, 0], stacks, [...setup, 'p3 cbr 20000']);
    expect(refused.error).toMatch(/action 6 "p3 cbr 20000": the engine refuses Raise \(BETTING_NOT_REOPENED\)/);
    const checks = ['p2 cc', 'p3 cc'];
    const called = nt(
      [2000, 4000, 0, 0, 0],
      stacks,
      [
        'd dh p1 2c3d',
        'd dh p2 4h5h',
        'd dh p3 6c7c',
        'd dh p4 8c9c',
        'd dh p5 AsAh',
        ...setup,
        'p3 cc',
        'd db KsQdJh',
        ...checks,
        'd db 2s',
        ...checks,
        'd db 9d',
        ...checks,
      ],
      [98000, 92500, 92500, 100000, 24500],
    );
    expect(called).toMatchObject({ status: 'matched' });
  });

  it('HU-1 and BBA-1: heads-up order, and a big-blind ante', () => {
    expect(nt([1, 2], [100, 100], ['p2 cc', 'p1 cc', 'd db 2c3c4c', 'p1 cbr 4', 'p2 f'], [102, 98])).toMatchObject({ status: 'matched' });
    const bba = hand({
      variant: 'NT',
      antes: [0, 200, 0, 0, 0, 0],
      blinds_or_straddles: [100, 200, 0, 0, 0, 0],
      min_bet: 200,
      starting_stacks: Array(6).fill(10000),
      actions: ['p3 f', 'p4 f', 'p5 f', 'p6 f', 'p1 f'],
      finishing_stacks: [9900, 10100, 10000, 10000, 10000, 10000],
    });
    expect(bba).toMatchObject({ status: 'matched' });
  });

  it('FL-1: fixed limit caps at a bet and three raises, the big blind counting as the bet', () => {
    const fl = (actions: string[], finishing?: number[]) =>
      hand({
        variant: 'FT',
        antes: [0, 0, 0, 0],
        blinds_or_straddles: [1, 2, 0, 0],
        small_bet: 2,
        big_bet: 4,
        starting_stacks: [100, 100, 100, 100],
        actions,
        ...(finishing ? { finishing_stacks: finishing } : {}),
      });
    const capped = ['p3 cbr 4', 'p4 cbr 6', 'p1 cbr 8'];
    expect(fl([...capped, 'p2 cbr 10']).error).toMatch(/action 4 "p2 cbr 10": the engine refuses Raise \(BETTING_CAPPED\)/);
    const r = fl(
      [
        'd dh p1 2c3d',
        'd dh p2 4h5h',
        'd dh p3 AsAh',
        'd dh p4 8c9c',
        ...capped,
        'p2 cc',
        'p3 cc',
        'p4 cc',
        'd db KsQdJh',
        'p1 f',
        'p2 f',
        'p3 cbr 2',
        'p4 f',
      ],
      [92, 92, 124, 92],
    );
    expect(r).toMatchObject({ status: 'matched', finalStacks: [92, 92, 124, 92] });
  });
});

describe('replayPhhHand: winnings instead of finishing stacks (online logs), and a house rake', () => {
  // An online-style hand: decimal stakes, nobody's cards known, a raise and a bet that go uncalled.
  const online = (winnings: number[], extra: Record<string, unknown> = {}) =>
    phh({
      variant: 'NT',
      antes: [0, 0, 0, 0],
      blinds_or_straddles: [0.5, 1, 0, 0],
      min_bet: 1,
      starting_stacks: [50, 80.25, 100, 75.5],
      actions: [
        'd dh p1 ????',
        'd dh p2 ????',
        'd dh p3 ????',
        'd dh p4 ????',
        'p3 cbr 3',
        'p4 f',
        'p1 f',
        'p2 cc',
        'd db 9s7h2c',
        'p2 cc',
        'p3 cbr 4.5',
        'p2 f',
      ],
      winnings,
      ...extra,
    });

  it('compares what each player collected from the pots (the uncalled bet is returned, not won)', () => {
    const r = replayOne(online([0, 0, 6.5, 0]));
    expect(r).toMatchObject({
      status: 'matched',
      finalWinnings: [0, 0, 6.5, 0],
      expectedWinnings: [0, 0, 6.5, 0],
      expectedStacks: null,
      finalStacks: [49.5, 77.25, 103.5, 75.5],
    });
    expect(r.note).toBeUndefined();
  });

  it('matches winnings short of the pot by a plausible house rake, and says so', () => {
    const r = replayOne(online([0, 0, 6.2, 0]));
    expect(r.status).toBe('matched');
    expect(r.note).toBe("rake: the file's winnings are 0.3 short of the pots of 6.5 (4.6%), a house rake the replay does not take");
  });

  it('does not take a larger shortfall, or one from a player who won nothing, for a rake', () => {
    expect(replayOne(online([0, 0, 5, 0]))).toMatchObject({
      status: 'mismatched',
      error: 'hand.phh: pot winnings [0, 0, 6.5, 0] differ from winnings [0, 0, 5, 0]',
    });
    expect(replayOne(online([0, 6.5, 0, 0])).status).toBe('mismatched');
  });

  it("counts a walk's whole pot as collected when the file does (the big blind's uncalled half included)", () => {
    const walk = (winnings: number[]) =>
      phh({
        variant: 'NT',
        antes: [0, 0],
        blinds_or_straddles: [0.5, 1],
        min_bet: 1,
        starting_stacks: [82.4, 197],
        actions: ['p2 f'],
        winnings,
      });
    expect(replayOne(walk([1.5, 0]))).toMatchObject({ status: 'matched', finalWinnings: [1.5, 0], finalStacks: [82.9, 196.5] });
    expect(replayOne(walk([1, 0]))).toMatchObject({ status: 'matched', finalWinnings: [1, 0] });
  });

  it('also takes a rake out of finishing stacks', () => {
    const r = replayOne(online([0, 0, 6.5, 0]).replace(/winnings = .*/, 'finishing_stacks = [49.5, 77.25, 103.25, 75.5]'));
    expect(r.status).toBe('matched');
    expect(r.note).toMatch(/^rake: the file's finishing_stacks are 0\.25 short of the pots of 6\.5/);
  });
});

describe('replayPhhHand: broken hands name the action', () => {
  it('an illegal raise', () => {
    const r = replayOne(nt3(['d dh p1 AsKs', 'd dh p2 QsQd', 'd dh p3 7c2d', 'p3 cbr 6', 'p1 cbr 7']));
    expect(r).toMatchObject({ status: 'failed', finalStacks: null });
    expect(r.error).toBe(
      'hand.phh: action 5 "p1 cbr 7": the engine refuses Raise (RAISE_BELOW_MINIMUM): The raise must be to at least 10.',
    );
  });

  it('an action out of turn', () => {
    expect(replayOne(nt3(['p1 f'])).error).toBe('hand.phh: action 1 "p1 f": it is p3\'s turn, not p1\'s');
  });

  it('a fixed-limit raise of the wrong size', () => {
    const r = replayOne(
      phh({
        variant: 'FT',
        antes: [0, 0],
        blinds_or_straddles: [1, 2],
        small_bet: 2,
        big_bet: 4,
        starting_stacks: [100, 100],
        actions: ['p2 cbr 5'],
      }),
    );
    expect(r.error).toMatch(/^hand\.phh: action 1 "p2 cbr 5": the engine refuses Raise \(RAISE_ABOVE_MAXIMUM\)/);
  });

  it('actions after the hand is over, and actions that stop before it is', () => {
    expect(replayOne(nt3(['p3 f', 'p1 f', 'p2 cc'])).error).toBe(
      'hand.phh: action 3 "p2 cc": the betting is over (the engine already ended the hand)',
    );
    expect(replayOne(nt3(['p3 f'])).error).toBe('hand.phh: the actions end before the hand does: the engine waits for p1 to act');
  });

  it('a card dealt twice, and a shown card that was not dealt', () => {
    expect(replayOne(nt3(['d dh p1 AsKs', 'd dh p2 AsQd'])).error).toBe('hand.phh: action 2 "d dh p2 AsQd": As was already dealt (p1)');
    expect(replayOne(nt3(['d dh p1 AsKs', 'p1 sm AsQd'])).error).toBe(
      'hand.phh: action 2 "p1 sm AsQd": p1 shows Qd, which is not one of the cards dealt (AsKs)',
    );
    expect(replayOne(nt3(['d dh p1 AsAs'])).error).toBe('hand.phh: action 1 "d dh p1 AsAs": As was already dealt (in this action)');
    expect(replayOne(nt3(['d dh p1 AsKs', 'd db 2c3c4c', 'd db 4c'])).error).toBe(
      'hand.phh: action 3 "d db 4c": 4c was already dealt (the board)',
    );
    expect(replayOne(nt3(['d dh p1 AsKs', 'd db 2cAs4c'])).error).toBe('hand.phh: action 2 "d db 2cAs4c": As was already dealt (p1)');
  });

  it('a board card the engine did not deal yet', () => {
    expect(replayOne(nt3(['d dh p1 AsKs', 'd db 2c3c4c'])).error).toBe(
      'hand.phh: action 2 "d db 2c3c4c": the engine has not dealt these board cards: it waits for p3 to act',
    );
  });
});

describe('replayPhhFiles', () => {
  it('fails a corrupted file naming the file and the action, and goes on with the next file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'felt-phh-'));
    try {
      const original = readFileSync(join(__dirname, '../../../../test/fixtures/phh/pluribus/30/0.phh'), 'utf8');
      // 'p5 cbr 225' is a legal raise over the big blind of 100; a raise to 150 is below the minimum of 200.
      expect(original).toContain("'p5 cbr 225'");
      writeFileSync(join(dir, 'a-corrupted.phh'), original.replace("'p5 cbr 225'", "'p5 cbr 150'"));
      writeFileSync(join(dir, 'b-intact.phh'), original);
      writeFileSync(join(dir, 'notes.txt'), 'not a hand history');
      const report = replayPhhFiles([dir]);
      expect(report.summary).toEqual({ hands: 2, matched: 1, mismatched: 0, failed: 1 });
      const [bad, good] = report.hands;
      expect(bad.file).toBe(join(dir, 'a-corrupted.phh'));
      expect(bad.status).toBe('failed');
      expect(bad.error).toBe(
        `${join(dir, 'a-corrupted.phh')}: action 9 "p5 cbr 150": the engine refuses Raise (RAISE_BELOW_MINIMUM): The raise must be to at least 200.`,
      );
      expect(good).toMatchObject({
        file: join(dir, 'b-intact.phh'),
        status: 'matched',
        finalStacks: [9950, 9900, 10000, 10000, 10150, 10000],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reports an unreadable TOML file as one failed entry', () => {
    const dir = mkdtempSync(join(tmpdir(), 'felt-phh-'));
    try {
      writeFileSync(join(dir, 'broken.phh'), 'variant = "NT"\nactions = [\n');
      const report = replayPhhFiles([dir]);
      expect(report.summary).toEqual({ hands: 1, matched: 0, mismatched: 0, failed: 1 });
      expect(report.hands[0].error).toMatch(/broken\.phh: not valid TOML \(line/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
