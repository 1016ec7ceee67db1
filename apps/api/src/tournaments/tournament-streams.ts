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
 */
@Injectable()
export class TournamentStreams {
  private readonly folded = new Map<string, FoldedTournament>();

  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async caughtUp(tournamentId: string): Promise<FoldedTournament> {
    const cached = this.folded.get(tournamentId) ?? { tournamentId, state: tournamentDecider.initialState, version: 0 };
    const newer = await this.store.readStream(tournamentStreamIdOf(tournamentId), { fromVersion: cached.version + 1 });
    if (newer.length === 0) return cached;
    return this.advance(cached, newer.map(toTournamentEvent), newer[newer.length - 1]!.streamVersion);
  }

  /** The fold after `events` were appended as versions folded.version+1 .. version. */
  advance(from: FoldedTournament, events: readonly TournamentEvent[], version: number): FoldedTournament {
    const state = events.reduce(tournamentDecider.evolve, from.state);
    const next = { tournamentId: from.tournamentId, state, version };
    const cached = this.folded.get(from.tournamentId);
    if (!cached || cached.version < version) this.folded.set(from.tournamentId, next);
    return next;
  }

  /** The tournament (not finished) that plays at `tableId`: a table broken or of a finished tournament belongs to none. */
  async ofTable(tableId: string): Promise<FoldedTournament | undefined> {
    for (const row of await this.store.listStreams({ category: TOURNAMENT_STREAM_CATEGORY })) {
      const id = tournamentIdOf(row.streamId);
      if (id === null) continue;
      const cached = this.folded.get(id);
      const folded = cached && cached.version >= row.version ? cached : await this.caughtUp(id);
      if (folded.state.status !== 'finished' && folded.state.tables.some((t) => t.tableId === tableId && !t.broken)) return folded;
    }
    return undefined;
  }
}
