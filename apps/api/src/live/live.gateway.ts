import type { IncomingMessage } from 'node:http';
import { Inject } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayDisconnect } from '@nestjs/websockets';
import type { WebSocket } from 'ws';
import { LiveAccessWatch } from './live-access-watch';
import { LiveAudience } from './live-audience';
import { LiveConnection } from './live-connection';
import { LiveFeed } from './live-feed';
import { LIVE_LIMITS } from './live-limits';
import { RoomLive } from '../room/room-live';

/**
 * ws://host:port/live (docs/api.md "Live updates"), on the API's own port through the WsAdapter. Each connection
 * reads its own messages (LiveConnection) rather than through @SubscribeMessage: the protocol's messages are
 * `{type: ...}`, they must be answered in order, and a malformed one needs an error reply, not silence.
 */
@WebSocketGateway({ path: '/live', maxPayload: LIVE_LIMITS.maxMessageBytes })
export class LiveGateway implements OnGatewayConnection, OnGatewayDisconnect {
  private readonly connections = new WeakMap<WebSocket, LiveConnection>();

  constructor(
    @Inject(LiveFeed) private readonly feed: LiveFeed,
    @Inject(LiveAudience) private readonly audience: LiveAudience,
    @Inject(LiveAccessWatch) private readonly watch: LiveAccessWatch,
    @Inject(RoomLive) private readonly room: RoomLive,
  ) {}

  handleConnection(socket: WebSocket, request: IncomingMessage): void {
    const connection = new LiveConnection(socket, this.audience.admit(request), this.feed, this.audience, this.watch, this.room);
    this.connections.set(socket, connection);
    socket.on('message', (data, isBinary) => connection.receive(data, isBinary));
  }

  handleDisconnect(socket: WebSocket): void {
    this.connections.get(socket)?.dispose();
    this.connections.delete(socket);
  }
}
