import type { TableEventItem, TableView } from './table-types.js';

/** What the console hears from /live about the table it shows. */
export interface LiveListener {
  table(view: TableView): void;
  events(events: readonly TableEventItem[], tableId: string): void;
  status(text: string, connected: boolean): void;
  /** What this user may see of the table changed (assigned, released): a fresh table message follows. */
  access?(tableId: string, detail: string): void;
  /** This dealer was released from the table (a dealer push). */
  released?(tableId: string): void;
}

type ServerMessage =
  | { type: 'events'; tableId: string; fromVersion: number; toVersion: number; events: TableEventItem[] }
  | { type: 'table'; tableId: string; version: number; view: TableView }
  | { type: 'access'; tableId: string; detail: string }
  | { type: 'released'; tableId: string; detail: string }
  | { type: 'error'; code: string; detail: string; tableId?: string };

const MAX_RETRY_MS = 10000;

/**
 * Live updates of one table (the table screen) or several (the lobby) over one WebSocket at /live. After a drop
 * it reconnects (waiting longer each time, up to 10 s) and subscribes each table with afterVersion = the last
 * version it saw, so the server sends exactly the missed events and then the table as it is now.
 */
export class LiveTables {
  private socket: WebSocket | null = null;
  /** Each followed table and the last version seen of it. */
  private readonly followed = new Map<string, number | null>();
  private retryMs = 500;
  private retryTimer: number | undefined;
  private closed = false;
  private reconnecting = false;
  private subscribed = false;
  /** The version a reconnection subscribed after, for the status line. */
  private catchingUpFrom: number | null = null;

  constructor(
    private readonly token: () => string | null,
    private readonly listener: LiveListener,
  ) {}

  /** Follows a table from `knownVersion` (null: from now); connects on the first call. */
  follow(tableId: string, knownVersion: number | null): void {
    if (this.followed.has(tableId)) return;
    this.followed.set(tableId, knownVersion);
    if (this.socket === null && !this.closed && this.retryTimer === undefined) this.connect();
    else if (this.socket?.readyState === WebSocket.OPEN) this.subscribe(this.socket, tableId);
  }

  private subscribe(socket: WebSocket, tableId: string): void {
    const subscribe: Record<string, unknown> = { type: 'subscribe', tableId };
    const lastVersion = this.followed.get(tableId);
    if (lastVersion !== null && lastVersion !== undefined) subscribe.afterVersion = lastVersion;
    socket.send(JSON.stringify(subscribe));
  }

  stop(): void {
    this.closed = true;
    window.clearTimeout(this.retryTimer);
    this.socket?.close();
    this.socket = null;
  }

  private connect(): void {
    if (this.closed) return;
    const socket = new WebSocket(liveUrl(this.token()));
    this.socket = socket;
    socket.addEventListener('open', () => {
      for (const tableId of this.followed.keys()) this.subscribe(socket, tableId);
      const first = [...this.followed.values()][0];
      this.catchingUpFrom = this.reconnecting ? (first ?? null) : null;
      this.subscribed = false;
      this.listener.status('subscribing…', false);
    });
    socket.addEventListener('message', (message) => this.receive(String(message.data)));
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed) return;
      this.reconnecting = true;
      this.listener.status(`disconnected; reconnecting in ${Math.round(this.retryMs / 100) / 10} s`, false);
      this.retryTimer = window.setTimeout(() => {
        this.retryTimer = undefined;
        this.connect();
      }, this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    });
  }

  /** docs/api.md "Live updates": which refusals end the subscription for good and which are worth another try. */
  private refused(code: string, detail: string): void {
    if (code === 'LIVE_UNAVAILABLE') {
      // The table could not be read (database down): reconnect later, from the last version seen.
      this.socket?.close();
      return;
    }
    if (code === 'UNAUTHENTICATED' || code === 'TABLE_NOT_FOUND') this.stop();
    this.listener.status(`live updates refused: ${detail} (${code})`, false);
  }

  private receive(text: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(text) as ServerMessage;
    } catch {
      return;
    }
    if (message.type === 'error') {
      this.refused(message.code, message.detail);
      return;
    }
    if (message.type === 'access') {
      this.listener.access?.(message.tableId, message.detail);
      return;
    }
    if (message.type === 'released') {
      this.listener.released?.(message.tableId);
      return;
    }
    if (!this.followed.has(message.tableId)) return;
    // Only what arrived here counts as seen: a command's own answer may overtake another console's change that
    // /live has not delivered yet, and a reconnection must still ask for that one.
    if (message.type === 'events') {
      this.followed.set(message.tableId, message.toVersion);
      this.listener.events(message.events, message.tableId);
    } else if (message.type === 'table') {
      this.followed.set(message.tableId, message.version);
      this.listener.table(message.view);
      if (!this.subscribed) {
        // The first table message of a subscription: the catch-up (if any) is done, the connection is good.
        this.subscribed = true;
        this.reconnecting = false;
        this.retryMs = 500;
        this.listener.status(this.catchingUpFrom !== null ? `live (caught up from version ${this.catchingUpFrom})` : 'live', true);
      }
    }
  }
}

/** /live on this page's host, over TLS when the page is, with the access token when there is one (the board has none). */
export function liveUrl(token: string | null): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/live${token ? `?access_token=${encodeURIComponent(token)}` : ''}`;
}
