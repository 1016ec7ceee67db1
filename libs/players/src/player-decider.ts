import type { Decider, Decision } from '@felt/engine';
import type { PlayerCommand } from './commands';
import type { BanReason, PlayerEvent, PlayerStatus } from './events';
import { playerRejection, type PlayerRejection } from './rejections';

export interface Ban {
  readonly banId: string;
  readonly reason: BanReason;
  readonly start: string;
  readonly end: string | null;
  readonly liftedAt: string | null;
}

/** One player as their stream makes them: no personal data, only what the seat check and the floor's page need. */
export interface PlayerState {
  readonly registered: boolean;
  readonly erased: boolean;
  readonly status: PlayerStatus;
  readonly matchKey: string | null;
  readonly personalDigest: string | null;
  readonly bans: readonly Ban[];
  readonly notes: number;
}

export const INITIAL_PLAYER_STATE: PlayerState = Object.freeze({
  registered: false,
  erased: false,
  status: 'active',
  matchKey: null,
  personalDigest: null,
  bans: Object.freeze([]) as readonly Ban[],
  notes: 0,
});

type PlayerDecision = Decision<PlayerEvent, PlayerRejection>;

const ok = (...events: PlayerEvent[]): PlayerDecision => ({ ok: true, events });
const no = (rejection: PlayerRejection): PlayerDecision => ({ ok: false, rejection });

/** A registered player whose record is still there, or the refusal. */
function mustBeOnRecord(state: PlayerState): PlayerRejection | null {
  if (!state.registered) return playerRejection('PLAYER_NOT_REGISTERED', 'There is no such player on the register.');
  if (state.erased)
    return playerRejection('PLAYER_ERASED', "This player's personal record was erased; register them again under a new id.");
  return null;
}

export function decidePlayer(command: PlayerCommand, state: PlayerState): PlayerDecision {
  const { at } = command;
  switch (command.type) {
    case 'RegisterPlayer':
      if (state.registered)
        return no(playerRejection('PLAYER_ALREADY_REGISTERED', `Player ${command.playerId} is already on the register.`));
      return ok({
        type: 'PlayerRegistered',
        at,
        playerId: command.playerId,
        personalDigest: command.personalDigest,
        matchKey: command.matchKey,
      });
    case 'ChangePlayerDetails': {
      const refused = mustBeOnRecord(state);
      if (refused) return no(refused);
      if (command.personalDigest === state.personalDigest && command.matchKey === state.matchKey) return ok();
      return ok({ type: 'PlayerDetailsChanged', at, personalDigest: command.personalDigest, matchKey: command.matchKey });
    }
    case 'SetPlayerStatus': {
      const refused = mustBeOnRecord(state);
      if (refused) return no(refused);
      return command.status === state.status ? ok() : ok({ type: 'PlayerStatusChanged', at, status: command.status });
    }
    case 'AddPlayerNote': {
      const refused = mustBeOnRecord(state);
      if (refused) return no(refused);
      return ok({ type: 'PlayerNoteAdded', at, noteId: command.noteId, personalDigest: command.personalDigest });
    }
    case 'BanPlayer':
      return decideBan(command, state);
    case 'LiftBan': {
      const ban = state.bans.find((b) => b.banId === command.banId);
      if (!ban) return no(playerRejection('BAN_NOT_FOUND', `This player has no ban ${command.banId}.`));
      if (ban.liftedAt !== null) return no(playerRejection('BAN_ALREADY_LIFTED', `Ban ${command.banId} was lifted at ${ban.liftedAt}.`));
      return ok({ type: 'PlayerBanLifted', at, banId: command.banId });
    }
    case 'ErasePlayer': {
      const refused = mustBeOnRecord(state);
      if (refused) return no(refused);
      return ok({ type: 'PlayerErased', at });
    }
  }
}

function decideBan(command: Extract<PlayerCommand, { type: 'BanPlayer' }>, state: PlayerState): PlayerDecision {
  // An erased player can still be barred: the ban names the pseudonymous id, which stays.
  if (!state.registered) return no(playerRejection('PLAYER_NOT_REGISTERED', 'There is no such player on the register.'));
  if (state.bans.some((b) => b.banId === command.banId))
    return no(playerRejection('BAN_EXISTS', `This player already has a ban ${command.banId}.`));
  if (command.end !== null && Date.parse(command.end) <= Date.parse(command.start))
    return no(playerRejection('BAN_ENDS_BEFORE_START', 'A ban must end after it starts.'));
  const { at, banId, reason, start, end } = command;
  return ok({ type: 'PlayerBanned', at, banId, reason, start, end });
}

export function evolvePlayer(state: PlayerState, event: PlayerEvent): PlayerState {
  switch (event.type) {
    case 'PlayerRegistered':
      return { ...state, registered: true, personalDigest: event.personalDigest, matchKey: event.matchKey };
    case 'PlayerDetailsChanged':
      return { ...state, personalDigest: event.personalDigest, matchKey: event.matchKey };
    case 'PlayerStatusChanged':
      return { ...state, status: event.status };
    case 'PlayerNoteAdded':
      return { ...state, notes: state.notes + 1, personalDigest: event.personalDigest };
    case 'PlayerBanned':
      return {
        ...state,
        bans: [...state.bans, { banId: event.banId, reason: event.reason, start: event.start, end: event.end, liftedAt: null }],
      };
    case 'PlayerBanLifted':
      return { ...state, bans: state.bans.map((b) => (b.banId === event.banId ? { ...b, liftedAt: event.at } : b)) };
    case 'PlayerErased':
      return { ...state, erased: true, personalDigest: null };
  }
}

/** The bans in force at `at`: started, not yet ended, not lifted. */
export function bansInForce(state: PlayerState, at: number): Ban[] {
  return state.bans.filter((b) => b.liftedAt === null && Date.parse(b.start) <= at && (b.end === null || at < Date.parse(b.end)));
}

export const playerDecider: Decider<PlayerCommand, PlayerState, PlayerEvent, PlayerRejection> = {
  initialState: INITIAL_PLAYER_STATE,
  decide: decidePlayer,
  evolve: evolvePlayer,
};
