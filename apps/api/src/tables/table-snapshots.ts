import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { TableState } from '@felt/engine';
import { EventStore } from '@felt/event-store';
import { DECK_SEAL, type DeckSeal, type SealedEnvelope } from './deck-seal';

/**
 * Folded table states kept in the store's snapshots table, so a process that starts (or a table that fell out of
 * the in-memory cache) reads the snapshot and the few events after it, never the whole history.
 *
 * The stored document names its format. Bump SNAPSHOT_FORMAT whenever the engine's TableState changes shape:
 * snapshots of another format are ignored and the table is folded from its first event, which is always correct,
 * only slower once. v2: a hand's state holds its sealed deck, so the state of a table with a hand is stored sealed
 * (deck-seal.ts) and the row shows no card; a table between hands is stored in the clear. v3: a hand's house-option
 * fields moved into `hand.house` (engine rule modules); a hand holds
 * the chain of its earlier states for floor corrections (HandState.lastAction), and seats may change (SeatChanged).
 * v4: the shot clock's slices (TableState.clock and clocksStarted, SeatState.timeBanksUsed). v5: the last actor of a
 * street moved from the betting round to the hand (HandState.lastActor).
 */
export const SNAPSHOT_FORMAT = 'felt.table-state.v5';

type SnapshotDocument =
  { readonly format: string; readonly state: TableState } | { readonly format: string; readonly sealedState: SealedEnvelope };

export function encodeSnapshot(state: TableState, seal: DeckSeal, streamId: string): SnapshotDocument {
  if (state.hand === null) return { format: SNAPSHOT_FORMAT, state };
  return { format: SNAPSHOT_FORMAT, sealedState: seal.seal(state, snapshotContext(streamId)) };
}

/** The state inside a stored snapshot, or null if it was written in another format. */
export function decodeSnapshot(document: unknown, seal: DeckSeal, streamId: string): TableState | null {
  const d = document as Partial<{ format: string; state: TableState; sealedState: SealedEnvelope }> | null;
  if (!d || d.format !== SNAPSHOT_FORMAT) return null;
  if (typeof d.sealedState === 'object' && d.sealedState !== null) return seal.open(d.sealedState, snapshotContext(streamId)) as TableState;
  return typeof d.state === 'object' ? d.state : null;
}

function snapshotContext(streamId: string): string {
  return `felt snapshot ${streamId}`;
}

@Injectable()
export class TableSnapshots implements OnModuleDestroy {
  private readonly logger = new Logger('TableSnapshots');
  /** Saves under way, one per table at most; awaited at shutdown so none is cut off. */
  private readonly saving = new Map<string, Promise<void>>();

  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DECK_SEAL) private readonly seal: DeckSeal,
  ) {}

  async load(streamId: string): Promise<{ version: number; state: TableState } | null> {
    const snapshot = await this.store.loadSnapshot(streamId);
    if (!snapshot) return null;
    const state = decodeSnapshot(snapshot.state, this.seal, streamId);
    if (!state) {
      this.logger.warn(
        `ignoring the snapshot of ${streamId} at v${snapshot.version}: not format ${SNAPSHOT_FORMAT}; folding from the first event`,
      );
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
      .saveSnapshot(streamId, version, encodeSnapshot(state, this.seal, streamId))
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
