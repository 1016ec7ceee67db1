import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { FoldedTables } from './folded-tables';
import type { FoldedTable } from './table-state-cache';
import { streamIdOf } from './table-stream';

/** A table's state with every event stored so far; null if the table has no event. */
export class GetTableQuery extends Query<FoldedTable | null> {
  constructor(readonly tableId: string) {
    super();
  }
}

@QueryHandler(GetTableQuery)
export class GetTableHandler implements IQueryHandler<GetTableQuery, FoldedTable | null> {
  constructor(@Inject(FoldedTables) private readonly tables: FoldedTables) {}

  async execute({ tableId }: GetTableQuery): Promise<FoldedTable | null> {
    const table = await this.tables.caughtUp(streamIdOf(tableId));
    return table.version > 0 ? table : null;
  }
}
