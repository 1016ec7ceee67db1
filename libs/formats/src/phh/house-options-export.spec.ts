import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTableScriptJson, runTableScript } from '../index';
import { phhHandsFromEvents, toPhhText } from './export';
import { parsePhh } from './parse';
import { replayPhhText } from './files';

/**
 * The bomb pot and running it twice in PHH (docs/phh.md, docs/house-options.md "In the exports"): the examples'
 * hands exported, read back, and (run twice) imported again by `felt phh` to the same stacks. pokerkit's replay of
 * the same files is `npm run bench:pokerkit` (bench/pokerkit_replay.py selects the runs).
 */
const eventsOf = (file: string) => {
  const parsed = parseTableScriptJson(readFileSync(join(__dirname, '../../../../examples', file), 'utf8'));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return runTableScript(parsed.script).events;
};

describe('PHH export of the bomb pot and of a board run twice', () => {
  it('writes both runs in the order dealt, the second marked, with _felt_runs; the file imports again to the same stacks', () => {
    const phh = phhHandsFromEvents(eventsOf('rit-1-run-it-twice.json'));
    expect(phh.counts).toEqual({ 'run-it-twice': 1 });
    const [hand] = phh.hands;
    expect(hand!.actions.slice(-6)).toEqual(['p2 sm KsKd', 'p3 sm AsAd', 'd db 5s', 'd db 9c', 'd db Ah # run 2', 'd db Jc # run 2']);
    expect(hand!.finishingStacks).toEqual([99, 101, 200]);
    const text = toPhhText(phh.hands);
    expect(text).toContain('_felt_runs = 2');

    // Read back: the second run's boards are ordinary board deals (the comment is PHH commentary).
    const [read] = parsePhh(text, 'rit.phh');
    expect(
      read!.ok && read.hand.actions.filter((a) => a.kind === 'deal-board').map((a) => (a.kind === 'deal-board' ? a.cards.join('') : '')),
    ).toEqual(['Kc7d2h', '5s', '9c', 'Ah', 'Jc']);
    const [replayed] = replayPhhText(text, 'rit.phh');
    expect(replayed).toMatchObject({ status: 'matched', finalStacks: [99, 101, 200] });
    expect(replayed!.note).toMatch(/run twice/);
  });

  it('writes a bomb pot as a live blind from everyone and a free check each before the flop', () => {
    const phh = phhHandsFromEvents(eventsOf('bp-1-bomb-pot.json'));
    expect(phh.counts).toEqual({ 'bomb-pot': 1 });
    const [bomb, regular] = phh.hands;
    // Dealing order from the button's left: b, c (all in for 3), d, a.
    expect(bomb!.blindsOrStraddles).toEqual([5, 3, 5, 5]);
    expect(bomb!.antes).toEqual([0, 0, 0, 0]);
    expect(bomb!.actions.slice(4, 8)).toEqual(['p1 cc', 'p3 cc', 'p4 cc', 'd db 3c8d9h']);
    expect(bomb!.finishingStacks).toEqual([85, 12, 111, 95]);
    expect(bomb!.notes.map((n) => n.kind)).toEqual(['bomb-pot']);
    expect(regular!.notes).toEqual([]);
  });
});
