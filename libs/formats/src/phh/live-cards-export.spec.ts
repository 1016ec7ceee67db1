import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePhh } from './parse';
import { replayPhhHand } from './replay';
import { phhHandsFromEvents, toPhhText } from './export';
import { ohhHandsFromEvents } from '../ohh/export';
import { parseTableScriptJson, runTableScript } from '../table-script';

/**
 * Hands of live-cards tables (examples/live-*.json) exported: unknown hole cards are PHH's `????` and OHH's missing
 * cards; a reader's record and a shown hand are the player's cards; the PHH imports and replays to the same stacks.
 */
const script = (name: string) => {
  const parsed = parseTableScriptJson(readFileSync(join(__dirname, '../../../../examples', name), 'utf8'));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const run = runTableScript(parsed.script);
  if (!run.ok) throw new Error(`${name} does not run`);
  return run.events;
};

describe('PHH and OHH export of live-cards hands', () => {
  it('writes unknown hole cards as ???? and the shown ones at the showdown, and the export replays to the same stacks', () => {
    const [hand] = phhHandsFromEvents(script('live-1-showdown-entered-cards.json')).hands;
    // p1 is left of the button: sb (seat 2), bb (seat 3), then the button (seat 1).
    expect(hand!.actions.filter((a) => a.startsWith('d dh'))).toEqual(['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????']);
    expect(hand!.actions).toContain('p3 sm QhJs');
    expect(hand!.actions).toContain('p2 sm');
    const [entry] = parsePhh(toPhhText([hand!]), 'live-1.phh');
    if (!entry?.ok) throw new Error('the export does not parse');
    expect(replayPhhHand(entry.hand)).toMatchObject({ status: 'matched', finalStacks: [990, 920, 1090] });
  });

  it("puts a reader's record in the deal's line, and replays an all-in runout", () => {
    const [hand] = phhHandsFromEvents(script('live-3-all-in-runout.json')).hands;
    expect(hand!.actions.filter((a) => a.startsWith('d dh'))).toEqual(['d dh p1 ????', 'd dh p2 QsQh', 'd dh p3 ????']);
    const [entry] = parsePhh(toPhhText([hand!]), 'live-3.phh');
    if (!entry?.ok) throw new Error('the export does not parse');
    expect(replayPhhHand(entry.hand)).toMatchObject({ status: 'matched', finalStacks: [600, 700, 1000] });
  });

  it('leaves unknown cards out of OHH and gives the shown and reported ones', () => {
    const [live1] = ohhHandsFromEvents(script('live-1-showdown-entered-cards.json'));
    const cardsBySeat = Object.fromEntries(live1!.ohh.players.map((p) => [p.seat, p.cards ?? null]));
    expect(cardsBySeat).toEqual({ 1: ['Qh', 'Js'], 2: null, 3: null });
    const [live3] = ohhHandsFromEvents(script('live-3-all-in-runout.json'));
    expect(Object.fromEntries(live3!.ohh.players.map((p) => [p.seat, p.cards ?? null]))).toEqual({
      1: null,
      2: ['Ac', '3d'],
      3: ['Qs', 'Qh'],
    });
  });
});
