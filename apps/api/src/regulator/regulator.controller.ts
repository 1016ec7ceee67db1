import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { EventStore, type Database } from '@felt/event-store';
import { handHistory, handRecordFor, project, recallHands } from '@felt/projections';
import { EXPORT_FORMATS, exportTable, readStaffRoster } from '@felt/regulator';
import { Roles } from '../auth/access-decorators';
import { apiActor, AuditLog } from '@felt/staff';
import { principalOf } from '../auth/principal';
import { TableAccess } from '../auth/table-access';
import { DATABASE } from '../database/database.module';
import { requestIdOf, type HttpRequest, type HttpResponse } from '../http/http-types';
import { parseInput } from '../http/parse-input';
import { ApiProblem } from '../http/status-mapping';
import { LiveHands } from '../live/live-hands';
import { DECK_SEAL, type DeckSeal } from '../tables/deck-seal';
import { FoldedTables } from '../tables/folded-tables';
import { eventViewFor } from '../live/live-visibility';
import { existingTable, GetTableQuery } from '../tables/get-table.query';
import { ListTablesQuery, tablePageSchema } from '../tables/list-tables.query';
import { tableIdSchema } from '../tables/table-command-schema';
import type { FoldedTable } from '../tables/table-state-cache';
import { openedRecord, streamIdOf } from '../tables/table-stream';
import { eventsRecordedBetween, wholeTableLog } from './table-log';

const isoTime = z.iso.datetime({ offset: true, error: 'an ISO 8601 time with a zone, e.g. 2026-11-30T18:00:00Z' });
const rangeSchema = z.strictObject({ from: isoTime.optional(), to: isoTime.optional() });
const eventsQuerySchema = rangeSchema.extend({
  fromVersion: z.coerce.number().int().min(1).max(2147483647).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
const listQuerySchema = tablePageSchema(50, 200);
const handsQuerySchema = z.strictObject({ last: z.coerce.number().int().min(1).max(1000).default(10) });
const exportQuerySchema = rangeSchema.extend({ format: z.enum(EXPORT_FORMATS, { error: 'format is jsonl, phh or ohh' }) });

/**
 * The regulator's read-only routes (docs/regulators.md): every table, a table's events by recorded time, the
 * recall of its last hands and its export. Regulators and floor supervisors only; both see every card of the hands
 * that are over, none of a hand in progress (unless FELT_LIVE_SURVEILLANCE=1, for regulators): the visibility rule
 * of live/live-visibility.ts, docs/security.md.
 */
@ApiTags('regulator')
@ApiBearerAuth()
@Controller('regulator/tables')
@Roles('regulator', 'floor')
export class RegulatorController {
  constructor(
    @Inject(QueryBus) private readonly queryBus: QueryBus,
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(TableAccess) private readonly access: TableAccess,
    @Inject(LiveHands) private readonly liveHands: LiveHands,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(DECK_SEAL) private readonly seal: DeckSeal,
    @Inject(FoldedTables) private readonly tables: FoldedTables,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The tables by id, a page at a time: id, version, status, hands played, opened and last changed' })
  @ApiQuery({ name: 'after', required: false, description: "The last table id of the page before (the previous answer's nextAfter)" })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 200 (default 50)' })
  async list(@Query() query: Record<string, unknown>) {
    const { after, limit } = parseInput(listQuerySchema, query);
    // The page from the streams' index; each of its tables from the table cache when it is at the listed version
    // (no read), else from its snapshot and the events after it.
    const page = await this.queryBus.execute(new ListTablesQuery(limit, after));
    const rows = await Promise.all(
      page.tables.map(async (t) => {
        const folded = await this.queryBus.execute(new GetTableQuery(t.tableId, t.version));
        return { ...t, status: folded?.state.status ?? null, handsPlayed: folded?.state.handsPlayed ?? 0 };
      }),
    );
    return { tables: rows, nextAfter: page.nextAfter };
  }

  @Get(':tableId/events')
  @ApiOperation({ summary: "A table's events recorded between from and to (ISO 8601, both optional), a page at a time, with hole cards" })
  @ApiQuery({ name: 'from', required: false })
  @ApiQuery({ name: 'to', required: false })
  @ApiQuery({ name: 'fromVersion', required: false })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 1000 (default 100)' })
  @ApiResponse({ status: 404, description: 'No such table (TABLE_NOT_FOUND)' })
  async events(@Param('tableId') tableId: string, @Query() query: Record<string, unknown>, @Req() req: HttpRequest) {
    const { from, to, fromVersion, limit } = parseInput(eventsQuerySchema, query);
    await existingTable(this.queryBus, tableId);
    const page = await eventsRecordedBetween(this.store, tableId, { from: from ?? null, to: to ?? null, fromVersion, limit });
    // The table after the page: whether each event's hand is over is judged no earlier than the event was read.
    const table = await existingTable(this.queryBus, tableId);
    const audience = await this.access.audienceFor(principalOf(req), tableId, table.state.rules);
    const liveHandFrom = await this.liveHands.from(streamIdOf(tableId), table, page.events);
    return {
      tableId,
      from: from ?? null,
      to: to ?? null,
      events: page.events.map((e) => eventViewFor(openedRecord(e, this.seal), audience, liveHandFrom)),
      nextFromVersion: page.nextFromVersion,
    };
  }

  @Get(':tableId/hands')
  @ApiOperation({
    summary: 'Recall: the last N completed hands (default 10), newest first, with hole cards and where each lies in the stream',
  })
  @ApiQuery({ name: 'last', required: false, description: '1 to 1000 (default 10)' })
  async hands(@Param('tableId') tableId: string, @Query() query: Record<string, unknown>, @Req() req: HttpRequest) {
    const { last } = parseInput(handsQuerySchema, query);
    const log = await this.existingLog(tableId);
    // Hole cards opened (the store holds a live hand's sealed); handRecordFor shows each to whom may see it.
    const history = project(
      handHistory,
      log.map((e) => openedRecord(e, this.seal)),
    );
    const inProgress = history.inProgress[tableId];
    const audience = await this.access.audienceFor(principalOf(req), tableId, (await this.tableAfter(tableId)).state.rules);
    return {
      tableId,
      hands: recallHands(history, tableId, last).map((h) => handRecordFor(h, audience)),
      inProgress: inProgress ? handRecordFor(inProgress, audience) : null,
    };
  }

  @Get(':tableId/export')
  @ApiOperation({ summary: 'Download the table as jsonl (hash-chained events), phh or ohh, optionally from/to a time' })
  @ApiQuery({ name: 'format', required: true, enum: EXPORT_FORMATS })
  @ApiQuery({ name: 'from', required: false })
  @ApiQuery({ name: 'to', required: false })
  async export(
    @Param('tableId') tableId: string,
    @Query() query: Record<string, unknown>,
    @Req() req: HttpRequest,
    @Res() res: HttpResponse,
  ): Promise<void> {
    const { format, from, to } = parseInput(exportQuerySchema, query);
    const whole = await this.existingLog(tableId);
    await this.audit.append(
      { type: 'ExportPerformed', scope: `table:${tableId}`, format, from: from ?? null, to: to ?? null },
      apiActor(principalOf(req), requestIdOf(req)),
    );
    // An export is the record of hands that are over: a hand in progress is left out until it ends (its cards and,
    // in old logs, its deck are secrets until then, for every role).
    const liveHandFrom = await this.liveHands.from(streamIdOf(tableId), await this.tableAfter(tableId), whole);
    const recorded = liveHandFrom === null ? whole : whole.filter((e) => e.streamVersion < liveHandFrom);
    const [fromMs, toMs] = [from === undefined ? null : Date.parse(from), to === undefined ? null : Date.parse(to)];
    const within = (iso: string) => {
      const ms = Date.parse(iso);
      return (fromMs === null || ms >= fromMs) && (toMs === null || ms <= toMs);
    };
    // The staff roster first, as `felt export` writes it, so the two exports stay byte-identical.
    const exported = exportTable(recorded, format, within, await readStaffRoster(this.db, this.store), this.tables.engine.modules);
    res.code(200).header('Content-Type', exported.contentType);
    res.header('Content-Disposition', `attachment; filename="table-${tableId}.${exported.fileExtension}"`);
    const notes =
      liveHandFrom === null
        ? exported.notes
        : [...exported.notes, `the hand in progress (from version ${liveHandFrom}) is left out until it is over`];
    if (notes.length > 0) res.header('X-Export-Notes', notes.join('; ').slice(0, 2000));
    res.send(exported.text);
  }

  /** The table as folded now: read after its log, so a hand over in the log is over here too. */
  private async tableAfter(tableId: string): Promise<FoldedTable> {
    return existingTable(this.queryBus, tableId);
  }

  private async existingLog(tableId: string) {
    const log = tableIdSchema.safeParse(tableId).success ? await wholeTableLog(this.store, tableId) : [];
    if (log.length === 0) throw ApiProblem.tableNotFound(tableId);
    return log;
  }
}
