import { Module } from '@nestjs/common';
import { PlayersModule } from '../players/players.module';
import { RoomModule } from '../room/room.module';
import { TablesModule } from '../tables/tables.module';
import { ApplyTournamentCommandHandler } from './apply-tournament-command';
import { ClockBoardController } from './clock-board.controller';
import { TournamentListController } from './tournament-list.controller';
import { TournamentStreams } from './tournament-streams';
import { TournamentHandEnds } from './tournament-hand-ends';
import { TournamentSweep } from './tournament-sweep';
import { TournamentTables } from './tournament-tables';
import { TournamentsController } from './tournaments.controller';

/** Tournaments (libs/tournament): the floor's routes, the dealers' table needs, the public clock board (docs/tournaments.md). */
@Module({
  imports: [TablesModule, RoomModule, PlayersModule],
  controllers: [ClockBoardController, TournamentListController, TournamentsController],
  providers: [TournamentStreams, TournamentHandEnds, TournamentTables, TournamentSweep, ApplyTournamentCommandHandler],
})
export class TournamentsModule {}
