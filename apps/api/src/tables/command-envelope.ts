import type { Transaction } from '@felt/event-store';
import type { OpenTableBody, TableCommandBody } from './table-command-schema';

// The request's records apart from its parsing (command-request.ts), which needs the HTTP problems: the command
// handler's outcomes, which those problems describe, name these records without importing the parser.

/** Who sent a command, from where, as part of which request: recorded in every event's metadata. */
export interface CommandMetadata {
  readonly actorId?: string;
  readonly actorRole?: string;
  /** The registered device of the sender's token; null: none (docs/api.md "Devices"). */
  readonly device?: string | null;
  readonly correlationId?: string;
  /** The request's fingerprint (request-fingerprint.ts), which its Idempotency-Key is bound to. */
  readonly requestFingerprint?: string;
  /** A widening (docs/security.md "Insiders", row 3): the floor supervisor who approved it; the actor asked for it. */
  readonly approvedBy?: string;
}

/** A validated command with its envelope, ready for the CommandBus. */
export interface CommandRequest {
  readonly tableId: string;
  readonly command: TableCommandBody | (OpenTableBody & Required<Pick<OpenTableBody, 'type'>>);
  readonly commandId: string;
  /** True when the client sent no id and the server made one up (a retry of this request is then not recognised). */
  readonly commandIdGenerated: boolean;
  /** The version the client saw; undefined: apply to whatever the table is now. */
  readonly expectedVersion?: number;
  readonly metadata: CommandMetadata;
  /** Whether the sender's token is bound to a certified shuffler device (TableAccess checked it serves this table); not recorded. */
  readonly fromShuffler?: boolean;
  /** The audit events that commit with the table's events (libs/event-store StreamCommandRequest); not recorded. */
  readonly alongside?: (tx: Transaction, version: number) => Promise<void>;
}

/** A command to a stream of a pure decider (the room, the registry, tournaments, the book) with its envelope. */
export interface StreamCommandRequest<C> {
  readonly command: C;
  readonly commandId: string;
  /** The server made the id up (no Idempotency-Key or commandId was sent): nobody can retry with it. */
  readonly commandIdGenerated?: boolean;
  readonly expectedVersion?: number;
  /** With `requestFingerprint`, which the key is bound to. */
  readonly metadata: CommandMetadata;
}
