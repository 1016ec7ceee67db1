import { drbgShuffledDeck, tableDecider, type TableCommand, type TableState } from '@felt/engine';
import { engineCommandFor } from './engine-command';
import type { CommandRequest } from './command-request';

function table(): TableState {
  let s = tableDecider.initialState;
  const apply = (c: TableCommand) => {
    const d = tableDecider.decide(c, s);
    if (!d.ok) throw new Error(d.rejection.code);
    for (const e of d.events) s = tableDecider.evolve(s, e);
  };
  apply({ type: 'OpenTable', tableId: 't', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 } });
  for (let seat = 1; seat <= 3; seat++) apply({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 100 });
  return s;
}
const body = (command: object) => command as CommandRequest['command'];

describe('the house shuffle (engineCommandFor)', () => {
  it('deals a StartHand without cards from a fresh 256-bit CSPRNG seed with HMAC_DRBG, salted with 16 random bytes', () => {
    const commands = Array.from({ length: 20 }, () => engineCommandFor(body({ type: 'StartHand' }), table()));
    const seeds = new Set<string>();
    for (const built of commands) {
      expect(built).toMatchObject({ command: { type: 'StartHand', prng: 'hmac-drbg-sha256-fisher-yates', seed: expect.stringMatching(/^[0-9a-f]{64}$/), salt: expect.stringMatching(/^[0-9a-f]{32}$/) } });
      seeds.add((built as { command: { seed: string } }).command.seed);
    }
    expect(seeds.size).toBe(20);
  });

  it('draws for the button the same way (no longer refused)', () => {
    const state = table();
    const built = engineCommandFor(body({ type: 'DrawForButton' }), state) as { command: TableCommand & { seed: string } };
    expect(built.command).toMatchObject({ type: 'DrawForButton', prng: 'hmac-drbg-sha256-fisher-yates', seed: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const decision = tableDecider.decide(built.command, state);
    expect(decision.ok).toBe(true);
    if (!decision.ok) return;
    const drawn = drbgShuffledDeck(Buffer.from(built.command.seed, 'hex')).slice(0, 3);
    expect(decision.events[0]).toMatchObject({ type: 'ButtonDrawn', draws: [{ seat: 1, card: drawn[0] }, { seat: 2, card: drawn[1] }, { seat: 3, card: drawn[2] }] });
  });

  it('salts a StartHand whose deck or seed the request gives, and keeps that deck', () => {
    const built = engineCommandFor(body({ type: 'StartHand', seed: 42 }), table());
    expect(built).toEqual({ command: { type: 'StartHand', seed: 42, salt: expect.stringMatching(/^[0-9a-f]{32}$/) } });
  });
});
