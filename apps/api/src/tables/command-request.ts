import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { formatPath } from '@felt/formats';
import { ApiProblem, type FieldIssue } from '../http/status-mapping';
import { DEFAULT_TABLE_COMMANDS, openTableSchema, type TableCommandSchemas } from './table-command-schema';
import type { CommandRequest } from './command-envelope';

export type { CommandMetadata, CommandRequest } from './command-envelope';

export interface RawCommandRequest {
  readonly body: unknown;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly requestId?: string;
  /**
   * Who sent it and from which registered device, from the access token (X-Actor-Id, X-Actor-Role and X-Device-Id
   * headers are ignored: a header proves nothing).
   */
  readonly actor?: { readonly id: string; readonly role: string; readonly device?: string };
}

/** No chip amount, seed or limit is anywhere near this: larger numbers are typos or attacks, and sums of them would lose precision. */
export const MAX_COMMAND_NUMBER = 1_000_000_000_000;

const commandIdSchema = z
  .string({ error: 'commandId must be a string' })
  .min(1, { error: 'commandId may not be empty' })
  .max(128, { error: 'commandId is at most 128 characters' })
  .regex(/^[\x21-\x7e]+$/, { error: 'commandId is printable ASCII without spaces' });
const versionSchema = z
  .number({ error: 'expectedVersion must be a number' })
  .int({ error: 'expectedVersion must be a whole number' })
  .min(0, { error: 'expectedVersion may not be negative' })
  .max(2147483647, { error: 'expectedVersion is too large' });

/** POST /tables/:tableId/commands and the per-command routes (`type` given by the route, optional in the body), with `commands` the engine's. */
export function parseTableCommandRequest(
  tableId: string,
  raw: RawCommandRequest,
  routeType?: string,
  commands: TableCommandSchemas = DEFAULT_TABLE_COMMANDS,
): CommandRequest {
  const { fields, envelope, issues } = splitEnvelope(raw);
  if (routeType !== undefined) {
    if (fields.type !== undefined && fields.type !== routeType) {
      issues.push({ path: 'type', message: `this route takes ${routeType} commands, not ${JSON.stringify(fields.type)}` });
    }
    fields.type = routeType;
  }
  const unknownType = typeof fields.type === 'string' && !commands.types.includes(fields.type as never) && fields.type !== 'OpenTable';
  const command = validate(commands.schema, fields, issues, unknownType ? 'UNKNOWN_COMMAND_TYPE' : 'INVALID_REQUEST');
  return { tableId, command, ...envelope };
}

/** POST /tables: an OpenTable command, the table id in the body. */
export function parseOpenTableRequest(raw: RawCommandRequest): CommandRequest {
  const { fields, envelope, issues } = splitEnvelope(raw);
  const body = validate(openTableSchema, fields, issues, 'INVALID_REQUEST');
  return { tableId: body.tableId, command: { ...body, type: 'OpenTable' }, ...envelope };
}

export type Envelope = Omit<CommandRequest, 'tableId' | 'command'>;

/** Takes the envelope (command id, expected version, actor) out of the body and headers; `issues` collects what is wrong with it. */
export function splitEnvelope(raw: RawCommandRequest): { fields: Record<string, unknown>; envelope: Envelope; issues: FieldIssue[] } {
  if (typeof raw.body !== 'object' || raw.body === null || Array.isArray(raw.body)) {
    throw ApiProblem.invalidRequest([{ path: '', message: 'the body must be a JSON object' }]);
  }
  const { commandId: bodyCommandId, expectedVersion: bodyVersion, ...fields } = raw.body as Record<string, unknown>;
  const issues: FieldIssue[] = [];

  const header = (name: string): string | undefined => {
    const value = raw.headers[name];
    return Array.isArray(value) ? value.join(',') : value;
  };
  const check = <T>(schema: z.ZodType<T>, value: unknown, path: string): T | undefined => {
    if (value === undefined) return undefined;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    issues.push(...parsed.error.issues.map((i) => ({ path, message: i.message })));
    return undefined;
  };

  const keyFromHeader = check(commandIdSchema, header('idempotency-key'), 'header Idempotency-Key');
  const keyFromBody = check(commandIdSchema, bodyCommandId, 'commandId');
  if (keyFromHeader !== undefined && keyFromBody !== undefined && keyFromHeader !== keyFromBody) {
    issues.push({ path: 'commandId', message: "the Idempotency-Key header and the body's commandId differ" });
  }
  const versionFromHeader = check(versionSchema, ifMatchVersion(header('if-match'), issues), 'header If-Match');
  const versionFromBody = check(versionSchema, bodyVersion, 'expectedVersion');
  if (versionFromHeader !== undefined && versionFromBody !== undefined && versionFromHeader !== versionFromBody) {
    issues.push({ path: 'expectedVersion', message: "the If-Match header and the body's expectedVersion differ" });
  }
  const given = keyFromHeader ?? keyFromBody;
  const expectedVersion = versionFromHeader ?? versionFromBody;
  return {
    fields,
    issues,
    envelope: {
      commandId: given ?? randomUUID(),
      commandIdGenerated: given === undefined,
      ...(expectedVersion === undefined ? {} : { expectedVersion }),
      metadata: {
        actorId: raw.actor?.id,
        actorRole: raw.actor?.role,
        device: raw.actor ? (raw.actor.device ?? null) : undefined,
        correlationId: raw.requestId,
      },
    },
  };
}

/** If-Match: "12", W/"12" or 12 (the ETag the reads send); "*" means any version. */
function ifMatchVersion(value: string | undefined, issues: FieldIssue[]): number | undefined {
  if (value === undefined || value.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,10})"?\s*$/.exec(value);
  if (!match) {
    issues.push({ path: 'header If-Match', message: 'If-Match is the table version as an ETag, e.g. "12"' });
    return undefined;
  }
  return Number(match[1]);
}

/** The command, or a 400 listing every problem with it and with its envelope. */
export function validate<T>(schema: z.ZodType<T>, input: unknown, envelopeIssues: readonly FieldIssue[], code: string): T {
  const parsed = schema.safeParse(input);
  const huge = hugeNumbers(input, '');
  if (parsed.success && huge.length === 0 && envelopeIssues.length === 0) return parsed.data;
  const schemaIssues = parsed.success ? [] : fieldIssues(parsed.error);
  const issues = [...schemaIssues, ...huge.filter((h) => !schemaIssues.some((i) => i.path === h.path)), ...envelopeIssues];
  throw ApiProblem.invalidRequest(issues, code);
}

function hugeNumbers(value: unknown, path: string): FieldIssue[] {
  if (typeof value === 'number') {
    return Math.abs(value) > MAX_COMMAND_NUMBER
      ? [{ path, message: `${path || 'a number'} is too large (at most ${MAX_COMMAND_NUMBER})` }]
      : [];
  }
  if (typeof value !== 'object' || value === null) return [];
  const issues: FieldIssue[] = [];
  if (Array.isArray(value)) value.forEach((item, i) => issues.push(...hugeNumbers(item, `${path}[${i}]`)));
  else for (const [key, item] of Object.entries(value)) issues.push(...hugeNumbers(item, path ? `${path}.${key}` : key));
  return issues;
}

/** zod's issues as path + message; an unknown key is reported at its own path. */
export function fieldIssues(error: z.ZodError): FieldIssue[] {
  return error.issues.flatMap((issue) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: formatPath([...issue.path, key]), message: `unknown field "${key}"` }))
      : [{ path: formatPath(issue.path), message: issue.message }],
  );
}
