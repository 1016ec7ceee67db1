import { Module } from '@nestjs/common';
import { MoneyBooks } from '../accounting/money-books';
import { PlayersModule } from '../players/players.module';
import { TablesModule } from '../tables/tables.module';
import { ApplyRoomCommandHandler } from './apply-room-command';
import { BoardController } from './board.controller';
import { RoomClock } from './room-clock';
import { RoomController } from './room.controller';
import { RoomGames } from './room-games';
import { RoomLive } from './room-live';
import { RoomSeating } from './room-seating';
import { RoomFollowsTables } from './room-follows-tables';

/** The poker room around the tables: games, lists, seating, must-move (libs/room), the public board (docs/room.md). */
@Module({
  imports: [TablesModule, PlayersModule],
  controllers: [RoomController, BoardController],
  providers: [MoneyBooks, RoomClock, RoomGames, RoomLive, ApplyRoomCommandHandler, RoomSeating, RoomFollowsTables],
  // The book is folded once per process: the money routes and the board's jackpots read the same fold.
  exports: [RoomLive, RoomClock, MoneyBooks],
})
export class RoomModule {}
