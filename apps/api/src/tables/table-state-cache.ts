import type { TableState } from '@felt/engine';

/** A table's state folded from its events 1..version (version 0: no event yet). Never mutated once made. */
export interface FoldedTable {
  readonly state: TableState;
  readonly version: number;
  /** The version of the newest snapshot saved for this table (0: none), to know when the next one is due. */
  readonly snapshotVersion: number;
}

/**
 * The folded states of the tables in play, least recently used dropped first, so a command costs a decide and an
 * append however long the table's history is. Entries only move forward: a stale fold never replaces a newer one.
 */
export class TableStateCache {
  private readonly entries = new Map<string, FoldedTable>();

  constructor(readonly capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) throw new RangeError(`cache capacity must be >= 1, got ${capacity}`);
  }

  get(streamId: string): FoldedTable | undefined {
    const entry = this.entries.get(streamId);
    if (entry) {
      // Re-insert: Map keeps insertion order, so the first key is always the least recently used.
      this.entries.delete(streamId);
      this.entries.set(streamId, entry);
    }
    return entry;
  }

  /** Keeps `table` unless a later fold is already kept. */
  remember(streamId: string, table: FoldedTable): void {
    const current = this.entries.get(streamId);
    if (current && current.version > table.version) return;
    if (current && current.version === table.version && current.snapshotVersion >= table.snapshotVersion) return;
    this.entries.delete(streamId);
    this.entries.set(streamId, table);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as string);
  }

  forget(streamId: string): void {
    this.entries.delete(streamId);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
