import { Inject, Injectable } from '@nestjs/common';
import {
  tournamentDecider,
  tournamentIdOf,
  tournamentStreamIdOf,
  toTournamentEvent,
  TOURNAMENT_STREAM_CATEGORY,
  type TournamentEvent,
  type TournamentState,
} from '@felt/tournament';
import { EventStore } from '@felt/event-store';

export interface FoldedTournament {
  readonly tournamentId: string;
  readonly state: TournamentState;
  readonly version: number;
}

/**
 * The tournaments folded from their streams, kept in memory (a 600-entry event is some thousands of events):
 * `caughtUp` reads only the events after the cached version, so another API process's appends are seen first.
 * Which tournament plays at a table is an index (`byTable`, from the TableAdded events folded here): a table command
 * finds its tournament with one lookup and one read of that tournament's newer events, whatever the number of
 * tournaments. A table id is never reused (AddTable refuses a table that exists), so an entry never goes stale.
 */
@Injectable()
export class TournamentStreams {
  private readonly folded = new Map<string, FoldedTournament>();
  private readonly byTable = new Map<string, string>();

  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async caughtUp(tournamentId: string): Promise<FoldedTournament> {
    const cached = this.folded.get(tournamentId) ?? { tournamentId, state: tournamentDecider.initialState, version: 0 };
    const newer = await this.store.readStream(tournamentStreamIdOf(tournamentId), { fromVersion: cached.version + 1 });
    if (newer.length === 0) return cached;
    return this.advance(cached, newer.map(toTournamentEvent), newer[newer.length - 1]!.streamVersion);
  }

  /**
   * The tournament as this process last folded it (no read), or undefined when it has not. Another process may have
   * appended since: a write at this fold's version is then refused, and the writer reads `caughtUp`.
   */
  known(tournamentId: string): FoldedTournament | undefined {
    return this.folded.get(tournamentId);
  }

  /** The tournament (not finished) playing at `tableId` as this process last folded it, without a read; else undefined. */
  knownAtTable(tableId: string): FoldedTournament | undefined {
    const id = this.byTable.get(tableId);
    const folded = id === undefined ? undefined : this.folded.get(id);
    return folded && inPlayAt(folded, tableId) ? folded : undefined;
  }

  /** The fold after `events` were appended as versions folded.version+1 .. version. */
  advance(from: FoldedTournament, events: readonly TournamentEvent[], version: number): FoldedTournament {
    const state = events.reduce(tournamentDecider.evolve, from.state);
    const next = { tournamentId: from.tournamentId, state, version };
    for (const e of events) if (e.type === 'TableAdded') this.byTable.set(e.tableId, from.tournamentId);
    const cached = this.folded.get(from.tournamentId);
    if (!cached || cached.version < version) this.folded.set(from.tournamentId, next);
    return next;
  }

  /**
   * The tournament (not finished) that plays at `tableId`: a table broken or of a finished tournament belongs to none.
   * Asked only of tables with tournament rules. A table this process has not seen added (another process added it,
   * or this one just started) is looked for once in every tournament stream, which fills the index.
   */
  async ofTable(tableId: string): Promise<FoldedTournament | undefined> {
    const id = this.byTable.get(tableId) ?? (await this.scanFor(tableId));
    if (id === undefined) return undefined;
    const folded = await this.caughtUp(id);
    return inPlayAt(folded, tableId) ? folded : undefined;
  }

  private async scanFor(tableId: string): Promise<string | undefined> {
    for (const row of await this.store.listStreams({ category: TOURNAMENT_STREAM_CATEGORY })) {
      const id = tournamentIdOf(row.streamId);
      const cached = id === null ? undefined : this.folded.get(id);
      if (id !== null && (!cached || cached.version < row.version)) await this.caughtUp(id);
    }
    return this.byTable.get(tableId);
  }
}

/** Whether the tournament still plays at the table: not finished, the table not broken. */
const inPlayAt = (folded: FoldedTournament, tableId: string): boolean =>
  folded.state.status !== 'finished' && folded.state.tables.some((t) => t.tableId === tableId && !t.broken);
