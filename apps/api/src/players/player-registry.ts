import { Inject, Injectable, Logger, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { EventStore, START, type Database, type Position, type RecordedEvent } from '@felt/event-store';
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
import { DATABASE } from '../database/database.module';
import { loadRegistrySnapshot, saveRegistrySnapshot } from './registry-snapshot';

/** How often the registry reads what other API processes appended: a list update takes effect within a second. */
export const REGISTRY_POLL_MS = 250;
const PAGE = 5000;
/** Events read from the log after which a new snapshot is kept: a process starting then reads about this many at most. */
export const REGISTRY_SNAPSHOT_EVERY = 5000;
const REGISTRY_PREFIXES = [PLAYER_STREAM_PREFIX, EXCLUSION_STREAM_PREFIX];

/**
 * The registry folded in memory (RegistryIndex: every player and every exclusion entry, the seat check's few map
 * lookups), kept current by tailing the gap-safe log's registry streams (player-*, exclusions-*): at start from its beginning, then every REGISTRY_POLL_MS and
 * before any registry command; this process's own commands are applied as they are appended. Each stream's version
 * is remembered, so an event is applied once however it arrives. At start the kept snapshot (registry-snapshot.ts:
 * the index, the versions and the place read up to) is read first, so only what came after is read from the log;
 * a process that has read REGISTRY_SNAPSHOT_EVERY events since keeps a new one.
 */
@Injectable()
export class PlayerRegistry implements OnModuleInit, OnApplicationShutdown {
  index = new RegistryIndex();
  /** The time a seat check is made at: one place, so a test can move it past a ban's end without waiting for it. */
  now: () => number = () => Date.now();
  private versions = new Map<string, number>();
  private position: Position | undefined;
  private readSinceSnapshot = 0;
  private readInAll = 0;
  /** Events read after which a new snapshot is kept (tests lower it). */
  snapshotEvery = REGISTRY_SNAPSHOT_EVERY;
  /** Events read from the log at start, after the snapshot if one was kept (docs/benchmarks.md "Players"). */
  readAtStart = 0;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | null = null;
  private readonly logger = new Logger('PlayerRegistry');

  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DATABASE) private readonly db: Database,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.restore();
    await this.catchUp();
    this.readAtStart = this.readInAll;
    this.timer = setInterval(() => {
      this.catchUp().catch((error: unknown) => this.logger.warn(`registry tail: ${String(error)}`));
    }, REGISTRY_POLL_MS);
    this.timer.unref();
  }

  /** Stops the tail; a read under way ends first (it must not outlive the database). */
  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.reading?.catch(() => undefined);
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

  /**
   * Keeps the index as it is now, with the place read up to. Events this process applied as it appended them may
   * be past that place: a process starting from the snapshot reads them again and skips them by their versions.
   */
  async saveSnapshot(): Promise<boolean> {
    const position = this.position ?? START;
    const snapshot = { position, index: this.index.toJson(), versions: [...this.versions] };
    this.readSinceSnapshot = 0;
    return saveRegistrySnapshot(this.db, snapshot);
  }

  /** The kept snapshot, if any and of a format this code reads; else the fold starts from the log's beginning. */
  private async restore(): Promise<void> {
    const kept = await loadRegistrySnapshot(this.db);
    const index = kept ? RegistryIndex.fromJson(kept.index) : null;
    if (!kept || !index) return;
    this.index = index;
    this.versions = new Map(kept.versions);
    this.position = kept.position;
  }

  private async readNewer(): Promise<void> {
    for (;;) {
      // Only the registry's own streams: the tables' events are neither shipped here nor scanned again.
      const page = await this.store.readAllOfStreams(REGISTRY_PREFIXES, { after: this.position ?? START, limit: PAGE });
      for (const e of page.events) this.applyRecorded(e);
      this.position = page.next;
      this.readSinceSnapshot += page.events.length;
      this.readInAll += page.events.length;
      if (page.events.length < PAGE) break;
    }
    if (this.readSinceSnapshot >= this.snapshotEvery) {
      // A snapshot not kept costs only a longer start: the tail goes on.
      await this.saveSnapshot().catch((error: unknown) => this.logger.warn(`registry snapshot not kept: ${String(error)}`));
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
