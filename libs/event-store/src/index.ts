// @felt/event-store: the only library that knows pg. Events are { type, schemaVersion, data (JSON) }; nothing here
// knows what they mean.
export type { Database, Queryable, QueryOptions, QueryResult, Row, Transaction } from './database';
export { PostgresDatabase, type PostgresDatabaseOptions } from './postgres-database';
export { PGliteDatabase, IN_MEMORY, type PGliteError } from './pglite-database';
export { openDatabase, type OpenDatabaseOptions } from './open-database';
export { migrateDatabase } from './migrate';
export { storeMigrations } from './migrations';
export type { MigrationClass, MigrationSql, SqlMigration } from './migration-class';
export { isDatabaseUnavailable } from './unavailable';

export {
  EventStore,
  APPEND_GROUP_COMMIT,
  type ReadStreamOptions,
  type ReadAllOptions,
  type StreamInfo,
  type TimeRangePage,
} from './event-store';
export type { PrefixedPage } from './gap-safe-read';
export type { CommandRecord, DanglingCommand, EventWithoutCommand } from './command-records';
export { GroupCommit, type BatchOutcome, type GroupCommitOptions } from './group-commit';
export { StreamCopyReader } from './stream-copy';
export { PagedStreamReader, type StreamEvent, type WholeStreamReader } from './whole-stream-reader';
export {
  CommandIdReusedError,
  streamCategory,
  type AppendOptions,
  type AppendRequest,
  type AppendResult,
  type ExpectedVersion,
  type VersionConflict,
} from './append';
export type { EventMetadata, NewEvent, RecordedEvent } from './event-types';
// One command against one stream (fold, decide, append at the expected version, idempotency, retry), for every stream kind.
export {
  StreamCommands,
  type StreamKind,
  type StreamDecision,
  type StreamCommandOutcome,
  type StreamCommandRequest,
  type FoldedStream,
} from './stream-commands';
export { StreamCommandHandler, type StreamHandlerConfig, type StreamOutcome, type DeciderResult } from './stream-command-handler';
export { JointAppend, type JointSlot, type Appended } from './joint-append';
export { StreamQueue } from './stream-queue';
export { START, positionOf, comparePositions, type Position } from './position';
export type { Snapshot } from './snapshots';

export { canonicalJson, toJsonValue, NotJsonError, type JsonValue } from './canonical-json';
export {
  GENESIS_HASH,
  CHAIN_START,
  canonicalEvent,
  computeEventHash,
  verifyEvents,
  type ChainHead,
  type ChainProblem,
  type ChainVerification,
  type HashedEventFields,
} from './event-hash';
export { eventIdFor } from './event-id';
export { SessionLock } from './session-lock';
export { AppendNotifications, APPEND_CHANNEL, type AppendNotificationsOptions } from './append-notifications';
