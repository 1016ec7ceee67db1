import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTableDecider, DEFAULT_MODULES, type AnyRuleModule } from '@felt/engine';
import { ohhExportFromEvents } from './ohh/export';
import { phhHandsFromEvents } from './phh/export';
import { parseTableScriptJson, runTableScript } from './index';

/**
 * The formats take a house option's words from its module (rule-module.ts `formats`), not from a list of their own:
 * the bomb pot's module given other words is written with them in the summary, PHH and OHH, and without its
 * `formats` the exports fall back to what they write of any forced bet.
 */
const bombPot = DEFAULT_MODULES.find((m) => m.name === 'bombPot')!;
const withFormats = (formats: AnyRuleModule['formats']) => DEFAULT_MODULES.map((m) => (m === bombPot ? { ...m, formats } : m));
const reworded = withFormats({
  forcedBets: {
    'bomb-pot': {
      name: 'the big ante',
      ohh: 'Post Big Ante',
      live: true,
      note: null,
      dealNote: { kind: 'big-ante', replaysDifferently: true, text: (ante) => `everyone antes ${ante}` },
    },
  },
});

function played(modules: readonly AnyRuleModule[]) {
  const parsed = parseTableScriptJson(readFileSync(join(__dirname, '../../../examples/bp-1-bomb-pot.json'), 'utf8'));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return runTableScript(parsed.script, createTableDecider(modules));
}

describe("a module's formats", () => {
  it("are the summary's, PHH's and OHH's words for its forced bet and its note", () => {
    const run = played(reworded);
    const posts = run.hands[0]!.actions.filter((a) => a.action === 'posts').map((a) => a.text);
    expect(posts).toEqual([
      'a posts the big ante 5',
      'b posts the big ante 5',
      'c posts the big ante 3 and is all-in',
      'd posts the big ante 5',
    ]);
    const [phh] = phhHandsFromEvents(run.events, undefined, reworded).hands;
    expect(phh!.notes).toEqual([{ kind: 'big-ante', text: 'everyone antes 5' }]);
    expect(phh!.blindsOrStraddles).toEqual([5, 3, 5, 5]);
    const [ohh] = ohhExportFromEvents(run.events, { modules: reworded }).hands;
    const preflop = ohh!.ohh.rounds.find((r) => r.street === 'Preflop')!;
    expect(preflop.actions.map((a) => a.action).filter((a) => a.startsWith('Post'))).toEqual(Array(4).fill('Post Big Ante'));
    // It says it replays differently, so OHH keeps it.
    expect(ohh!.ohh.felt_notes).toEqual([{ kind: 'big-ante', text: 'everyone antes 5' }]);
  });

  it('absent, leave the exports with what they write of any forced bet', () => {
    const bare = withFormats(undefined);
    const run = played(bare);
    expect(run.hands[0]!.actions.find((a) => a.action === 'posts')!.text).toBe('a posts a bomb-pot 5');
    const [phh] = phhHandsFromEvents(run.events, undefined, bare).hands;
    // A live forced bet of a kind PHH does not know: a blind, each noted as such, and no note on the hand.
    expect(phh!.blindsOrStraddles).toEqual([5, 3, 5, 5]);
    expect(phh!.notes.map((n) => n.kind)).toEqual(Array(4).fill('other-post'));
  });
});
