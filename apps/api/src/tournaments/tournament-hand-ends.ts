import { Inject, Injectable } from '@nestjs/common';
import { CommandIdReusedError, EventStore, type RecordedEvent, type Transaction } from '@felt/event-store';
import { decideHandEnds, toNewTournamentEvent, tournamentStreamIdOf, type HandEndDecision, type TournamentState } from '@felt/tournament';
import { RoomClock } from '../room/room-clock';
import type { CommandMetadata } from '../tables/command-request';
import { FoldedTables } from '../tables/folded-tables';
import { streamIdOf } from '../tables/table-stream';
import { drawKeys, timedDecide } from './apply-tournament-command';
import type { HandEndStep } from './hand-end-timings';
import { TournamentStreams } from './tournament-streams';

/** One table's hand end to record: the table, the RecordHand's id (derived from HandEnded's), who sent the hand's last command. */
export interface HandEndItem {
  readonly tableId: string;
  readonly commandId: string;
  readonly metadata: CommandMetadata;
  /** The table's version at its HandEnded (this process appended it): its fold is read from memory from there on. */
  readonly tableVersion: number;
}

/** A hand end recorded with the others of its batch: its events as written, and the tournament after them. */
export interface RecordedHandEnd {
  readonly events: readonly RecordedEvent[];
  readonly state: TournamentState;
}

/** The batch cannot be written as decided: a command id seen before, another process's append, a refusal. */
class NotAsDecided extends Error {}

/**
 * Several tables' hand ends of one tournament recorded together (docs/tournaments.md "One tournament's table work in
 * order"): every table read at once, the RecordHands decided in order by the pure decideHandEnds (each on the state
 * the ones before left), and all their events appended in one transaction at the version the fold was read at, each
 * with its own command record (exactly once, as one at a time). Run in the tournament's queue, once every table
 * command decided before has been applied, with distinct tables.
 */
@Injectable()
export class TournamentHandEnds {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(TournamentStreams) private readonly streams: TournamentStreams,
    @Inject(FoldedTables) private readonly tables: FoldedTables,
    @Inject(RoomClock) private readonly clock: RoomClock,
  ) {}

  /**
   * The hand ends recorded, in order; null when anything is not the happy path (a refusal, a retried hand end, a
   * race with another process): nothing is written then, and the caller records them one at a time, which answers
   * each of those cases as a single command does.
   */
  async record(
    tournamentId: string,
    items: readonly HandEndItem[],
    mark: (step: HandEndStep) => void = () => undefined,
  ): Promise<RecordedHandEnd[] | null> {
    // Read from memory (nothing read when this process has them): another process's append to the tournament since
    // makes the append below conflict, and the one-at-a-time path then reads everything anew. A player the
    // tournament seated at a table after its hand end is added as an arrival (withArrivals), read or not.
    const [folded, tables] = await Promise.all([
      this.streams.known(tournamentId) ?? this.streams.caughtUp(tournamentId),
      Promise.all(items.map((item) => this.tables.atLeast(streamIdOf(item.tableId), item.tableVersion))),
    ]);
    mark('read');
    const at = this.clock.at();
    const ends = items.map((item, i) => ({
      tableId: item.tableId,
      button: tables[i]!.state.lastPositions?.button ?? 0,
      seats: tables[i]!.state.seats.filter((s) => s !== null),
      at,
      keys: drawKeys(),
    }));
    const { decisions } = decideHandEnds(folded.state, ends, timedDecide);
    const accepted = decisions.filter((d): d is Extract<HandEndDecision, { ok: true }> => d.ok);
    mark('decide');
    if (accepted.length < decisions.length) return null;
    const written = await this.appendAll(tournamentStreamIdOf(tournamentId), folded.version, items, accepted);
    mark('append');
    if (!written) return null;
    let fold = folded;
    return written.map((events, i) => {
      fold = this.streams.advance(fold, accepted[i]!.events, events[events.length - 1]!.streamVersion);
      return { events, state: fold.state };
    });
  }

  /**
   * Every decision's events in one transaction, each append expecting the version the one before left; a batch of one
   * is a single append, shared with the appends made at the same moment (the store's group commit).
   */
  private async appendAll(
    streamId: string,
    version: number,
    items: readonly HandEndItem[],
    decisions: readonly Extract<HandEndDecision, { ok: true }>[],
  ): Promise<RecordedEvent[][] | null> {
    const append = async (i: number, expectedVersion: number, tx?: Transaction) => {
      const appended = await this.store.append(streamId, {
        ...(tx ? { tx } : {}),
        expectedVersion,
        commandId: items[i]!.commandId,
        metadata: { ...items[i]!.metadata },
        events: decisions[i]!.events.map(toNewTournamentEvent),
      });
      // Rolled back whole: the one-at-a-time path answers a retry with its first result, a race by deciding again.
      if (!appended.ok || appended.duplicate) throw new NotAsDecided();
      return appended;
    };
    try {
      if (decisions.length === 1) return [(await append(0, version)).events];
      return await this.store.transaction(async (tx) => {
        let expectedVersion = version;
        const written: RecordedEvent[][] = [];
        for (let i = 0; i < decisions.length; i++) {
          const appended = await append(i, expectedVersion, tx);
          expectedVersion = appended.streamVersion;
          written.push(appended.events);
        }
        return written;
      });
    } catch (error) {
      if (error instanceof NotAsDecided || error instanceof CommandIdReusedError) return null;
      throw error;
    }
  }
}
