import { Controller, Get, Inject, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { EventStore, type Database, type RecordedEvent } from '@felt/event-store';
import { AUDIT_CATEGORY, isAuditStream, readStaffRoster, rosterJsonlLine, toJsonlLine } from '@felt/regulator';
import { Roles } from '../auth/access-decorators';
import { apiActor, AuditLog } from '@felt/staff';
import { principalOf } from '../auth/principal';
import { DATABASE } from '../database/database.module';
import { requestIdOf, type HttpRequest, type HttpResponse } from '../http/http-types';
import { parseInput } from '../http/parse-input';

const pageSchema = z.strictObject({
  after: z
    .string()
    .regex(/^audit-\d{4}-\d{2}-\d{2}:\d{1,10}$/, { error: 'after is the previous page\'s nextAfter, e.g. "audit-2026-12-04:17"' })
    .optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}(T.*)?$/, { error: 'a UTC day or an ISO 8601 time, e.g. 2026-12-01' });
const exportSchema = z.strictObject({ from: day.optional(), to: day.optional() });

/**
 * The audit streams (staff and security events, docs/events.md "The audit stream") for regulators and floor
 * supervisors: page through them, or download days of them as JSONL that `felt verify` re-checks offline. No audit
 * event holds a card, a deck, a seed or a password, so both roles see them whole.
 */
@ApiTags('regulator')
@ApiBearerAuth()
@Controller('regulator/audit')
@Roles('regulator', 'floor')
export class AuditController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(DATABASE) private readonly db: Database,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The audit events, oldest first, a page at a time (after: the previous nextAfter)' })
  @ApiQuery({ name: 'after', required: false })
  @ApiQuery({ name: 'limit', required: false, description: '1 to 1000 (default 100)' })
  async page(@Query() query: Record<string, unknown>) {
    const { after, limit } = parseInput(pageSchema, query);
    const [afterStream, afterVersion] = after === undefined ? ['', 0] : [after.split(':')[0]!, Number(after.split(':')[1])];
    const streams = (await this.store.listStreams({ category: AUDIT_CATEGORY })).filter(
      (s) => isAuditStream(s.streamId) && s.streamId >= afterStream,
    );
    const events: RecordedEvent[] = [];
    for (const s of streams) {
      const from = s.streamId === afterStream ? afterVersion + 1 : 1;
      if (from > s.version) continue;
      events.push(...(await this.store.readStream(s.streamId, { fromVersion: from, limit: limit + 1 - events.length })));
      if (events.length > limit) break;
    }
    const page = events.slice(0, limit);
    const last = page[page.length - 1];
    return {
      events: page.map(({ globalPosition: _g, txId: _t, ...e }) => e),
      nextAfter: events.length > limit && last ? `${last.streamId}:${last.streamVersion}` : null,
    };
  }

  @Get('export')
  @ApiOperation({ summary: 'Download the audit streams of the UTC days from..to (both optional) as JSONL, the staff roster first' })
  @ApiQuery({ name: 'from', required: false })
  @ApiQuery({ name: 'to', required: false })
  async export(@Query() query: Record<string, unknown>, @Req() req: HttpRequest, @Res() res: HttpResponse): Promise<void> {
    const { from, to } = parseInput(exportSchema, query);
    // On record first: an export of today includes its own ExportPerformed.
    await this.audit.append(
      { type: 'ExportPerformed', scope: 'audit', format: 'jsonl', from: from ?? null, to: to ?? null },
      apiActor(principalOf(req), requestIdOf(req)),
    );
    const [fromDay, toDay] = [from?.slice(0, 10), to?.slice(0, 10)];
    const streams = (await this.store.listStreams({ category: AUDIT_CATEGORY })).filter((s) => {
      const streamDay = s.streamId.slice('audit-'.length);
      return isAuditStream(s.streamId) && (fromDay === undefined || streamDay >= fromDay) && (toDay === undefined || streamDay <= toDay);
    });
    const roster = await readStaffRoster(this.db, this.store);
    let text = roster ? rosterJsonlLine(roster) : '';
    for (const s of streams) text += (await this.store.readStream(s.streamId, { toVersion: s.version })).map(toJsonlLine).join('');
    res.code(200).header('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.header('Content-Disposition', `attachment; filename="audit-${fromDay ?? 'start'}-${toDay ?? 'now'}.jsonl"`);
    res.send(text);
  }
}
