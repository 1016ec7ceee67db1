import type { PlayerCommand } from './commands';
import type { PlayerEvent } from './events';
import { bansInForce, playerDecider } from './player-decider';

/** given these events, when this command, then these events (or this refusal code). */
function given(events: PlayerEvent[]) {
  const state = events.reduce(playerDecider.evolve, playerDecider.initialState);
  return {
    state,
    when: (command: PlayerCommand) => playerDecider.decide(command, state),
  };
}

const at = '2026-12-06T20:00:00.000Z';
const actor = 'floor-1';
const registered: PlayerEvent = { type: 'PlayerRegistered', at, playerId: 'C100', personalDigest: 'd1', matchKey: 'k1' };
const banned: PlayerEvent = { type: 'PlayerBanned', at, banId: 'b1', reason: 'conduct', start: at, end: '2026-12-13T20:00:00.000Z' };

describe('the player decider', () => {
  it('registers a player once, with a digest and a match key and no personal data', () => {
    const command: PlayerCommand = { type: 'RegisterPlayer', at, actor, playerId: 'C100', personalDigest: 'd1', matchKey: 'k1' };
    expect(given([]).when(command)).toEqual({ ok: true, events: [registered] });
    expect(given([registered]).when(command)).toMatchObject({ ok: false, rejection: { code: 'PLAYER_ALREADY_REGISTERED' } });
  });

  it('refuses changes, notes and erasure of a player not on the register', () => {
    for (const command of [
      { type: 'ChangePlayerDetails', at, actor, personalDigest: 'd2', matchKey: null },
      { type: 'SetPlayerStatus', at, actor, status: 'inactive' },
      { type: 'AddPlayerNote', at, actor, noteId: 'n1', personalDigest: 'd2' },
      { type: 'ErasePlayer', at, actor },
      { type: 'BanPlayer', at, actor, banId: 'b1', reason: 'conduct', start: at, end: null },
    ] as PlayerCommand[])
      expect(given([]).when(command)).toMatchObject({ ok: false, rejection: { code: 'PLAYER_NOT_REGISTERED' } });
  });

  it('records details, status and notes, and treats a status set twice as nothing to record', () => {
    const g = given([registered]);
    expect(g.when({ type: 'SetPlayerStatus', at, actor, status: 'active' })).toEqual({ ok: true, events: [] });
    expect(g.when({ type: 'ChangePlayerDetails', at, actor, personalDigest: 'd1', matchKey: 'k1' })).toEqual({ ok: true, events: [] });
    expect(g.when({ type: 'AddPlayerNote', at, actor, noteId: 'n1', personalDigest: 'd3' })).toEqual({
      ok: true,
      events: [{ type: 'PlayerNoteAdded', at, noteId: 'n1', personalDigest: 'd3' }],
    });
  });

  it('bans with a reason, a start and an end; refuses an end before the start and a ban id twice', () => {
    const g = given([registered]);
    expect(g.when({ type: 'BanPlayer', at, actor, banId: 'b1', reason: 'conduct', start: at, end: '2026-12-13T20:00:00.000Z' })).toEqual({
      ok: true,
      events: [banned],
    });
    expect(g.when({ type: 'BanPlayer', at, actor, banId: 'b1', reason: 'conduct', start: at, end: at })).toMatchObject({
      ok: false,
      rejection: { code: 'BAN_ENDS_BEFORE_START' },
    });
    expect(
      given([registered, banned]).when({ type: 'BanPlayer', at, actor, banId: 'b1', reason: 'other', start: at, end: null }),
    ).toMatchObject({
      ok: false,
      rejection: { code: 'BAN_EXISTS' },
    });
  });

  it('keeps a ban in force from its start until its end or its lifting', () => {
    const { state } = given([registered, banned]);
    expect(bansInForce(state, Date.parse(at) - 1)).toEqual([]);
    expect(bansInForce(state, Date.parse(at))).toHaveLength(1);
    expect(bansInForce(state, Date.parse('2026-12-13T19:59:59.999Z'))).toHaveLength(1);
    expect(bansInForce(state, Date.parse('2026-12-13T20:00:00.000Z'))).toEqual([]);
    const lifted = given([registered, banned, { type: 'PlayerBanLifted', at, banId: 'b1' }]);
    expect(bansInForce(lifted.state, Date.parse(at))).toEqual([]);
    expect(lifted.when({ type: 'LiftBan', at, actor, banId: 'b1' })).toMatchObject({
      ok: false,
      rejection: { code: 'BAN_ALREADY_LIFTED' },
    });
    expect(lifted.when({ type: 'LiftBan', at, actor, banId: 'b9' })).toMatchObject({ ok: false, rejection: { code: 'BAN_NOT_FOUND' } });
  });

  it('erases the personal record but keeps the id and its bans: an erased player can still be barred', () => {
    const erased = given([registered, banned, { type: 'PlayerErased', at }]);
    expect(erased.state).toMatchObject({ erased: true, personalDigest: null, bans: [{ banId: 'b1' }] });
    expect(erased.when({ type: 'ErasePlayer', at, actor })).toMatchObject({ ok: false, rejection: { code: 'PLAYER_ERASED' } });
    expect(erased.when({ type: 'AddPlayerNote', at, actor, noteId: 'n', personalDigest: 'x' })).toMatchObject({
      ok: false,
      rejection: { code: 'PLAYER_ERASED' },
    });
    expect(erased.when({ type: 'BanPlayer', at, actor, banId: 'b2', reason: 'cheating', start: at, end: null })).toMatchObject({
      ok: true,
    });
  });
});
