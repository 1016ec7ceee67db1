import type { Database } from '@felt/event-store';
import { CardWatch, type Sender } from './card-watch';
import type { TestApi } from '../../apps/api/test/test-support/test-api';

/**
 * Every request the fuzzers send goes through here (the real API in process, through Fastify's inject, over a real
 * database), and every answer is checked:
 * - below 500;
 * - a 4xx is application/problem+json with a code;
 * - a refused request writes nothing: the tables' and games' streams and versions (and so their command records), the users,
 *   dealer assignments and devices are as before it (the audit streams apart: a refusal is recorded there by design);
 * - no answer names a card or a seed its sender may not see (card-watch.ts).
 * Counted per operation of the OpenAPI document: requests, 2xx, 4xx.
 */

export interface FuzzRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: Buffer | string;
}

export interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
  /** The JSON body, or undefined for text. */
  readonly body: any;
}

export interface OperationCount {
  requests: number;
  ok: number;
  refused: number;
  /** Refusals by code. */
  codes: Record<string, number>;
}

export interface FuzzFigures {
  requests: number;
  byStatus: Record<string, number>;
  byCode: Record<string, number>;
  /** Per operation of the document ("POST /tables/{tableId}/bet"). */
  byOperation: Record<string, OperationCount>;
  serverErrors: number;
  failures: { readonly request: string; readonly why: string; readonly at: number }[];
}

/** The document's operations as matchers of a method and a path: the literal segments decide, most literal first. */
export function operationMatcher(doc: { paths?: Record<string, Record<string, unknown>> }): {
  operations: string[];
  of: (method: string, url: string) => string;
} {
  const routes: { name: string; method: string; pattern: RegExp; literals: number }[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of Object.keys(item)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const segments = path.split('/').slice(1);
      const pattern = new RegExp(
        `^/${segments.map((s) => (/^\{\w+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`,
      );
      routes.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        pattern,
        literals: segments.filter((s) => !s.startsWith('{')).length,
      });
    }
  }
  routes.sort((a, b) => b.literals - a.literals);
  return {
    operations: routes.map((r) => r.name).sort(),
    of: (method, url) =>
      routes.find((r) => r.method === method && r.pattern.test(url.split('?')[0]!))?.name ?? `${method} (not in the document)`,
  };
}

/** The table an answer is about: the id in a table route, or null (the room, staff, health, the lists). */
export function tableOfUrl(url: string): string | null {
  const match = /^\/(?:regulator\/)?tables\/([^/?]+)/.exec(url);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

function decodedUrl(url: string): string {
  try {
    return `${url} ${decodeURIComponent(url)}`;
  } catch {
    return url;
  }
}

export class FuzzChecker {
  readonly figures: FuzzFigures = { requests: 0, byStatus: {}, byCode: {}, byOperation: {}, serverErrors: 0, failures: [] };
  private readonly cards: CardWatch;
  private known = '';

  constructor(
    private readonly api: TestApi,
    private readonly db: Database,
    private readonly operationOf: (method: string, url: string) => string,
    private readonly onFailure?: (failure: FuzzFigures['failures'][number]) => void,
    private readonly trace?: (line: string) => void,
  ) {
    this.cards = new CardWatch(api.store, db);
  }

  async start(): Promise<void> {
    this.known = await writtenState(this.db);
  }

  /** Sends `request` as `sender`, checks the answer, counts it. */
  async send(request: FuzzRequest, sender: Sender): Promise<Answer> {
    const fastify = this.api.app.getHttpAdapter().getInstance();
    const res = await fastify.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    const contentType = String(res.headers['content-type'] ?? '');
    let body: any;
    if (contentType.includes('json') && !contentType.includes('ndjson') && !contentType.includes('jsonl')) {
      try {
        body = JSON.parse(res.body);
      } catch {
        body = undefined;
      }
    }
    const answer: Answer = { status: res.statusCode, contentType, text: res.body, body };
    await this.check(request, sender, answer);
    return answer;
  }

  private async check(request: FuzzRequest, sender: Sender, answer: Answer): Promise<void> {
    const f = this.figures;
    const { status } = answer;
    f.requests++;
    const operation = (f.byOperation[this.operationOf(request.method, request.url)] ??= { requests: 0, ok: 0, refused: 0, codes: {} });
    operation.requests++;
    const statusClass = `${Math.floor(status / 100)}xx`;
    f.byStatus[statusClass] = (f.byStatus[statusClass] ?? 0) + 1;
    const requestText = typeof request.payload === 'string' ? request.payload : (request.payload?.toString('utf8') ?? '');
    this.trace?.(
      `${f.requests} ${request.method} ${request.url.slice(0, 200)} ${requestText.slice(0, 200)} → ${status} ${String(answer.body?.code ?? '')}`,
    );
    const fail = (why: string) => {
      const failure = { request: `${request.method} ${request.url.slice(0, 300)} ${requestText.slice(0, 300)}`, why, at: f.requests };
      f.failures.push(failure);
      this.onFailure?.(failure);
    };
    if (status >= 500) {
      f.serverErrors++;
      fail(`${status}: ${answer.text.slice(0, 500)}`);
      return;
    }
    if (status < 400) operation.ok++;
    else {
      operation.refused++;
      const code: unknown = answer.body?.code;
      f.byCode[String(code)] = (f.byCode[String(code)] ?? 0) + 1;
      operation.codes[String(code)] = (operation.codes[String(code)] ?? 0) + 1;
      if (!answer.contentType.startsWith('application/problem+json')) fail(`${status} is not problem+json: ${answer.contentType}`);
      if (typeof code !== 'string' || !/^[A-Z][A-Z0-9_]+$/.test(code)) fail(`${status} has no code: ${answer.text.slice(0, 300)}`);
    }
    // GETs write nothing (a refused one is checked all the same); everything else moves what is known on.
    if (status >= 400 || request.method !== 'GET') {
      const after = await writtenState(this.db);
      if (status >= 400 && after !== this.known) fail(`${status} ${String(answer.body?.code)} wrote something: ${this.known} → ${after}`);
      this.known = after;
    }
    // What the sender sent (its URL, headers and body) may come back in a sentence: that is no card shown to them.
    // Not the token: its base64 would excuse cards at random.
    const headers = Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== 'authorization');
    const sent = `${decodedUrl(request.url)} ${headers.map(([, value]) => value).join(' ')} ${requestText}`;
    for (const leak of await this.cards.leaks(tableOfUrl(request.url), sender, { ...answer, problem: status >= 400 }, sent)) {
      fail(`card shown: ${leak}`);
      if (process.env.FUZZ_DEBUG) console.log(request.url, sent, answer.text.slice(0, 6000));
    }
  }
}

/**
 * Everything a request could have written, as one comparable text: the last event of a table or game (audit streams
 * apart), every such stream's version summed and counted, and a digest of each staff table (users, dealer
 * assignments, devices: a changed role, a disabled user or a retired device shows). Command records need no count of
 * their own: only the append function writes them, in the statement that appends their events.
 */
async function writtenState(db: Database): Promise<string> {
  const { rows } = await db.query<Record<string, string>>(
    `SELECT (SELECT global_position FROM events WHERE stream_id NOT LIKE 'audit-%' ORDER BY global_position DESC LIMIT 1)::text AS events,
            (SELECT coalesce(sum(version), 0) || '/' || count(*) FROM streams WHERE stream_id NOT LIKE 'audit-%') AS streams,
            (SELECT count(*) || '/' || md5(coalesce(string_agg(id || role || disabled::text || password_hash, ',' ORDER BY id), '')) FROM users) AS users,
            (SELECT count(*) || '/' || md5(coalesce(string_agg(table_id || user_id, ',' ORDER BY table_id, user_id), '')) FROM dealer_assignments) AS assignments,
            (SELECT count(*) || '/' || md5(coalesce(string_agg(id || coalesce(retired_at::text, '-'), ',' ORDER BY id), '')) FROM devices) AS devices`,
  );
  return JSON.stringify(rows[0]);
}
