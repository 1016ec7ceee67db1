import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { RoomModule } from '../room/room.module';
import { TablesModule } from '../tables/tables.module';
import { LiveAccessWatch } from './live-access-watch';
import { LiveAudience } from './live-audience';
import { LiveFeed } from './live-feed';
import { LiveGateway } from './live.gateway';
import { WakeLiveOnAppend } from './wake-live-on-append';
import { WakeLiveOnCommand } from './wake-live-on-command.interceptor';

/** Live table updates over WebSocket at /live (the WsAdapter is set up in api-app.ts). */
@Module({
  imports: [TablesModule, RoomModule],
  providers: [
    LiveFeed,
    LiveAudience,
    LiveAccessWatch,
    LiveGateway,
    { provide: APP_INTERCEPTOR, useClass: WakeLiveOnCommand },
    WakeLiveOnAppend,
  ],
  exports: [LiveFeed, LiveAudience, LiveAccessWatch],
})
export class LiveModule {}
