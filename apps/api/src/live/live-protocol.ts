import { z } from 'zod';
import { duplicateKeyMessage, parseJsonText } from '../http/json-text';
import { tableIdSchema } from '../tables/table-command-schema';

/** What a console may send on /live (docs/api.md "Live updates"). */
const subscribeSchema = z.strictObject({
  type: z.literal('subscribe'),
  tableId: tableIdSchema,
  afterVersion: z
    .number({ error: 'afterVersion must be a number' })
    .int('afterVersion must be a whole number')
    .min(0)
    .max(2147483647)
    .optional(),
});

const unsubscribeSchema = z.strictObject({
  type: z.literal('unsubscribe'),
  tableId: tableIdSchema,
});

/** The room's channels (apps/api/src/room/room-live.ts): `room` for the floor, `board` and `jackpots` for anyone. */
const roomChannelSchema = z.strictObject({
  type: z.enum(['subscribe', 'unsubscribe']),
  channel: z.enum(['room', 'board', 'jackpots'], { error: 'channel is "room", "board" or "jackpots"' }),
});

export type SubscribeMessage = z.infer<typeof subscribeSchema>;
export type UnsubscribeMessage = z.infer<typeof unsubscribeSchema>;
export type RoomChannelMessage = z.infer<typeof roomChannelSchema>;
export type ClientMessage = SubscribeMessage | UnsubscribeMessage | RoomChannelMessage;

/** The error codes a console must expect (the contract's three, and two the server needs). */
export type LiveErrorCode =
  | 'INVALID_MESSAGE'
  | 'FORBIDDEN_CHANNEL'
  | 'TABLE_NOT_FOUND'
  | 'UNAUTHENTICATED'
  | 'TOO_MANY_TABLES'
  | 'LIVE_UNAVAILABLE'
  | 'REVOKED'
  | 'TOO_MANY_CONNECTIONS';

export interface LiveError {
  readonly code: LiveErrorCode;
  readonly detail: string;
  readonly tableId?: string;
}

/**
 * A message from the console, or why it is not one (never throws: a bad message must not end the connection). Read
 * as the API reads bodies (json-text.ts): a member given twice (`"tableId"` twice: which table?) is refused.
 */
export function parseClientMessage(
  data: unknown,
  isBinary: boolean,
): { ok: true; message: ClientMessage } | { ok: false; error: LiveError } {
  const invalid = (detail: string) => ({ ok: false as const, error: { code: 'INVALID_MESSAGE' as const, detail } });
  if (isBinary) return invalid('messages are JSON text, not binary frames');
  const parsed = parseJsonText(String(data));
  if (!parsed.ok) {
    if (parsed.code === 'DUPLICATE_KEY') return invalid(`${parsed.duplicate.path}: ${duplicateKeyMessage(parsed.duplicate)}`);
    return invalid(parsed.code === 'JSON_TOO_DEEP' ? 'the message nests too deep' : 'the message is not JSON');
  }
  const json = parsed.value;
  const type = typeof json === 'object' && json !== null && !Array.isArray(json) ? (json as { type?: unknown }).type : undefined;
  const channel = typeof json === 'object' && json !== null && 'channel' in json;
  const schema = channel ? roomChannelSchema : type === 'subscribe' ? subscribeSchema : type === 'unsubscribe' ? unsubscribeSchema : null;
  if (!schema) return invalid('a message is an object whose "type" is "subscribe" or "unsubscribe"');
  const checked = schema.safeParse(json);
  if (!checked.success) {
    const issues = checked.error.issues.map((issue) =>
      issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
    );
    return invalid(`${String(type)}: ${issues.join('; ')}`);
  }
  return { ok: true, message: checked.data };
}

/** The server's messages, as the text sent on the socket. */
export const serverMessage = {
  events: (tableId: string, fromVersion: number, toVersion: number, events: readonly unknown[]): string =>
    JSON.stringify({ type: 'events', tableId, fromVersion, toVersion, events }),
  table: (tableId: string, version: number, view: unknown): string => JSON.stringify({ type: 'table', tableId, version, view }),
  /** What the connection may see of a table changed (revocation, a new assignment, new rules): a `table` message follows. */
  access: (tableId: string, detail: string): string => JSON.stringify({ type: 'access', tableId, detail }),
  /** A dealer's connection: they were released from a table it follows (a dealer push); the table still follows. */
  released: (tableId: string, detail: string): string => JSON.stringify({ type: 'released', tableId, detail }),
  error: ({ code, detail, tableId }: LiveError): string =>
    JSON.stringify(tableId === undefined ? { type: 'error', code, detail } : { type: 'error', code, detail, tableId }),
};
