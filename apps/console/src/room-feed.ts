import { liveUrl } from './live-connection.js';

/**
 * The room's channels on /live: `room` (the floor's board: every game's state, signed in as floor), `board` (the
 * public board, no token) or `jackpots` (each fund's name and balance, no token). Each message is the whole
 * picture, so a reconnection needs no catch-up: it subscribes again and the next message is right.
 */
export interface RoomFeedListener<G> {
  games(games: readonly G[]): void;
  status(text: string, connected: boolean): void;
}

const MAX_RETRY_MS = 10000;

export class RoomFeed<G> {
  private socket: WebSocket | null = null;
  private retryMs = 500;
  private retryTimer: number | undefined;
  private closed = false;

  constructor(
    private readonly channel: 'room' | 'board' | 'jackpots',
    private readonly token: () => string | null,
    private readonly listener: RoomFeedListener<G>,
  ) {}

  start(): void {
    this.connect();
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
      socket.send(JSON.stringify({ type: 'subscribe', channel: this.channel }));
      this.listener.status('subscribing…', false);
    });
    socket.addEventListener('message', (message) => {
      let data: { type: string; games?: G[]; jackpots?: G[]; code?: string; detail?: string };
      try {
        data = JSON.parse(String(message.data));
      } catch {
        return;
      }
      if (data.type === 'error') {
        this.listener.status(`live updates refused: ${data.detail} (${data.code})`, false);
        if (data.code === 'UNAUTHENTICATED' || data.code === 'FORBIDDEN_CHANNEL') this.stop();
        return;
      }
      const items = data.type === this.channel ? (data.games ?? data.jackpots) : undefined;
      if (!items) return;
      this.retryMs = 500;
      this.listener.status('live', true);
      this.listener.games(items);
    });
    socket.addEventListener('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      if (this.closed) return;
      this.listener.status(`disconnected; reconnecting in ${Math.round(this.retryMs / 100) / 10} s`, false);
      this.retryTimer = window.setTimeout(() => this.connect(), this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
    });
  }
}

/** "2:05" left until `deadline` (ISO-8601), or "time up". */
export function countdown(deadline: string, now = Date.now()): string {
  const left = Math.ceil((Date.parse(deadline) - now) / 1000);
  if (left <= 0) return 'time up';
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
}
