/**
 * @felt/players — the player registry as pure deciders: players (pseudonymous ids, status, notes, house bans) and
 * imported exclusion lists, and the index the seat check reads. No clock, no randomness, no I/O, no personal data:
 * names and contact live in the API's erasable store (docs/players.md).
 */
export { playerDecider, decidePlayer, evolvePlayer, bansInForce, INITIAL_PLAYER_STATE, type PlayerState, type Ban } from './player-decider';
export { exclusionDecider, decideExclusions, evolveExclusions, INITIAL_EXCLUSION_LIST, type ExclusionListState } from './exclusion-decider';
export type { PlayerCommand, ExclusionCommand } from './commands';
export {
  type PlayerEvent,
  type ExclusionEvent,
  type ExclusionEntry,
  type PlayerStatus,
  type BanReason,
  PLAYER_STATUSES,
  BAN_REASONS,
  PLAYER_EVENT_TYPES,
  EXCLUSION_EVENT_TYPES,
  PLAYER_EVENT_SCHEMA_VERSION,
} from './events';
export { type PlayerRejection, type PlayerRejectionCode, PLAYER_REJECTION_CODES, playerRejection } from './rejections';
export {
  PLAYER_STREAM_PREFIX,
  PLAYER_STREAM_CATEGORY,
  EXCLUSION_STREAM_PREFIX,
  EXCLUSION_STREAM_CATEGORY,
  playerStreamIdOf,
  exclusionStreamIdOf,
  playerIdOf,
  listIdOf,
  toNewPlayerEvent,
  toRegistryEvent,
} from './streams';
// What the registry's read routes answer (the console reads the same types).
export type { PlayerNote, PlayerStanding, PlayerFound, PlayerPage, PlayerAlias } from './views';
export { RegistryIndex, DEALER_SENTENCE, type SeatRefusal, type ExclusionCause, type RegistryIndexJson } from './seat-check';

// Rated play: sessions per table and stake (from the session ledger), minutes per day, the export.
export { ratedSessions, dayReport, dayReportCsv, type RatedSession, type DayLine } from './sessions';
// The sessions feed a player-tracking system reads from the queue (published by the worker's relay).
export { sessionMarkOf, sessionMarkSchema, SESSION_FEED_QUEUE, SESSION_FEED, type SessionMark } from './session-feed';
