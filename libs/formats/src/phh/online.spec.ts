import { join, relative } from 'node:path';
import { tableDecider, type TableCommand, type TableEvent } from '@felt/engine';
import { parsePhh, replayPhhFiles, replayPhhHand, replayPhhText } from '../index';
import { phhHandsFromEvents, toPhhText } from './export';
import { readFileSync } from 'node:fs';

/**
 * Online-shaped PHH hands written for issue 23 (test/fixtures/phh-online): decimal stakes, unknown hole cards
 * (????), winnings short by a rake, and players who post to come in (negative blinds_or_straddles entries), which
 * replay as the engine's new player's post.
 */
const root = join(__dirname, '../../../../test/fixtures/phh-online');
const report = replayPhhFiles([root]);
const byName = (name: string) => report.hands.find((h) => relative(root, h.file) === name)!;

function eventsOf(commands: readonly TableCommand[]): TableEvent[] {
  let state = tableDecider.initialState;
  const events: TableEvent[] = [];
  for (const c of commands) {
    const d = tableDecider.decide(c, state);
    if (!d.ok) throw new Error(`${c.type} refused: ${d.rejection.code}`);
    for (const e of d.events) {
      state = tableDecider.evolve(state, e);
      events.push(e);
    }
  }
  return events;
}

describe('online-shaped PHH hands (posts, decimals, ????, rake)', () => {
  it('matches every hand: none mismatched, none failed', () => {
    expect(report.hands.map((h) => [relative(root, h.file), h.status, h.error ?? ''])).toEqual(
      report.hands.map((h) => [relative(root, h.file), 'matched', '']),
    );
    expect(report.summary).toEqual({ hands: 9, matched: 9, mismatched: 0, failed: 0 });
  });

  it('takes a negative entry as the new player’s live post: p4 checks for it and loses it when p2 wins', () => {
    const h = byName('post-checks-option.phh');
    // p2 collects the four 0.25s less the 0.05 rake; p4 put in only the post.
    expect(h.finalWinnings).toEqual([0, 1, 0, 0, 0, 0]);
    expect(h.expectedWinnings).toEqual([0, 0.95, 0, 0, 0, 0]);
    expect(h.finalStacks).toEqual([24.6 - 0.25, 25.75, 31.15, 9.75, 18.4, 24.75]);
    expect(h.note).toMatch(/^rake: the file's winnings are 0.05 short of the pots of 1 \(5%\)/);
  });

  it('posts through the engine: HandStarted asks p4 for a new-player post of the big blind', () => {
    const text = readFileSync(join(root, 'post-checks-option.phh'), 'utf8');
    const [entry] = parsePhh(text, 'post');
    if (!entry?.ok) throw new Error('does not parse');
    expect(entry.hand.blindsOrStraddles).toEqual([10, 25, 0, -25, 0, 0]);
    const commands: TableCommand[] = [];
    replayPhhHand(entry.hand, { commands });
    expect(commands).toContainEqual({ type: 'SeatPlayer', seat: 4, playerId: 'p4', buyIn: 1000, postToEnter: true });
    const events = eventsOf(commands);
    const started = events.filter((e): e is Extract<TableEvent, { type: 'HandStarted' }> => e.type === 'HandStarted');
    // The setup hand (the others, blinds chopped) and the file's hand.
    expect(started).toHaveLength(2);
    expect(started[1]!.forcedBets).toContainEqual({ seat: 4, kind: 'new-player', amount: 25, live: true });
    expect(events).toContainEqual({ type: 'BlindPosted', seat: 4, kind: 'new-player', amount: 25, live: true, allIn: false });
  });

  it('round-trips: the export writes the post back as a negative entry and replays to the same stacks', () => {
    for (const name of [
      'post-checks-option.phh',
      'post-raised-pot-showdown.phh',
      'two-posts-walk.phh',
      'post-with-antes-straddle.phh',
      'post-on-button-raises.phh',
      'post-in-small-blind.phh',
      'short-post-all-in.phh',
      'post-option-reraise.phh',
    ]) {
      const [entry] = parsePhh(readFileSync(join(root, name), 'utf8'), name);
      if (!entry?.ok) throw new Error('does not parse');
      const commands: TableCommand[] = [];
      const first = replayPhhHand(entry.hand, { commands });
      const exported = phhHandsFromEvents(eventsOf(commands));
      // The setup hand is left out (chopped); a post on the button needs a second setup hand, a walk, exported as is.
      expect(exported.hands).toHaveLength(name === 'post-on-button-raises.phh' ? 2 : 1);
      const hand = exported.hands.at(-1)!;
      expect(hand.blindsOrStraddles.filter((b) => b < 0)).toEqual(entry.hand.blindsOrStraddles.filter((b) => b < 0));
      const [again] = replayPhhText(toPhhText([hand]), `${name} (exported)`);
      expect([name, again!.status, again!.error]).toEqual([name, 'matched', undefined]);
      expect(again!.finalStacks).toEqual(first.finalStacks!.map((s) => Math.round(s * entry.hand.scale)));
    }
  });

  it('takes a post beside antes and a straddle: exact final stacks, no note', () => {
    const h = byName('post-with-antes-straddle.phh');
    expect(h.finalStacks).toEqual(h.expectedStacks);
    expect(h.note).toBeUndefined();
  });

  it('takes a post on the button: the poster acts in turn, last before the blinds, with the house letting them in there', () => {
    const [entry] = parsePhh(readFileSync(join(root, 'post-on-button-raises.phh'), 'utf8'), 'button');
    if (!entry?.ok) throw new Error('does not parse');
    const commands: TableCommand[] = [];
    const result = replayPhhHand(entry.hand, { commands });
    expect(result.status).toBe('matched');
    expect(commands).toContainEqual({ type: 'SeatPlayer', seat: 6, playerId: 'p6', buyIn: 500, postToEnter: true });
    const rules = commands.filter((c): c is Extract<TableCommand, { type: 'ChangeRules' }> => c.type === 'ChangeRules');
    expect(rules.at(-1)!.rules.missedBlinds).toEqual({ allowEntryBetweenBlindsAndButton: true });
    const started = eventsOf(commands)
      .filter((e): e is Extract<TableEvent, { type: 'HandStarted' }> => e.type === 'HandStarted')
      .at(-1)!;
    expect(started).toMatchObject({ button: 6, smallBlindSeat: 1, bigBlindSeat: 2 });
    expect(started.forcedBets).toContainEqual({ seat: 6, kind: 'new-player', amount: 10, live: true });
  });

  it('takes a negative small blind entry as a new player in the small blind seat: the small blind is dead, p1 posts the big blind live', () => {
    const [entry] = parsePhh(readFileSync(join(root, 'post-in-small-blind.phh'), 'utf8'), 'sb');
    if (!entry?.ok) throw new Error('does not parse');
    const commands: TableCommand[] = [];
    expect(replayPhhHand(entry.hand, { commands }).status).toBe('matched');
    const started = eventsOf(commands)
      .filter((e): e is Extract<TableEvent, { type: 'HandStarted' }> => e.type === 'HandStarted')
      .at(-1)!;
    expect(started).toMatchObject({ button: 5, smallBlindSeat: null, bigBlindSeat: 2 });
    expect(started.forcedBets).toEqual([
      { seat: 2, kind: 'big-blind', amount: 50, live: true },
      { seat: 1, kind: 'new-player', amount: 50, live: true },
    ]);
  });

  it('takes a short stack’s post of all its chips (0.6, in tenths: 6) as the new player’s post, all in', () => {
    const h = byName('short-post-all-in.phh');
    expect(h.finalStacks).toEqual([99.5, 82.5, 120, 2.3, 101.8, 64]);
    const [entry] = parsePhh(readFileSync(join(root, 'short-post-all-in.phh'), 'utf8'), 'short');
    if (!entry?.ok) throw new Error('does not parse');
    const commands: TableCommand[] = [];
    replayPhhHand(entry.hand, { commands });
    expect(eventsOf(commands)).toContainEqual({ type: 'BlindPosted', seat: 4, kind: 'new-player', amount: 6, live: true, allIn: true });
  });

  it('reports a post the engine has no forced bet for as mismatched, with the reason (the file is well formed)', () => {
    const text = readFileSync(join(root, 'post-checks-option.phh'), 'utf8').replace(
      '[0.1, 0.25, 0, -0.25, 0, 0]',
      '[0.1, 0.25, 0, -0.1, 0, 0]',
    );
    const [r] = replayPhhText(text, 'dead-post');
    expect(r).toMatchObject({ status: 'mismatched', finalStacks: null });
    expect(r!.error).toMatch(/p4 posts 0.1 to come in .*the engine's new player's post is the big blind \(0.25\)/);
  });
});
