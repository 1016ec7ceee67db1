import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { EventStore } from '@felt/event-store';
import { isAlive, tournamentIdOf, TOURNAMENT_STREAM_CATEGORY } from '@felt/tournament';
import { Roles } from '../auth/access-decorators';
import { sendJson, type HttpResponse } from '../http/http-types';
import { SUCCESS_STATUS } from '../http/status-mapping';
import { TournamentStreams } from './tournament-streams';

/**
 * GET /tournaments: the floor's list of tournaments (the console's tournament screen opens one from it): id, name,
 * status, entries and players left. Nothing a player could be known by; the whole tournament is GET /tournaments/:id.
 */
@ApiTags('tournaments')
@ApiBearerAuth()
@Controller('tournaments')
@Roles('floor')
export class TournamentListController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(TournamentStreams) private readonly streams: TournamentStreams,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every tournament: id, name, status, entries, players left (the floor)' })
  async list(@Res() res: HttpResponse) {
    const tournaments = [];
    for (const row of await this.store.listStreams({ category: TOURNAMENT_STREAM_CATEGORY })) {
      const id = tournamentIdOf(row.streamId);
      if (id === null) continue;
      const { state } = await this.streams.caughtUp(id);
      if (!state.structure) continue;
      tournaments.push({
        tournamentId: id,
        name: state.structure.name,
        status: state.status,
        entries: state.buyIns.entries,
        playersLeft: state.entries.filter(isAlive).length,
      });
    }
    sendJson(res, SUCCESS_STATUS.read, { tournaments });
  }
}
