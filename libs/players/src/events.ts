/**
 * What the player registry records. Personal data (name, alias, contact, birth date, note texts) is never in an
 * event: it lives in an erasable store, and an event carries only the pseudonymous player id and a salted digest of
 * the record as it was (docs/players.md "Erasure"). Ban reasons are a category, not free text, for the same reason.
 */
export const PLAYER_EVENT_SCHEMA_VERSION = 1;

export const PLAYER_STATUSES = ['active', 'inactive'] as const;
export type PlayerStatus = (typeof PLAYER_STATUSES)[number];

/** Why the house bars a player: a category (the floor's own words go in a note, which can be erased). */
export const BAN_REASONS = ['conduct', 'cheating', 'collusion', 'minor', 'self-exclusion', 'credit', 'other'] as const;
export type BanReason = (typeof BAN_REASONS)[number];

export type PlayerEvent =
  | {
      readonly type: 'PlayerRegistered';
      readonly at: string;
      readonly playerId: string;
      /** SHA-256 over the personal record and its salt (both in the erasable store). */
      readonly personalDigest: string;
      /** HMAC of the player's identity (name and birth date) under the house's key, for state lists; null without one. */
      readonly matchKey: string | null;
    }
  | { readonly type: 'PlayerDetailsChanged'; readonly at: string; readonly personalDigest: string; readonly matchKey: string | null }
  | { readonly type: 'PlayerStatusChanged'; readonly at: string; readonly status: PlayerStatus }
  | { readonly type: 'PlayerNoteAdded'; readonly at: string; readonly noteId: string; readonly personalDigest: string }
  | {
      readonly type: 'PlayerBanned';
      readonly at: string;
      readonly banId: string;
      readonly reason: BanReason;
      readonly start: string;
      /** null: until lifted. */
      readonly end: string | null;
    }
  | { readonly type: 'PlayerBanLifted'; readonly at: string; readonly banId: string }
  /** The personal record was deleted; the pseudonymous id, its bans and its sessions stay. */
  | { readonly type: 'PlayerErased'; readonly at: string };

/** One entry of an imported exclusion list: the list's own id for it and who it names. */
export interface ExclusionEntry {
  readonly entryId: string;
  /** The casino's card number, when the list gives one. */
  readonly playerId: string | null;
  /** The identity's HMAC (as PlayerRegistered.matchKey), when the list gives a name and birth date. */
  readonly matchKey: string | null;
}

export type ExclusionEvent =
  | { readonly type: 'ExclusionEntriesAdded'; readonly at: string; readonly source: string; readonly entries: readonly ExclusionEntry[] }
  /** One floor supervisor asked for an entry to be lifted: nothing changes until another approves. */
  | { readonly type: 'ExclusionLiftRequested'; readonly at: string; readonly entryId: string; readonly requestedBy: string }
  | {
      readonly type: 'ExclusionEntryLifted';
      readonly at: string;
      readonly entryId: string;
      readonly requestedBy: string;
      readonly approvedBy: string;
    };

export const PLAYER_EVENT_TYPES = [
  'PlayerRegistered',
  'PlayerDetailsChanged',
  'PlayerStatusChanged',
  'PlayerNoteAdded',
  'PlayerBanned',
  'PlayerBanLifted',
  'PlayerErased',
] as const satisfies readonly PlayerEvent['type'][];

export const EXCLUSION_EVENT_TYPES = [
  'ExclusionEntriesAdded',
  'ExclusionLiftRequested',
  'ExclusionEntryLifted',
] as const satisfies readonly ExclusionEvent['type'][];
