/**
 * @felt/regulator — what a regulator runs against the event log: verify (hash chain, version continuity, the rules
 * re-derived with the engine, chip conservation), the JSONL export that re-verifies offline, and a table's log as
 * JSONL, PHH or OHH.
 */
export { type Violation, type ViolationKind, formatViolation } from './violations';
export { ChainChecker } from './chain-checker';
export { StreamVerifier, type StreamVerifierOptions, type HandAt } from './stream-verifier';
export { deviceRegistry, deckSourceProblem, type DeviceRegistry, type RegisteredDevice } from './card-source-check';
export { commandForEvents } from './command-for-events';
export { jsonEqual } from './json-equal';
export {
  verifyStore,
  verifyEvents,
  type VerifyReport,
  type StreamHead,
  type StreamHand,
  type VerifyStoreOptions,
  type VerifyEventsOptions,
} from './verify-log';
export { toJsonlLine, readJsonl, byStream, type JsonlRead } from './jsonl';
export { exportTable, EXPORT_FORMATS, type ExportFormat, type TableExport } from './table-export';
export { tableStreamId, tableEventOf, newEventOf, TABLE_STREAM_PREFIX, TABLE_CATEGORY } from './table-stream';
export { randomTableLog, TableRecorder, type RandomTableOptions } from './random-table-log';
export { appendTableLog } from './append-table-log';
export { TournamentReplay, tournamentCommandFor } from './tournament-replay';
export { BookReplay, tableHandRecords } from './book-replay';
export { fastEventHash } from './event-hash-fast';
export { verifyStoreInWorkers, verifyWorkerFile, type VerifyInWorkersOptions } from './verify-in-workers';
export {
  takeAnchors,
  signAnchors,
  openSignedAnchors,
  newAnchorKeyPair,
  checkAnchors,
  storeHashAt,
  eventsHashAt,
  ANCHORS_FORMAT,
  type AnchorSet,
  type StreamAnchor,
  type SignedAnchors,
  type HashAt,
} from './anchors';
export { checkCommands } from './commands-check';
export {
  readStaffRoster,
  rosterJsonlLine,
  staffAt,
  staffHistories,
  ROSTER_NOTE,
  type StaffRoster,
  type StaffMember,
  type StaffAtTime,
} from './staff-roster';
export { checkStaff } from './staff-check';
export {
  AUDIT_CATEGORY,
  AUDIT_STREAM_PREFIX,
  auditStreamIdFor,
  isAuditStream,
  newAuditEvent,
  auditEventOf,
  applyAuditEvent,
  emptyStaffRecord,
  assignmentKey,
  auditOrder,
  readAuditLog,
  type AuditEvent,
  type AuditEventType,
  type AuditActor,
  type SignInFailure,
  type StaffState,
  type StaffRecord,
} from './audit-stream';
export {
  sealValue,
  openValue,
  sealKeyId,
  holeCardsKey,
  sealHoleCardsData,
  openHoleCardsData,
  isSealedHoleCards,
  revealedHandKeys,
  withHoleCardsRevealed,
  openedWithSealKey,
  HOLE_CARDS_REVEALED,
  SEAL_ALGORITHM,
  type SealedEnvelope,
} from './hole-card-seal';
export { pushAnchors, startAnchorReceiver, readAnchorSets } from './anchor-push';
export { loadHouseRules } from './house-rules';
