import { Command } from '@nestjs/cqrs';
import type { Rejection } from '@felt/engine';
import type { SenderRefusal } from './engine-command';
import type { JointSlot, RecordedEvent } from '@felt/event-store';
import type { CommandRequest } from './command-envelope';
import type { FoldedTable } from './table-state-cache';

/** The CommandBus message: one validated table command with its envelope. */
export class ApplyTableCommand extends Command<ApplyOutcome> {
  constructor(readonly request: CommandRequest) {
    super();
  }
}

/**
 * Several commands for one table applied in one round trip, in order (a tournament's leaves and close at its table):
 * each outcome `applied`, or null when any is off the happy path (a refusal, a retry, another writer's append), with
 * nothing written: the sender then sends them one at a time as ApplyTableCommand, which answers each such case.
 * With `joint`, written in another stream's transaction (JointAppend: a tournament's hand ends), all or none.
 */
export class ApplyTableCommands extends Command<ApplyOutcome[] | null> {
  constructor(
    readonly tableId: string,
    readonly requests: readonly CommandRequest[],
    readonly joint?: JointSlot,
  ) {
    super();
  }
}

/** What came of a command. The handler knows nothing of HTTP; http/status-mapping.ts turns this into a response. */
export type ApplyOutcome =
  /** New events were written (`events`, ending at `version`); `table` is the fold after them. No events: accepted, nothing to write (a no-op). */
  | {
      readonly kind: 'applied';
      readonly version: number;
      readonly events: readonly RecordedEvent[];
      readonly table: FoldedTable;
      readonly readerConflict?: ReaderConflict;
    }
  /** The command id was applied before: its first events and version again, nothing written; `table` is the table now. */
  | { readonly kind: 'replayed'; readonly version: number; readonly events: readonly RecordedEvent[]; readonly table: FoldedTable }
  /** The rules refuse it; nothing written. */
  | { readonly kind: 'rejected'; readonly rejection: Rejection; readonly readerConflict?: ReaderConflict }
  /** The sender may not send it to this table (a deck from anyone but the table's shuffler); nothing written. */
  | { readonly kind: 'forbidden'; readonly refusal: SenderRefusal }
  /** expectedVersion is not the table's version (or another writer won the race); nothing written. */
  | { readonly kind: 'conflict'; readonly expectedVersion?: number; readonly currentVersion: number }
  /** The table has no event at all. */
  | { readonly kind: 'not-found' }
  /** The command id already wrote to another table. */
  | { readonly kind: 'command-id-reused'; readonly firstTableId: string }
  /** A request with this Idempotency-Key is still being handled; nothing done. */
  | { readonly kind: 'key-in-flight' }
  /** The Idempotency-Key was first used by another user, or for another request: refused, not replayed. */
  | { readonly kind: 'key-reused'; readonly by: 'another-user' | 'another-request' };

/**
 * A live-cards table's reader conflict (docs/security.md "Insiders", row 2): an accepted dealer's entry that set a
 * reader's record aside, or a reader's report refused as READER_CONFLICT. Never in the answer: the controller
 * records it in the audit stream (the table and the hand, no card, no seat).
 */
export interface ReaderConflict {
  readonly handNumber: number;
}

export type ApplyFailure = Exclude<ApplyOutcome, { kind: 'applied' | 'replayed' }>;
