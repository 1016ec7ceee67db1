import WebSocket from 'ws';

/** A server message of /live, as parsed JSON. */
export type LiveMessage = { type: string; [field: string]: any };

/**
 * A console's side of ws://…/live for tests and the benchmark: every message received is kept in order, and
 * `waitFor` resolves with the first one (from a cursor on) that matches.
 */
export class LiveClient {
  readonly messages: LiveMessage[] = [];
  /** Called with each message as it arrives, with the time it arrived (performance.now()). */
  onMessage: ((message: LiveMessage, at: number) => void) | null = null;
  private waiters: { from: number; match: (m: LiveMessage) => boolean; resolve: (m: LiveMessage) => void; reject: (e: Error) => void }[] =
    [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(
    readonly socket: WebSocket,
    private readonly keepMessages: boolean,
  ) {
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as LiveMessage;
      this.onMessage?.(message, performance.now());
      if (!this.keepMessages) return;
      this.messages.push(message);
      const index = this.messages.length - 1;
      this.waiters = this.waiters.filter((w) => {
        if (index < w.from || !w.match(message)) return true;
        w.resolve(message);
        return false;
      });
    });
    this.closed = new Promise((resolve) =>
      socket.once('close', (code, reason) => {
        for (const w of this.waiters) w.reject(new Error(`the connection closed (${code} ${String(reason)}) while waiting for a message`));
        this.waiters = [];
        resolve({ code, reason: String(reason) });
      }),
    );
  }

  /**
   * Connects to `${baseUrl}/live` (http:// becomes ws://), with `?access_token=` when a token is given.
   * `keepMessages: false` (a benchmark's long run): only onMessage sees them, and waitFor finds nothing.
   */
  static connect(baseUrl: string, accessToken?: string, options: { keepMessages?: boolean } = {}): Promise<LiveClient> {
    const url = `${baseUrl.replace(/^http/, 'ws')}/live${accessToken === undefined ? '' : `?access_token=${encodeURIComponent(accessToken)}`}`;
    const socket = new WebSocket(url);
    const client = new LiveClient(socket, options.keepMessages ?? true);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  subscribe(tableId: string, afterVersion?: number): void {
    this.send(afterVersion === undefined ? { type: 'subscribe', tableId } : { type: 'subscribe', tableId, afterVersion });
  }

  /** The first message matching `match` at index `from` (default: any received so far or later). */
  waitFor(match: (m: LiveMessage) => boolean, from = 0): Promise<LiveMessage> {
    const found = this.messages.slice(from).find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => this.waiters.push({ from, match, resolve, reject }));
  }

  /** The `table` message of `tableId` at `version` or later. */
  tableAt(tableId: string, version: number, from = 0): Promise<LiveMessage> {
    return this.waitFor((m) => m.type === 'table' && m.tableId === tableId && m.version >= version, from);
  }

  /** Every event version of `tableId` received, in the order received. */
  eventVersions(tableId: string): number[] {
    return this.messages
      .filter((m) => m.type === 'events' && m.tableId === tableId)
      .flatMap((m) => m.events.map((e: { version: number }) => e.version));
  }

  close(): Promise<unknown> {
    this.socket.close();
    return this.closed;
  }
}
