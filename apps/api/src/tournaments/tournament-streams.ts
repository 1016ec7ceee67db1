import { Inject, Injectable } from '@nestjs/common';
import { tournamentDecider, tournamentStreamIdOf, toTournamentEvent, type TournamentEvent, type TournamentState } from '@felt/tournament';
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
}
