import { Inject, Injectable } from '@nestjs/common';
import {
  CommandIdReusedError,
  eventIdFor,
  EventStore,
  JointAppend,
  type Appended,
  type AppendRequest,
  type JointSlot,
  type RecordedEvent,
} from '@felt/event-store';
import { decideHandEnds, toNewTournamentEvent, tournamentStreamIdOf, type HandEndDecision, type TournamentState } from '@felt/tournament';
import { RoomClock } from '../room/room-clock';
import type { CommandMetadata } from '../tables/command-request';
import { FoldedTables } from '../tables/folded-tables';
import { streamIdOf } from '../tables/table-stream';
import { drawKeys, timedDecide } from './apply-tournament-command';
import type { HandEndStep } from './hand-end-timings';
import { ordersByTable, plannedOrders, type OrderToSend } from './tournament-table-orders';
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

/** The batch's hand ends recorded, in order, and the tables whose commands from them were written with them. */
export interface RecordedBatch {
  readonly ends: readonly RecordedHandEnd[];
  readonly joined: ReadonlySet<string>;
}

/**
 * Gives a table's commands to the joint write (StreamCommands.handleAll with `slot`: decided in the table's queue,
 * written in the tournament's transaction); it must give them or decline the slot.
 */
export type JoinTable = (tableId: string, orders: readonly OrderToSend[], slot: JointSlot) => Promise<unknown>;

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
   * each of those cases as a single command does. With `join`, the commands the batch decides at its tables (busts'
   * leaves, moves, a broken table's close, the seats its players are moved to) are written in the same transaction
   * (`joined`: those tables).
   */
  async record(
    tournamentId: string,
    items: readonly HandEndItem[],
    mark: (step: HandEndStep) => void = () => undefined,
    join?: JoinTable,
  ): Promise<RecordedBatch | null> {
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
    const appends = appendsOf(tournamentStreamIdOf(tournamentId), folded.version, items, accepted);
    const orders = join ? ordersAtTables(items, accepted) : new Map<string, OrderToSend[]>();
    const written = orders.size === 0 ? await this.appendAll(appends) : await this.appendJoined(appends, orders, join!);
    mark('append');
    if (!written) return null;
    let fold = folded;
    const recorded = written.map(({ events }, i) => {
      fold = this.streams.advance(fold, accepted[i]!.events, events[events.length - 1]!.streamVersion);
      return { events, state: fold.state };
    });
    return { ends: recorded, joined: new Set(orders.keys()) };
  }

  /**
   * Every decision's events in one statement and one transaction; a batch of one is a single append, shared with the
   * appends made at the same moment (the store's group commit).
   */
  private async appendAll(appends: readonly AppendRequest[]): Promise<readonly Appended[] | null> {
    if (appends.length > 1) return new JointAppend(this.store, 1).slots[0]!.write(appends);
    try {
      const appended = await this.store.append(appends[0]!.streamId, appends[0]!.options);
      // The one-at-a-time path answers a retry with its first result, a race by deciding again.
      return appended.ok && !appended.duplicate ? [appended] : null;
    } catch (error) {
      if (error instanceof CommandIdReusedError) return null;
      throw error;
    }
  }

  /**
   * The decisions' events and their tables' commands in one transaction (JointAppend): one commit, so that no crash
   * leaves a hand end recorded without its busts' leaves or its moves' seats, nor the reverse. Any table off the
   * happy path (a refusal, a retry, another writer) and nothing is written.
   */
  private async appendJoined(
    appends: readonly AppendRequest[],
    byTable: ReadonlyMap<string, readonly OrderToSend[]>,
    join: JoinTable,
  ): Promise<readonly Appended[] | null> {
    const joint = new JointAppend(this.store, 1 + byTable.size);
    const tables = [...byTable].map(async ([tableId, orders], i) => {
      const slot = joint.slots[i + 1]!;
      try {
        await join(tableId, orders, slot);
      } finally {
        slot.decline();
      }
    });
    // The tables' folds advanced (their queues left) before the hand ends are answered.
    const [written] = await Promise.all([joint.slots[0]!.write(appends), Promise.allSettled(tables)]);
    return written;
  }
}

/** Each decision's append, expecting the version the one before leaves. */
function appendsOf(
  streamId: string,
  version: number,
  items: readonly HandEndItem[],
  decisions: readonly Extract<HandEndDecision, { ok: true }>[],
): AppendRequest[] {
  let expectedVersion = version;
  return decisions.map((d, i) => {
    const options = {
      expectedVersion,
      commandId: items[i]!.commandId,
      metadata: { ...items[i]!.metadata },
      events: d.events.map(toNewTournamentEvent),
    };
    expectedVersion += d.events.length;
    return { streamId, options };
  });
}

/**
 * The batch's table commands by table, before anything is written (their ids derive from the events' ids, which
 * derive from the hand ends' command ids).
 */
function ordersAtTables(
  items: readonly HandEndItem[],
  decisions: readonly Extract<HandEndDecision, { ok: true }>[],
): Map<string, OrderToSend[]> {
  const planned = decisions.map((d, i) => ({
    orders: plannedOrders({
      events: d.events.map((event, e) => ({ eventId: eventIdFor(items[i]!.commandId, e), event })),
      state: d.after,
    }),
    metadata: items[i]!.metadata,
  }));
  return ordersByTable(planned);
}
