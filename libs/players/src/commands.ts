import type { BanReason, ExclusionEntry, PlayerStatus } from './events';

/**
 * Commands to one player's stream. Time (`at`) and who sends it (`actor`, a staff user id) come in on every
 * command: the library reads no clock. Digests and match keys are made by the caller, which holds the personal
 * record and the house's key.
 */
export type PlayerCommand =
  | {
      readonly type: 'RegisterPlayer';
      readonly at: string;
      readonly actor: string;
      readonly playerId: string;
      readonly personalDigest: string;
      readonly matchKey: string | null;
    }
  | {
      readonly type: 'ChangePlayerDetails';
      readonly at: string;
      readonly actor: string;
      readonly personalDigest: string;
      readonly matchKey: string | null;
    }
  | { readonly type: 'SetPlayerStatus'; readonly at: string; readonly actor: string; readonly status: PlayerStatus }
  | {
      readonly type: 'AddPlayerNote';
      readonly at: string;
      readonly actor: string;
      readonly noteId: string;
      readonly personalDigest: string;
    }
  | {
      readonly type: 'BanPlayer';
      readonly at: string;
      readonly actor: string;
      readonly banId: string;
      readonly reason: BanReason;
      readonly start: string;
      readonly end: string | null;
    }
  | { readonly type: 'LiftBan'; readonly at: string; readonly actor: string; readonly banId: string }
  | { readonly type: 'ErasePlayer'; readonly at: string; readonly actor: string };

/** Commands to one exclusion list's stream (a state's list, a partner's, the house's self-exclusions). */
export type ExclusionCommand =
  | {
      readonly type: 'ImportExclusions';
      readonly at: string;
      readonly actor: string;
      /** Where the file came from (e.g. "state-gaming-board 2026-12-01"). */
      readonly source: string;
      readonly entries: readonly ExclusionEntry[];
    }
  | { readonly type: 'RequestExclusionLift'; readonly at: string; readonly actor: string; readonly entryId: string }
  | { readonly type: 'ApproveExclusionLift'; readonly at: string; readonly actor: string; readonly entryId: string };
