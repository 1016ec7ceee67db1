import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { EventStore, type RecordedEvent } from '@felt/event-store';
import {
  tableOrdersFor,
  tournamentDecider,
  tournamentIdOf,
  toTournamentEvent,
  TOURNAMENT_STREAM_CATEGORY,
  type TournamentState,
} from '@felt/tournament';
import type { CommandMetadata } from '../tables/command-request';
import { TournamentTables } from './tournament-tables';

/** The actor of the table commands the API re-sends on its own at start. */
const AT_START: CommandMetadata = { actorId: 'felt:start', actorRole: 'system', device: null };

/**
 * At every start: the tables' commands a tournament's events ask for (tableOrdersFor) that no table has applied,
 * sent now. The tournament writes its events first and its tables follow in the same request; a crash in between
 * leaves the tournament ahead of its tables (a player drawn but not seated, a bust still in his seat); a batch of hand
 * ends on the happy path writes its tables' commands in its own transaction (TournamentHandEnds). Each table
 * command's id derives from its event's (`<eventId>.<key>`), so one that was applied is found by its id and never
 * sent twice, by this sweep or by a retry. Tournaments still running only: a finished one closed its tables.
 */
@Injectable()
export class TournamentSweep implements OnApplicationBootstrap {
  private readonly logger = new Logger('TournamentSweep');

  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(TournamentTables) private readonly tables: TournamentTables,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const sent = await this.sweep();
      if (sent > 0) this.logger.warn(`${sent} tournament table command(s) were missing after the last stop and have been sent`);
    } catch (error) {
      // The API still starts (the database may be briefly away): the next start, or the floor's retry of the same
      // request, sends what is missing.
      this.logger.error({ error: (error as Error).message }, 'the tournament tables could not be swept');
    }
  }

  /** Sends every missing table command of the running tournaments, in their events' order; how many were sent. */
  async sweep(): Promise<number> {
    let sent = 0;
    for (const row of await this.store.listStreams({ category: TOURNAMENT_STREAM_CATEGORY })) {
      if (tournamentIdOf(row.streamId) === null) continue;
      try {
        sent += await this.sweepOne(await this.store.readStream(row.streamId));
      } catch (error) {
        // A table that refuses a command stops its tournament's sweep (the floor sees it), not the others'.
        this.logger.error(
          { streamId: row.streamId, error: (error as Error).message },
          "a tournament's tables could not be brought up to date",
        );
      }
    }
    return sent;
  }

  private async sweepOne(recorded: readonly RecordedEvent[]): Promise<number> {
    let sent = 0;
    let state: TournamentState = tournamentDecider.initialState;
    const groups = byCommand(recorded);
    const finished = groups.reduce((s, g) => g.reduce((x, e) => tournamentDecider.evolve(x, toTournamentEvent(e)), s), state);
    if (finished.status === 'finished' || finished.structure?.tables === 'reported') return 0;
    // Orders are computed on the tournament after their whole command, as the request that wrote them did.
    for (const group of groups) {
      state = group.reduce((s, e) => tournamentDecider.evolve(s, toTournamentEvent(e)), state);
      for (const recordedEvent of group)
        for (const order of tableOrdersFor(toTournamentEvent(recordedEvent), state)) {
          const commandId = `${recordedEvent.eventId}.${order.key}`;
          if (await this.store.findCommand(commandId)) continue;
          await this.tables.send(order.tableId, order.command, commandId, AT_START);
          sent++;
        }
    }
    return sent;
  }
}

/** A stream's events in the groups their commands appended (one command id each, in order). */
function byCommand(events: readonly RecordedEvent[]): RecordedEvent[][] {
  const groups: RecordedEvent[][] = [];
  for (const e of events) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.metadata.commandId === e.metadata.commandId) last.push(e);
    else groups.push([e]);
  }
  return groups;
}
