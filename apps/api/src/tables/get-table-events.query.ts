import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EventStore, type RecordedEvent } from '@felt/event-store';
import { DECK_SEAL, type DeckSeal } from './deck-seal';
import { openedRecord, streamIdOf } from './table-stream';

export interface TableEventsPage {
  /** The table's version when the page was read. */
  readonly version: number;
  readonly events: RecordedEvent[];
  /** Where the next page starts, or null when this page reached the table's last event. */
  readonly nextFromVersion: number | null;
}

/** One page of a table's events in version order; null if the table has no event. */
export class GetTableEventsQuery extends Query<TableEventsPage | null> {
  constructor(
    readonly tableId: string,
    readonly fromVersion: number,
    readonly limit: number,
  ) {
    super();
  }
}

@QueryHandler(GetTableEventsQuery)
export class GetTableEventsHandler implements IQueryHandler<GetTableEventsQuery, TableEventsPage | null> {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DECK_SEAL) private readonly seal: DeckSeal,
  ) {}

  async execute({ tableId, fromVersion, limit }: GetTableEventsQuery): Promise<TableEventsPage | null> {
    const streamId = streamIdOf(tableId);
    // The version first: events appended after it are left for the next page rather than half-reported.
    const version = await this.store.streamVersion(streamId);
    if (version === 0) return null;
    // Hole cards opened: the caller shows each event through the visibility rule.
    const events = (await this.store.readStream(streamId, { fromVersion, toVersion: version, limit })).map((e) =>
      openedRecord(e, this.seal),
    );
    const last = events.length > 0 ? events[events.length - 1]!.streamVersion : fromVersion - 1;
    return { version, events, nextFromVersion: last < version ? last + 1 : null };
  }
}
