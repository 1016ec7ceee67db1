import { Inject, Injectable } from '@nestjs/common';
import { tableDecider, type TableEngine, type TableState } from '@felt/engine';
import { EventStore } from '@felt/event-store';
import { loadHouseRules } from '@felt/regulator';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { DECK_SEAL, type DeckSeal } from './deck-seal';
import { toTableEvent } from './table-stream';
import { TableSnapshots } from './table-snapshots';
import { TableStateCache, type FoldedTable } from './table-state-cache';

/** Events read per query while folding a long history, so memory stays bounded. */
const FOLD_PAGE = 5000;

const NO_TABLE: FoldedTable = { state: tableDecider.initialState, version: 0, snapshotVersion: 0 };

/**
 * Where command handlers and queries get a table's folded state: the in-memory cache first; on a miss, the
 * stored snapshot plus the events after it. The cost of a command therefore depends on the events since the last
 * snapshot (at most `snapshotEvery` on a cold start, none when cached), never on the table's whole history.
 */
@Injectable()
export class FoldedTables {
  /** The engine of every table of this process: the default house options and the casino's own (FELT_HOUSE_RULES). */
  readonly engine: TableEngine;
  readonly cache: TableStateCache;

  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(TableSnapshots) private readonly snapshots: TableSnapshots,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(DECK_SEAL) readonly seal: DeckSeal,
  ) {
    this.cache = new TableStateCache(config.tableCacheSize);
    this.engine = config.houseRules === undefined ? tableDecider : loadHouseRules(config.houseRules);
  }

  /**
   * The table as this process last knew it (no read when cached). Another process may have appended since: the
   * append's expected version catches that, and the caller then asks for `caughtUp`.
   */
  async current(streamId: string): Promise<FoldedTable> {
    return this.cache.get(streamId) ?? (await this.load(streamId));
  }

  /** The table with every event the store has for it now: `from` (or the cached fold) plus the newer events. */
  async caughtUp(streamId: string, from?: FoldedTable): Promise<FoldedTable> {
    const start = from ?? this.cache.get(streamId);
    if (!start) return this.load(streamId);
    const table = await this.foldNewer(streamId, start);
    if (table.version > 0) this.remember(streamId, table);
    return table;
  }

  /**
   * The table at `version` or later: the cached fold when it is that far already (no read at all), else caught up.
   * For lists, whose page query has just read each table's version.
   */
  async atLeast(streamId: string, version: number): Promise<FoldedTable> {
    const cached = this.cache.get(streamId);
    return cached && cached.version >= version ? cached : this.caughtUp(streamId, cached);
  }

  /** The fold after this process appended a decision's events as versions table.version+1 .. version: the state decide returned. */
  advance(streamId: string, table: FoldedTable, state: TableState, version: number): FoldedTable {
    const next: FoldedTable = { state, version, snapshotVersion: table.snapshotVersion };
    return this.remember(streamId, next);
  }

  private async load(streamId: string): Promise<FoldedTable> {
    const snapshot = await this.snapshots.load(streamId);
    const start: FoldedTable = snapshot
      ? { state: snapshot.state, version: snapshot.version, snapshotVersion: snapshot.version }
      : NO_TABLE;
    const table = await this.foldNewer(streamId, start);
    // Unknown tables are not cached: a stream of requests for made-up ids must not push real tables out.
    return table.version > 0 ? this.remember(streamId, table) : table;
  }

  private async foldNewer(streamId: string, table: FoldedTable): Promise<FoldedTable> {
    let { state, version } = table;
    for (;;) {
      const page = await this.store.readStream(streamId, { fromVersion: version + 1, limit: FOLD_PAGE });
      for (const recorded of page) {
        if (recorded.streamVersion !== version + 1)
          throw new Error(`${streamId}: expected v${version + 1}, read v${recorded.streamVersion}`);
        state = this.engine.evolve(state, toTableEvent(recorded, this.seal, this.engine));
        version = recorded.streamVersion;
      }
      if (page.length < FOLD_PAGE) break;
    }
    return version === table.version ? table : { state, version, snapshotVersion: table.snapshotVersion };
  }

  /** Caches the fold and, when the last snapshot is `snapshotEvery` events behind, saves a new one in the background. */
  private remember(streamId: string, table: FoldedTable): FoldedTable {
    let kept = table;
    if (table.version - table.snapshotVersion >= this.config.snapshotEvery) {
      this.snapshots.saveLater(streamId, table.version, table.state);
      kept = { ...table, snapshotVersion: table.version };
    }
    this.cache.remember(streamId, kept);
    return kept;
  }
}
