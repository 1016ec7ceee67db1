import { Module } from '@nestjs/common';
import { ApplyTableCommandHandler, ApplyTableCommandsHandler } from './apply-table-command.handler';
import { FoldedTables } from './folded-tables';
import { GetTableEventsHandler } from './get-table-events.query';
import { GetTableHandler } from './get-table.query';
import { ListTablesHandler } from './list-tables.query';
import { TableCommandsController } from './table-commands.controller';
import { TableQueriesController } from './table-queries.controller';
import { RequestFingerprints } from './request-fingerprint';
import { TableSnapshots } from './table-snapshots';
import { TableFollowUps } from './table-follow-ups';
import { deckSealProvider, DECK_SEAL } from './deck-seal';
import { TableClock } from './table-clock';
import { ApprovalsController } from './approvals.controller';
import { TableCommandRunner } from './table-command-runner';
import { PlayersModule } from '../players/players.module';

@Module({
  imports: [PlayersModule],
  controllers: [TableCommandsController, TableQueriesController, ApprovalsController],
  providers: [
    TableCommandRunner,
    TableClock,
    deckSealProvider,
    TableFollowUps,
    RequestFingerprints,
    TableSnapshots,
    FoldedTables,
    ApplyTableCommandHandler,
    ApplyTableCommandsHandler,
    GetTableHandler,
    ListTablesHandler,
    GetTableEventsHandler,
  ],
  exports: [FoldedTables, TableFollowUps, TableSnapshots, DECK_SEAL, RequestFingerprints, TableClock],
})
export class TablesModule {}
