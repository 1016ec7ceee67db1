import { randomBytes } from 'node:crypto';
import { mulberry32, randomLegalCommand, standingActions, tableDecider, type TableCommand, type TableState } from '@felt/engine';
import { canonicalJson } from '@felt/event-store';
import { DeckSeal } from './deck-seal';
import { decodeSnapshot, encodeSnapshot } from './table-snapshots';
import { expectToEqual } from '../../../../test/loop-assertions';

const seal = new DeckSeal(randomBytes(32));

/** Plays random legal hands and yields the state after every command. */
function* randomStates(seed: number, commands: number): Generator<TableState> {
  const random = mulberry32(seed);
  let state = tableDecider.initialState;
  const apply = (command: TableCommand) => {
    const decision = tableDecider.decide(command, state);
    if (!decision.ok) throw new Error(`${command.type}: ${decision.rejection.code}`);
    for (const event of decision.events) state = tableDecider.evolve(state, event);
  };
  apply({
    type: 'OpenTable',
    tableId: 't',
    rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6, houseOptions: { rake: true, straddle: true } },
  });
  for (let seat = 1; seat <= 6; seat++) apply({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 100 + seat * 20 });
  apply({ type: 'PlaceButton', seat: 1 });
  for (let i = 0; i < commands; i++) {
    for (const s of state.seats)
      if (s && s.stack < 2 && !(state.hand && state.hand.phase !== 'complete')) apply({ type: 'AddChips', seat: s.seat, amount: 200 });
    apply(randomLegalCommand(state, random) ?? { type: 'StartHand', seed: Math.floor(random() * 2 ** 32) });
    yield state;
  }
}

describe('table snapshots', () => {
  it('round-trip through the store (canonical JSON) to a state that decides exactly as the original', () => {
    const probe = mulberry32(99);
    let compared = 0;
    let corrections = 0;
    for (const state of randomStates(7, 1500)) {
      const stored = JSON.parse(canonicalJson(encodeSnapshot(state, seal, 'table-t')));
      const restored = decodeSnapshot(stored, seal, 'table-t');
      expect(restored).not.toBeNull();
      // Same legal command, same events, from both states (decide reads every part of the state that matters).
      const seed = probe();
      const command = randomLegalCommand(state, mulberry32(Math.floor(seed * 2 ** 32))) ?? { type: 'StartHand' as const, seed: 1 };
      expectToEqual(tableDecider.decide(command, restored!), tableDecider.decide(command, state));
      // A correction too: the chain of earlier hand states survives the store (a table restarted mid-hand can still correct).
      const standing = state.hand && state.hand.phase !== 'complete' ? standingActions(state.hand).length : 0;
      if (standing > 0) {
        const correction = { type: 'CorrectAction' as const, action: 1 + Math.floor(seed * standing), reason: 'restart' };
        expectToEqual(tableDecider.decide(correction, restored!), tableDecider.decide(correction, state));
        corrections++;
      }
      compared++;
    }
    expect(compared).toBe(1500);
    expect(corrections).toBeGreaterThan(100);
  });

  it('ignores a snapshot written in another format', () => {
    const state = tableDecider.initialState;
    expect(decodeSnapshot({ format: 'felt.table-state.v1', eventSchemaVersion: 1, state }, seal, 'table-t')).toBeNull();
    expect(decodeSnapshot(null, seal, 'table-t')).toBeNull();
    expect(decodeSnapshot(encodeSnapshot(state, seal, 'table-t'), seal, 'table-t')).toEqual(state);
  });

  it('stores a table with a hand sealed: the row shows no card of its deck, and opens only for its own table', () => {
    let during: TableState | undefined;
    for (const state of randomStates(3, 40))
      if (state.hand && state.hand.phase !== 'complete' && state.hand.deck.length === 52) during = state;
    expect(during).toBeDefined();
    const row = canonicalJson(encodeSnapshot(during!, seal, 'table-t'));
    expect(row).not.toContain('"deck"');
    expect(row).not.toContain('"seed"');
    expect(row).not.toContain(JSON.stringify(during!.hand!.deck.slice(0, 5)).slice(1, -1));
    expect(decodeSnapshot(JSON.parse(row), seal, 'table-t')).toEqual(JSON.parse(JSON.stringify(during)));
    expect(() => decodeSnapshot(JSON.parse(row), seal, 'table-u')).toThrow();
    expect(() => decodeSnapshot(JSON.parse(row), new DeckSeal(randomBytes(32)), 'table-t')).toThrow(/sealed under key/);
  });
});
