import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { clockBoard } from '@felt/tournament';
import { Public } from '../auth/access-decorators';
import { sendJson, type HttpResponse } from '../http/http-types';
import { SUCCESS_STATUS } from '../http/status-mapping';
import { RoomClock } from '../room/room-clock';
import { TournamentStreams } from './tournament-streams';
import { knownId, notFound } from './tournaments.controller';

/**
 * GET /tournaments/:id/clock: the public clock screen, no token, like the room's board: level, blinds, next level,
 * time left, entries, players left, average stack, prize pool and the payouts by place. No player id, alias, seat
 * or stack (libs/tournament board.ts; docs/security.md).
 */
@ApiTags('tournaments')
@Controller('tournaments')
export class ClockBoardController {
  constructor(
    @Inject(TournamentStreams) private readonly streams: TournamentStreams,
    @Inject(RoomClock) private readonly clock: RoomClock,
  ) {}

  @Get(':tournamentId/clock')
  @Public()
  @ApiOperation({ summary: 'The public clock board of a tournament (no token)' })
  async board(@Param('tournamentId') tournamentId: string, @Res() res: HttpResponse) {
    const folded = await this.streams.caughtUp(knownId(tournamentId));
    if (folded.version === 0) throw notFound(tournamentId);
    res.header('Cache-Control', 'no-store');
    sendJson(res, SUCCESS_STATUS.read, { version: folded.version, ...clockBoard(folded.state, this.clock.at()) });
  }
}
