import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { EventStore, type AppendNotifications } from '@felt/event-store';
import { LiveFeed } from './live-feed';

/**
 * Wakes the live feed's log tail on every append notification (PostgreSQL LISTEN felt_events, the same wake-up as
 * the outbox relay's): appends of other API processes reach /live at once instead of at the next poll, which stays
 * the fallback. On PGlite there is one process and WakeLiveOnCommand already wakes it.
 */
@Injectable()
export class WakeLiveOnAppend implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('LiveFeed');
  private notifications: AppendNotifications | undefined;

  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(LiveFeed) private readonly feed: LiveFeed,
  ) {}

  async onModuleInit(): Promise<void> {
    this.notifications = await this.store.listenForAppends(() => this.feed.wake(), {
      onError: (error) => this.logger.warn(`append notifications lost (${error.message}); polling until they are back`),
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.notifications?.close();
  }
}
