import { Inject } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ApiProblem } from '../http/status-mapping';
import { FoldedTables } from './folded-tables';
import { tableIdSchema } from './table-command-schema';
import type { FoldedTable } from './table-state-cache';
import { streamIdOf } from './table-stream';

/**
 * A table's state with every event stored so far; null if the table has no event. `knownVersion`: the caller has
 * just read the table's version (a list's page): a cached fold that far along is answer enough.
 */
export class GetTableQuery extends Query<FoldedTable | null> {
  constructor(
    readonly tableId: string,
    readonly knownVersion?: number,
  ) {
    super();
  }
}

@QueryHandler(GetTableQuery)
export class GetTableHandler implements IQueryHandler<GetTableQuery, FoldedTable | null> {
  constructor(@Inject(FoldedTables) private readonly tables: FoldedTables) {}

  async execute({ tableId, knownVersion }: GetTableQuery): Promise<FoldedTable | null> {
    const streamId = streamIdOf(tableId);
    const table = knownVersion === undefined ? await this.tables.caughtUp(streamId) : await this.tables.atLeast(streamId, knownVersion);
    return table.version > 0 ? table : null;
  }
}

/** The table, or 404 TABLE_NOT_FOUND (also for a path id that cannot name a table). */
export async function existingTable(queryBus: QueryBus, tableId: string): Promise<FoldedTable> {
  const table = tableIdSchema.safeParse(tableId).success ? await queryBus.execute(new GetTableQuery(tableId)) : null;
  if (!table) throw ApiProblem.tableNotFound(tableId);
  return table;
}
