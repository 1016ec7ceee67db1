import type { Session } from './session.js';

/** A refused request: the API's problem+json (`code`, and `detail`, the sentence shown to the user). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** JSON over fetch to the API that serves the console, with the signed-in user's token. */
export class ApiClient {
  /** The server's clock as the answers' Date headers tell it (a shot clock's deadlines are the server's times). */
  readonly serverTime = new ServerTime();

  constructor(
    private readonly session: () => Session | null,
    /** Called when the API no longer accepts the token (401), so the page can ask to sign in again. */
    private readonly onUnauthenticated: () => void,
  ) {}

  get<T>(path: string): Promise<T> {
    return this.send<T>('GET', path);
  }

  post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
    return this.send<T>('POST', path, body, headers);
  }

  put<T>(path: string, body: unknown = {}): Promise<T> {
    return this.send<T>('PUT', path, body);
  }

  async send<T>(method: string, path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
    const token = this.session()?.accessToken;
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    const sent = Date.now();
    try {
      response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch {
      throw new ApiError(0, 'NETWORK_ERROR', 'The server cannot be reached; check the connection and try again.');
    }
    this.serverTime.observe(response.headers.get('Date'), sent, Date.now());
    const text = await response.text();
    const json = text ? parseJson(text) : undefined;
    if (response.ok) return json as T;
    const problem = (json ?? {}) as { code?: string; detail?: string; title?: string; errors?: { path: string; message: string }[] };
    const detail = problem.detail ?? problem.title ?? `The server answered ${response.status}.`;
    // Each field's problem once: not again in brackets when the sentence already says it.
    const unsaid = (problem.errors ?? []).map((e) => `${e.path}: ${e.message}`).filter((e) => !detail.includes(e));
    const fields = unsaid.length ? ` (${unsaid.join('; ')})` : '';
    const error = new ApiError(response.status, problem.code ?? `HTTP_${response.status}`, detail + fields);
    if (response.status === 401 && path !== '/auth/login') this.onUnauthenticated();
    throw error;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * How far the server's clock is ahead of this browser's, from the Date header of each answer. The header is whole
 * seconds, so each answer bounds the offset between (date - received) and (date + 1 s - sent); the bounds of all
 * answers so far are kept and the middle is used: within half a second after one answer, closer after several.
 */
export class ServerTime {
  private low = -Infinity;
  private high = Infinity;

  observe(dateHeader: string | null, sentAt: number, receivedAt: number): void {
    const date = dateHeader === null ? NaN : Date.parse(dateHeader);
    if (!Number.isFinite(date)) return;
    const low = date - receivedAt;
    const high = date + 1000 - sentAt;
    // Bounds that do not overlap the ones kept mean the server's clock was set since: start again from this answer.
    if (low > this.high || high < this.low) {
      this.low = low;
      this.high = high;
      return;
    }
    this.low = Math.max(this.low, low);
    this.high = Math.min(this.high, high);
  }

  /** Milliseconds to add to this browser's clock to read the server's (0 before any answer). */
  offsetMs(): number {
    return Number.isFinite(this.low) && Number.isFinite(this.high) ? (this.low + this.high) / 2 : 0;
  }

  now(): number {
    return Date.now() + this.offsetMs();
  }
}
