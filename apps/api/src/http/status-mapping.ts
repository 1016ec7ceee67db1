import type { Rejection } from '@felt/engine';
import { isDatabaseUnavailable } from '@felt/event-store';
import type { ApplyFailure } from '../tables/apply-table-command';

/**
 * Every HTTP status the API answers with, and why, in one place. Failures are RFC 9457 problem documents
 * (application/problem+json) with a stable `code` clients key on.
 *
 * - 400: the request cannot be understood as a command (malformed JSON, wrong types, extra or missing fields,
 *   negative, huge or fractional amounts, an unknown command type). Sending it again unchanged never helps.
 * - 401: no valid access token (missing, malformed, forged, expired, or its user disabled): code UNAUTHENTICATED;
 *   a wrong user name or password at POST /auth/login: INVALID_CREDENTIALS.
 * - 403: the token is good but its role may not do this (FORBIDDEN_ROLE), or a dealer acts on a table not assigned
 *   to them (NOT_ASSIGNED_TO_TABLE), or the command needs a device the token is not bound to (a shuffler table's deck:
 *   SHUFFLER_DEVICE_REQUIRED; hole cards: READER_DEVICE_REQUIRED; a reader or shuffler sending anything else:
 *   DEVICE_NOT_A_CONSOLE). Nothing is written.
 * - 404: no such table (no event was ever written for it), or no such route.
 * - 409 (staff and devices): a user or device name already in use (USER_NAME_TAKEN, DEVICE_NAME_TAKEN), or a change
 *   that would leave no floor supervisor able to sign in (LAST_FLOOR_USER).
 * - 409: a version conflict: the request's expectedVersion (body or If-Match) is not the table's version, or a
 *   concurrent writer got there first. The problem carries `currentVersion`; re-read the table and decide again.
 *   Also a request whose Idempotency-Key is still being handled (IDEMPOTENCY_KEY_IN_FLIGHT, with Retry-After).
 * - 413 / 415: the body is too large / not JSON.
 * - 422: the command is well-formed and the table exists, but the rules of the game refuse it now (not your
 *   turn, raise below the minimum, table closed, ...): `code` is the engine's rejection code and `detail` its
 *   sentence. Not 400, because nothing is wrong with the request itself; not 409, which is kept for version
 *   conflicts so that a client can tell "refresh and retry" from "the rules say no". Also a command id reused on
 *   another table, or an Idempotency-Key reused with a different request or by another user (IDEMPOTENCY_KEY_REUSED),
 *   as the IETF Idempotency-Key draft advises for a reused key.
 * - 429: too many sign-in attempts from one address, or for one user name (LOGIN_THROTTLED, with Retry-After).
 * - 503: the database cannot be reached or dropped the connection, or answered as a read-only standby (a failover:
 *   the primary died or was demoted, and the router has not moved yet) (DATABASE_UNAVAILABLE, with Retry-After: send
 *   the same command, with the same command id, again shortly; it is applied once); or /health/ready found the database down (the
 *   problem carries each check's details).
 * - 201: a command was applied (new events written); 200: the command id was applied before, and this is that
 *   first result again (nothing new was written); reads answer 200.
 *
 * A refused or malformed command never writes an event: validation runs before the handler, the decider runs
 * before the append, and the append itself checks the version in the same transaction that writes.
 */
export const SUCCESS_STATUS = { applied: 201, replayed: 200, unchanged: 200, read: 200 } as const;

/** What a 503 for a lost database connection tells clients to wait (also as a Retry-After header). */
export const RETRY_AFTER_SECONDS = 1;

const PROBLEMS = {
  'invalid-request': { status: 400, title: 'The request is not a valid command' },
  'malformed-json': { status: 400, title: 'The body is not valid JSON' },
  unauthenticated: { status: 401, title: 'Sign in first: no valid access token' },
  forbidden: { status: 403, title: 'Not allowed: your role or assignment does not permit this' },
  'table-not-found': { status: 404, title: 'No such table' },
  'user-not-found': { status: 404, title: 'No such user' },
  'route-not-found': { status: 404, title: 'No such route' },
  'device-not-found': { status: 404, title: 'No such device' },
  'version-conflict': { status: 409, title: "The table's version is not the one expected" },
  'key-in-flight': { status: 409, title: 'A request with this Idempotency-Key is still being handled' },
  'staff-conflict': { status: 409, title: 'The change conflicts with the staff as they stand' },
  'body-too-large': { status: 413, title: 'The body is too large' },
  'unsupported-media-type': { status: 415, title: 'The body must be JSON (Content-Type: application/json)' },
  'rule-refused': { status: 422, title: "The table's rules refuse this command" },
  'command-id-reused': { status: 422, title: 'This command id was already used on another table' },
  'key-reused': { status: 422, title: 'This Idempotency-Key was already used for another request' },
  'not-a-dealer': { status: 422, title: 'Only a dealer can be assigned to a table' },
  'too-many-requests': { status: 429, title: 'Too many requests: wait, then try again' },
  'internal-error': { status: 500, title: 'Internal error' },
  unavailable: { status: 503, title: 'A service the API depends on is down' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ProblemKind = keyof typeof PROBLEMS;

export function statusOf(kind: ProblemKind): number {
  return PROBLEMS[kind].status;
}

/** One validation failure: where in the request (e.g. "to", "rules.smallBlind", "header Idempotency-Key") and why. */
export interface FieldIssue {
  readonly path: string;
  readonly message: string;
}

/** A failure as a value; thrown by controllers and rendered by ProblemFilter. */
export class ApiProblem extends Error {
  readonly status: number;
  readonly title: string;
  /** Already recorded in the audit stream by its own event (a seat refusal's PlayerSeatRefused): not recorded again. */
  audited = false;

  constructor(
    readonly kind: ProblemKind,
    readonly code: string,
    readonly detail: string,
    /** Extra members of the problem document (errors, currentVersion, field, ...). */
    readonly extensions: Record<string, unknown> = {},
  ) {
    super(detail);
    this.status = PROBLEMS[kind].status;
    this.title = PROBLEMS[kind].title;
  }

  static invalidRequest(issues: readonly FieldIssue[], code = 'INVALID_REQUEST'): ApiProblem {
    const detail = issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
    return new ApiProblem('invalid-request', code, detail || 'invalid request', { errors: issues });
  }

  static ruleRefused(rejection: Rejection): ApiProblem {
    return new ApiProblem(
      'rule-refused',
      rejection.code,
      rejection.message,
      rejection.field === undefined ? {} : { field: rejection.field },
    );
  }

  static tableNotFound(tableId: string): ApiProblem {
    return new ApiProblem('table-not-found', 'TABLE_NOT_FOUND', `there is no table "${tableId}"; open it with POST /tables`, { tableId });
  }

  static versionConflict(tableId: string, expectedVersion: number | undefined, currentVersion: number): ApiProblem {
    const detail =
      expectedVersion === undefined
        ? `table "${tableId}" changed while this command was decided (now at version ${currentVersion}); read it and try again`
        : `table "${tableId}" is at version ${currentVersion}, not ${expectedVersion}`;
    return new ApiProblem('version-conflict', 'VERSION_CONFLICT', detail, {
      tableId,
      currentVersion,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
    });
  }

  static commandIdReused(commandId: string, firstTableId: string): ApiProblem {
    return new ApiProblem(
      'command-id-reused',
      'COMMAND_ID_REUSED',
      `command id "${commandId}" was already used on table "${firstTableId}"`,
      {
        commandId,
      },
    );
  }

  /** The problem document's members (RFC 9457 plus `code` and the extensions). */
  toDocument(instance: string, requestId: string | undefined): Record<string, unknown> {
    return {
      type: `urn:felt:problem:${this.kind}`,
      title: this.title,
      status: this.status,
      code: this.code,
      detail: this.detail,
      instance,
      ...(requestId ? { requestId } : {}),
      ...this.extensions,
    };
  }
}

/**
 * Errors raised before a controller runs (Fastify's body reading and routing, which Nest hands on as HttpExceptions
 * with Fastify's status) or by a bug, as problems. `bodyLimitBytes`: the limit that applied, for the 413's sentence.
 */
export function problemForError(error: unknown, bodyLimitBytes?: number): ApiProblem {
  if (error instanceof ApiProblem) return error;
  const e = error as { getStatus?: () => number; getResponse?: () => unknown; message?: unknown };
  const status = typeof e?.getStatus === 'function' ? e.getStatus() : undefined;
  if (status === 404) return new ApiProblem('route-not-found', 'ROUTE_NOT_FOUND', String(e.message ?? 'no such route'));
  if (status === 413) {
    return new ApiProblem(
      'body-too-large',
      'BODY_TOO_LARGE',
      bodyLimitBytes === undefined ? String(e.message ?? 'the body is too large') : `the body is larger than ${bodyLimitBytes} bytes`,
    );
  }
  if (status === 415)
    return new ApiProblem('unsupported-media-type', 'UNSUPPORTED_MEDIA_TYPE', String(e.message ?? 'unsupported media type'));
  if (status === 503) {
    // @nestjs/terminus: keep its per-check report (info, error, details) beside the problem's own members.
    const report = typeof e.getResponse === 'function' ? e.getResponse() : null;
    const { status: _overall, ...checks } = typeof report === 'object' && report !== null ? (report as Record<string, unknown>) : {};
    return new ApiProblem('unavailable', 'SERVICE_UNAVAILABLE', 'a service the API depends on is down: see details', checks);
  }
  if (status !== undefined && status >= 400 && status < 500) return ApiProblem.invalidRequest([{ path: '', message: String(e.message) }]);
  if (isDatabaseUnavailable(error)) {
    return new ApiProblem(
      'unavailable',
      'DATABASE_UNAVAILABLE',
      'the database cannot be reached just now; send the same request (same command id) again in a moment',
      {
        retryAfterSeconds: RETRY_AFTER_SECONDS,
      },
    );
  }
  return new ApiProblem('internal-error', 'INTERNAL_ERROR', 'the server failed to handle this request; it is logged with its request id');
}

/** A refused command as a problem (see the list at the top of this file). */
export function problemForOutcome(tableId: string, commandId: string, outcome: ApplyFailure): ApiProblem {
  switch (outcome.kind) {
    case 'rejected':
      return ApiProblem.ruleRefused(outcome.rejection);
    case 'forbidden':
      return new ApiProblem('forbidden', outcome.refusal.code, outcome.refusal.detail);
    case 'conflict':
      return ApiProblem.versionConflict(tableId, outcome.expectedVersion, outcome.currentVersion);
    case 'not-found':
      return ApiProblem.tableNotFound(tableId);
    case 'command-id-reused':
      return ApiProblem.commandIdReused(commandId, outcome.firstTableId);
    case 'key-in-flight':
      return new ApiProblem(
        'key-in-flight',
        'IDEMPOTENCY_KEY_IN_FLIGHT',
        `a request with Idempotency-Key "${commandId}" is still being handled; wait for its answer, then retry`,
        {
          commandId,
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        },
      );
    case 'key-reused':
      return new ApiProblem(
        'key-reused',
        'IDEMPOTENCY_KEY_REUSED',
        outcome.by === 'another-user'
          ? `Idempotency-Key "${commandId}" belongs to another user; send your command with a key of your own`
          : `Idempotency-Key "${commandId}" was first sent with a different request; a key names one request only, so use a new key for a new command`,
        { commandId },
      );
  }
}
