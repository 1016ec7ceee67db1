import { project } from './projection';
import { tableViews, publicTableViews } from './index';
import { fourHandedHand } from './scripted-table.test-support';

/** Every `holeCards` and `deck` anywhere in a value, with the `shown` of the record holding hole cards. */
function secretsIn(value: unknown, found: { holeCards: unknown[]; shown: boolean }[] = [], decks: unknown[][] = []) {
  if (Array.isArray(value)) value.forEach((v) => secretsIn(v, found, decks));
  else if (value !== null && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (Array.isArray(o.holeCards)) found.push({ holeCards: o.holeCards, shown: o.shown === true });
    if (Array.isArray(o.deck)) decks.push(o.deck);
    for (const v of Object.values(o)) secretsIn(v, found, decks);
  }
  return { found, decks };
}

describe('the stored table view of a hand with a correction chain', () => {
  it('holds no face-down hole card and no deck, in the chain of earlier hand states either', () => {
    const log = fourHandedHand('s1', 5);
    log.run('s1', { type: 'Call', seat: 4 });
    log.run('s1', { type: 'Call', seat: 1 });
    const view = project(tableViews, log.events);
    expect(view.tables.s1.engine.hand!.lastAction).not.toBeNull();
    const before = secretsIn(view.tables.s1.engine);
    expect(before.found.some((h) => h.holeCards.length > 0)).toBe(true); // the test sees cards where they are
    const stored = secretsIn(publicTableViews(view).tables.s1.engine);
    expect(stored.found.length).toBeGreaterThan(4); // the chain's hands were looked at too
    expect(stored.found.filter((h) => !h.shown && h.holeCards.length > 0)).toEqual([]);
    expect(stored.decks.filter((d) => d.length > 0)).toEqual([]);
  });
});
