import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { EventStore, START, type Position, type RecordedEvent } from '@felt/event-store';
import {
  EXCLUSION_STREAM_PREFIX,
  PLAYER_STREAM_PREFIX,
  listIdOf,
  playerIdOf,
  RegistryIndex,
  toRegistryEvent,
  type ExclusionEvent,
  type PlayerEvent,
} from '@felt/players';

/** How often the registry reads what other API processes appended: a list update takes effect within a second. */
export const REGISTRY_POLL_MS = 250;
const PAGE = 5000;
const REGISTRY_PREFIXES = [PLAYER_STREAM_PREFIX, EXCLUSION_STREAM_PREFIX];

/**
 * The registry folded in memory (RegistryIndex: every player and every exclusion entry, the seat check's few map
 * lookups), kept current by tailing the gap-safe log's registry streams (player-*, exclusions-*): at start from its beginning, then every REGISTRY_POLL_MS and
 * before any registry command; this process's own commands are applied as they are appended. Each stream's version
 * is remembered, so an event is applied once however it arrives.
 */
@Injectable()
export class PlayerRegistry implements OnModuleInit, OnApplicationShutdown {
  readonly index = new RegistryIndex();
  private readonly versions = new Map<string, number>();
  private position: Position | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | null = null;
  private readonly logger = new Logger('PlayerRegistry');

  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async onModuleInit(): Promise<void> {
    await this.catchUp();
    this.timer = setInterval(() => {
      this.catchUp().catch((error: unknown) => this.logger.warn(`registry tail: ${String(error)}`));
    }, REGISTRY_POLL_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  versionOf(streamId: string): number {
    return this.versions.get(streamId) ?? 0;
  }

  /** Reads the log after the last position read (one reader at a time: a second caller waits for the same read). */
  catchUp(): Promise<void> {
    this.reading ??= this.readNewer().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  /** One stream brought up to date (before a command is decided on it). */
  async stream(streamId: string): Promise<void> {
    const newer = await this.store.readStream(streamId, { fromVersion: this.versionOf(streamId) + 1 });
    for (const e of newer) this.applyRecorded(e);
  }

  /** Events this process just appended, as versions from..from+n-1. */
  applyAppended(streamId: string, events: readonly (PlayerEvent | ExclusionEvent)[], firstVersion: number): void {
    events.forEach((event, i) => this.apply(streamId, firstVersion + i, event));
  }

  private async readNewer(): Promise<void> {
    for (;;) {
      // Only the registry's own streams: the tables' events are neither shipped here nor scanned again.
      const page = await this.store.readAllOfStreams(REGISTRY_PREFIXES, { after: this.position ?? START, limit: PAGE });
      for (const e of page.events) this.applyRecorded(e);
      this.position = page.next;
      if (page.events.length < PAGE) return;
    }
  }

  private applyRecorded(recorded: RecordedEvent): void {
    const parsed = toRegistryEvent(recorded);
    if (parsed) this.apply(recorded.streamId, recorded.streamVersion, parsed.event);
  }

  private apply(streamId: string, version: number, event: PlayerEvent | ExclusionEvent): void {
    if (version <= this.versionOf(streamId)) return;
    const playerId = playerIdOf(streamId);
    if (playerId !== null) this.index.applyPlayer(playerId, event as PlayerEvent);
    else this.index.applyList(listIdOf(streamId)!, event as ExclusionEvent);
    this.versions.set(streamId, version);
  }
}
