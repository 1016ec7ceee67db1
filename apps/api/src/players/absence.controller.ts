import { Controller, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { EventStore, type RecordedEvent } from '@felt/event-store';
import { apiActor, AuditLog } from '@felt/staff';
import { Roles } from '../auth/access-decorators';
import { principalOf } from '../auth/principal';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { requestIdOf, sendJson, type HttpRequest, type HttpResponse } from '../http/http-types';
import { jsonBody } from '../http/json-body';
import { parseInput } from '../http/parse-input';
import { ApiProblem, problemForOutcome } from '../http/status-mapping';
import { ApplyTableCommand, type ApplyOutcome } from '../tables/apply-table-command';
import { TableFollowUps } from '../tables/table-follow-ups';
import { tableIdSchema } from '../tables/table-command-schema';
import { streamIdOf } from '../tables/table-stream';

const bodySchema = z.strictObject({
  seat: z.int().min(1).max(99),
  /** The PlayerSatOut that started the absence (its event id). */
  since: z.string().min(1).max(100),
});

/** The player a seat's absence is about and when they sat out, if the absence that `since` started is still on. */
export function absenceOf(events: readonly RecordedEvent[], seat: number, since: string): { playerId: string; satOutAt: string } | null {
  const at = events.findIndex((e) => e.eventId === since);
  const satOut = events[at];
  const data = (e: RecordedEvent) => e.data as { seat?: number; from?: number; to?: number; playerId?: string };
  if (!satOut || satOut.type !== 'PlayerSatOut' || data(satOut).seat !== seat) return null;
  const ended = events
    .slice(at + 1)
    .some(
      (e) =>
        ((e.type === 'PlayerSatIn' || e.type === 'PlayerLeft') && data(e).seat === seat) ||
        (e.type === 'SeatChanged' && data(e).from === seat),
    );
  if (ended) return null;
  let seated: RecordedEvent | undefined;
  for (const e of events.slice(0, at))
    if ((e.type === 'PlayerSeated' && data(e).seat === seat) || (e.type === 'SeatChanged' && data(e).to === seat)) seated = e;
  const playerId = seated ? data(seated).playerId : undefined;
  return playerId === undefined ? null : { playerId, satOutAt: satOut.recordedAt };
}

/**
 * The absence timer's end (docs/players.md "The absence timer"): a player sitting out longer than the house's limit
 * (FELT_ABSENCE_SECONDS; a break counts). The timer service sends it at the limit (the floor may too); the API checks
 * against the table's log that the absence is still on (else 422 ABSENCE_OVER) and due by its own clock (else 422
 * ABSENCE_NOT_DUE), tells the floor (PlayerAbsenceExpired in the audit stream, once per absence) and, under the rule
 * `release`, stands the player up (LeaveTable, which the room follows: the seat opens).
 */
@ApiTags('players')
@ApiBearerAuth()
@Controller('tables')
@Roles('floor', 'timer')
export class AbsenceController {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(TableFollowUps) private readonly followUps: TableFollowUps,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  @Post(':tableId/absence-expired')
  @ApiOperation({ summary: "A seated player's absence ran out: tell the floor and, under the house's rule, stand them up" })
  async expired(@Param('tableId') tableParam: string, @Req() req: HttpRequest, @Res() res: HttpResponse): Promise<void> {
    const tableId = parseInput(tableIdSchema, tableParam);
    const { seat, since } = parseInput(bodySchema, jsonBody(req));
    const limitSeconds = this.config.absenceSeconds;
    if (limitSeconds === 0)
      throw new ApiProblem('rule-refused', 'ABSENCE_NOT_TIMED', 'this house does not time players sitting out (FELT_ABSENCE_SECONDS is 0)');
    const events = await this.store.readStream(streamIdOf(tableId));
    if (events.length === 0) throw ApiProblem.tableNotFound(tableId);
    const absence = absenceOf(events, seat, since);
    if (absence === null)
      throw new ApiProblem('rule-refused', 'ABSENCE_OVER', `seat ${seat} at table ${tableId} is no longer sitting out since then`, {
        seat,
      });
    if (Date.now() < Date.parse(absence.satOutAt) + limitSeconds * 1000)
      throw new ApiProblem('rule-refused', 'ABSENCE_NOT_DUE', `seat ${seat} at table ${tableId} has sat out less than ${limitSeconds} s`, {
        seat,
      });
    const principal = principalOf(req);
    const outcome = this.config.absenceRule === 'release' ? 'released' : 'told';
    // Once per absence however often it is sent (the command id is the absence's): the floor's notice first, so a
    // stand-up that fails is tried again by the next firing while the player still sits out.
    await this.audit.append(
      { type: 'PlayerAbsenceExpired', playerId: absence.playerId, tableId, seat, since, satOutAt: absence.satOutAt, limitSeconds, outcome },
      apiActor(principal, requestIdOf(req)),
      undefined,
      `absence-${since}`,
    );
    if (outcome === 'released') await this.standUp(tableId, seat, since, req);
    sendJson(res, 201, { tableId, seat, playerId: absence.playerId, since, outcome });
  }

  private async standUp(tableId: string, seat: number, since: string, req: HttpRequest): Promise<void> {
    const { sub, role, device } = principalOf(req);
    const request = {
      tableId,
      command: { type: 'LeaveTable' as const, seat },
      commandId: `absence-${since}.leave`,
      commandIdGenerated: false,
      metadata: { actorId: sub, actorRole: role, device: device ?? null, correlationId: requestIdOf(req) },
    };
    const result: ApplyOutcome = await this.commandBus.execute(new ApplyTableCommand(request));
    if (result.kind !== 'applied' && result.kind !== 'replayed') throw problemForOutcome(tableId, request.commandId, result);
    await this.followUps.after(request, result.events);
  }
}
