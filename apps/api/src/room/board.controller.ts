import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth/access-decorators';
import { sendJson, type HttpResponse } from '../http/http-types';
import { SUCCESS_STATUS } from '../http/status-mapping';
import { RoomLive } from './room-live';

/**
 * GET /board: the room's public display (the TV, a phone), no token. Games running, seats open, list lengths and
 * the lists by alias (initials or a nickname), who is called to which table: never a player id, a name or a chip
 * count (libs/room board.ts; docs/security.md); and each jackpot or promotion fund's name and balance, nothing of who
 * paid in or was paid (libs/accounting jackpotBoard).
 */
@ApiTags('room')
@Controller('board')
export class BoardController {
  constructor(@Inject(RoomLive) private readonly live: RoomLive) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'The public board: games, seats open, lists by alias, jackpot balances (no token)' })
  async board(@Res() res: HttpResponse) {
    res.header('Cache-Control', 'no-store');
    sendJson(res, SUCCESS_STATUS.read, { games: await this.live.board(), jackpots: await this.live.jackpots() });
  }
}
