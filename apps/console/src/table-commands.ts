import type { ApiClient } from './api-client.js';
import type { CommandAnswer } from './table-types.js';

/**
 * Sends one command to POST /tables/:tableId/<route> (docs/api.md). Each click gets its own command id (a retry of
 * the same click could reuse it safely), and commands decided on what the page shows carry If-Match with that
 * version, so a table that moved on meanwhile answers 409 instead of taking a stale decision.
 */
export class TableCommands {
  constructor(
    private readonly api: ApiClient,
    readonly tableId: string,
  ) {}

  send(route: string, body: Record<string, unknown>, decidedOnVersion?: number): Promise<CommandAnswer> {
    const headers: Record<string, string> = { 'Idempotency-Key': newCommandId() };
    if (decidedOnVersion !== undefined) headers['If-Match'] = `"${decidedOnVersion}"`;
    return this.api.post<CommandAnswer>(`/tables/${encodeURIComponent(this.tableId)}/${route}`, body, headers);
  }
}

/** "PostBlind" -> "post-blind", as the API names its per-command routes. */
export function commandRoute(type: string): string {
  return type.replace(/[A-Z]/g, (c, i: number) => (i === 0 ? '' : '-') + c.toLowerCase());
}

export function newCommandId(): string {
  // getRandomValues works on plain http too (randomUUID needs a secure context).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `console-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
