import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import { EventStore } from '@felt/event-store';
import { tableIdSchema } from './table-command-schema';
import { streamIdOf, tableIdOf, TABLE_STREAM_CATEGORY } from './table-stream';

export interface TableListing {
  readonly tableId: string;
  readonly version: number;
  readonly openedAt: string;
  readonly updatedAt: string;
}

export interface TablePage {
  readonly tables: TableListing[];
  /** The `after` of the next page, or null when this page holds the last table. */
  readonly nextAfter: string | null;
}

/** ?after=<the last table id of the page before>&limit=N: the list routes' paging (docs/api.md "Lists are paged"). */
export function tablePageSchema(defaultLimit: number, maxLimit: number) {
  return z.strictObject({
    after: tableIdSchema.optional(),
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
  });
}

/** One page of the tables with at least one event, by id, after `after`. */
export class ListTablesQuery extends Query<TablePage> {
  constructor(
    readonly limit: number,
    readonly after?: string,
  ) {
    super();
  }
}

@QueryHandler(ListTablesQuery)
export class ListTablesHandler implements IQueryHandler<ListTablesQuery, TablePage> {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async execute({ limit, after }: ListTablesQuery): Promise<TablePage> {
    // One more than asked: whether it is there says whether a next page is.
    const streams = await this.store.listStreams({
      category: TABLE_STREAM_CATEGORY,
      after: after === undefined ? undefined : streamIdOf(after),
      limit: limit + 1,
    });
    const tables = streams
      .slice(0, limit)
      .map((s) => ({ tableId: tableIdOf(s.streamId), version: s.version, openedAt: s.createdAt, updatedAt: s.updatedAt }));
    return { tables, nextAfter: streams.length > limit ? tables[tables.length - 1]!.tableId : null };
  }
}
