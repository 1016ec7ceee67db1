import { Controller, Get, Inject, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { EventStore, type RecordedEvent } from '@felt/event-store';
import { dayReport, dayReportCsv, ratedSessions } from '@felt/players';
import { Roles } from '../auth/access-decorators';
import { sendJson, type HttpResponse } from '../http/http-types';
import { parseInput } from '../http/parse-input';
import { TABLE_STREAM_CATEGORY } from '../tables/table-stream';
import { playerIdSchema } from './player-request';

const reportSchema = z.strictObject({
  day: z.iso.date({ error: 'day is a UTC date, YYYY-MM-DD' }),
  playerId: playerIdSchema.optional(),
  format: z.enum(['json', 'csv']).optional(),
});

/**
 * Rated play (docs/players.md "Sessions"): a UTC day's minutes per player, table and stake, seated and played
 * (breaks out), from the tables' events through the session ledger; JSON or CSV for a player-tracking system.
 * Floor only: it names players by their pseudonymous ids, never by name.
 */
@ApiTags('players')
@ApiBearerAuth()
@Controller('player-sessions')
@Roles('floor')
export class SessionsController {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  @Get()
  @ApiOperation({
    summary: "A day's rated play: ?day=YYYY-MM-DD[&playerId=…][&format=csv]; minutes seated and played per player, table and stake",
  })
  async report(@Query() query: Record<string, unknown>, @Res() res: HttpResponse): Promise<void> {
    const { day, playerId, format } = parseInput(reportSchema, query);
    const dayEnd = Date.parse(`${day}T00:00:00.000Z`) + 86_400_000;
    const tables = (await this.store.listStreams({ category: TABLE_STREAM_CATEGORY })).filter((s) => Date.parse(s.createdAt) < dayEnd);
    const events: RecordedEvent[] = [];
    for (const t of tables) events.push(...(await this.store.readStream(t.streamId)));
    const sessions = ratedSessions(events).filter((s) => playerId === undefined || s.playerId === playerId);
    const lines = dayReport(sessions, day, Date.now());
    if (format === 'csv') {
      return void res.code(200).header('Content-Type', 'text/csv; charset=utf-8').send(dayReportCsv(lines));
    }
    sendJson(res, 200, {
      day,
      lines,
      sessions: sessions.filter((s) => lines.some((l) => l.playerId === s.playerId && l.tableId === s.tableId)),
    });
  }
}
