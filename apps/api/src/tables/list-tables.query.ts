import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { EventStore } from '@felt/event-store';
import { tableIdOf, TABLE_STREAM_CATEGORY } from './table-stream';

export interface TableListing {
  readonly tableId: string;
  readonly version: number;
  readonly openedAt: string;
  readonly updatedAt: string;
}

/** Every table with at least one event, by id. */
export class ListTablesQuery extends Query<TableListing[]> {}

@QueryHandler(ListTablesQuery)
export class ListTablesHandler implements IQueryHandler<ListTablesQuery, TableListing[]> {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async execute(): Promise<TableListing[]> {
    const streams = await this.store.listStreams({ category: TABLE_STREAM_CATEGORY });
    return streams.map((s) => ({ tableId: tableIdOf(s.streamId), version: s.version, openedAt: s.createdAt, updatedAt: s.updatedAt }));
  }
}
