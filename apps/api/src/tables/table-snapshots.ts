import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { EVENT_SCHEMA_VERSION, type TableState } from '@felt/engine';
import { EventStore } from '@felt/event-store';

/**
 * Folded table states kept in the store's snapshots table, so a process that starts (or a table that fell out of
 * the in-memory cache) reads the snapshot and the few events after it, never the whole history.
 *
 * The stored document names its format. Bump SNAPSHOT_FORMAT whenever the engine's TableState changes shape:
 * snapshots of another format (or another event schema version) are ignored and the table is folded from its
 * first event, which is always correct, only slower once.
 */
export const SNAPSHOT_FORMAT = 'felt.table-state.v1';

interface SnapshotDocument {
  readonly format: string;
  readonly eventSchemaVersion: number;
  readonly state: TableState;
}

export function encodeSnapshot(state: TableState): SnapshotDocument {
  return { format: SNAPSHOT_FORMAT, eventSchemaVersion: EVENT_SCHEMA_VERSION, state };
}

/** The state inside a stored snapshot, or null if it was written in another format. */
export function decodeSnapshot(document: unknown): TableState | null {
  const d = document as Partial<SnapshotDocument> | null;
  if (!d || d.format !== SNAPSHOT_FORMAT || d.eventSchemaVersion !== EVENT_SCHEMA_VERSION || typeof d.state !== 'object') return null;
  return d.state as TableState;
}

@Injectable()
export class TableSnapshots implements OnModuleDestroy {
  private readonly logger = new Logger('TableSnapshots');
  /** Saves under way, one per table at most; awaited at shutdown so none is cut off. */
  private readonly saving = new Map<string, Promise<void>>();

  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async load(streamId: string): Promise<{ version: number; state: TableState } | null> {
    const snapshot = await this.store.loadSnapshot(streamId);
    if (!snapshot) return null;
    const state = decodeSnapshot(snapshot.state);
    if (!state) {
      this.logger.warn(`ignoring the snapshot of ${streamId} at v${snapshot.version}: not format ${SNAPSHOT_FORMAT}; folding from the first event`);
      return null;
    }
    return { version: snapshot.version, state };
  }

  /**
   * Saves in the background: off the command's path, so its latency does not pay for it. Skipped when a save of
   * the same table is still running (the next one falls due soon enough). A failed save only costs a longer fold later.
   */
  saveLater(streamId: string, version: number, state: TableState): void {
    if (this.saving.has(streamId)) return;
    const save = this.store
      .saveSnapshot(streamId, version, encodeSnapshot(state))
      .then(
        () => undefined,
        (error: Error) => this.logger.warn(`snapshot of ${streamId} at v${version} not saved: ${error.message}`),
      )
      .finally(() => this.saving.delete(streamId));
    this.saving.set(streamId, save);
  }

  /** Resolves when every background save has finished. */
  async flush(): Promise<void> {
    while (this.saving.size > 0) await Promise.all(this.saving.values());
  }

  async onModuleDestroy(): Promise<void> {
    await this.flush();
  }
}
