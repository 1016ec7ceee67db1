import { DRBG_PRNG, type TableEvent } from '@felt/engine';
import { phhHandsFromEvents, toPhhText } from './phh/export';
import { ohhHandsFromEvents } from './ohh/export';
import { parseTableScriptJson, runTableScript, type TableScriptRun } from './table-script';

/**
 * The deck source rule in table scripts and exports (docs/security.md "Insiders", row 1): a training table's hands
 * are labelled in PHH (`_felt_deck_source`, a `training` note) and OHH (`felt_deck_source`); a house table's script
 * is dealt from the house derivation and refuses chosen cards; a script without the rule runs as it always did.
 */
function run(deckSource: string | undefined, start: Record<string, unknown>, extra: Record<string, unknown>[] = []): TableScriptRun {
  const script = {
    name: `deck source ${String(deckSource)}`,
    rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 3, ...(deckSource ? { deckSource } : {}) },
    players: [1, 2, 3].map((seat) => ({ seat, playerId: `p${seat}`, stack: 100 })),
    button: 1,
    commands: [
      ...extra,
      { type: 'StartHand', ...start },
      { type: 'PostBlind', seat: 2 },
      { type: 'PostBlind', seat: 3 },
      { type: 'Fold', seat: 1 },
      { type: 'Fold', seat: 2 },
    ],
  };
  const parsed = parseTableScriptJson(JSON.stringify(script));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return runTableScript(parsed.script);
}

const started = (events: readonly TableEvent[]) =>
  events.find((e): e is Extract<TableEvent, { type: 'HandStarted' }> => e.type === 'HandStarted')!;

describe('deck sources in table scripts and exports', () => {
  it("labels a training table's hand in HandStarted, PHH and OHH", () => {
    const played = run('training', { holeCards: { 1: 'AsAh' } });
    expect(played.ok).toBe(true);
    expect(started(played.events).deckSource).toBe('training');
    const [hand] = phhHandsFromEvents(played.events).hands;
    expect(hand!.notes.map((n) => n.kind)).toEqual(['training']);
    expect(toPhhText([hand!])).toContain('_felt_deck_source = "training"');
    expect(ohhHandsFromEvents(played.events)[0]!.ohh.felt_deck_source).toBe('training');
  });

  it('deals a house table from the house derivation (a seed made from the script number) and refuses chosen cards', () => {
    const played = run('house', {});
    expect(played.ok).toBe(true);
    expect(started(played.events)).toMatchObject({ deckSource: 'house', shuffle: { kind: 'seeded', prng: DRBG_PRNG } });
    expect(run('house', {}).events).toEqual(played.events);
    const [hand] = phhHandsFromEvents(played.events).hands;
    expect(hand!.notes).toEqual([]);
    expect(toPhhText([hand!])).toContain('_felt_deck_source = "house"');
    const chosen = run('house', { holeCards: { 1: 'AsAh' }, expectRejection: { code: 'DECK_SOURCE_HOUSE' } });
    expect(chosen.rejections[0]).toMatchObject({ code: 'DECK_SOURCE_HOUSE' });
  });

  it('runs a script without a deck source as before: no label anywhere', () => {
    const played = run(undefined, { seed: 3 });
    expect('deckSource' in started(played.events)).toBe(false);
    expect(toPhhText(phhHandsFromEvents(played.events).hands)).not.toContain('_felt_deck_source');
    expect(ohhHandsFromEvents(played.events)[0]!.ohh).not.toHaveProperty('felt_deck_source');
  });
});
