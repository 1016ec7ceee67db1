import { Controller, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { apiActor, AuditLog } from '@felt/staff';
import { Roles } from '../auth/access-decorators';
import { principalOf } from '../auth/principal';
import { TableAccess } from '../auth/table-access';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { requestIdOf, sendJson, type HttpRequest, type HttpResponse } from '../http/http-types';
import { jsonBody } from '../http/json-body';
import { parseInput } from '../http/parse-input';
import { problemForOutcome } from '../http/status-mapping';
import { ApplyTableCommand, type ApplyOutcome } from '../tables/apply-table-command';
import { TableFollowUps } from '../tables/table-follow-ups';
import { tableIdSchema } from '../tables/table-command-schema';
import { AbsenceCheck } from './absence-check';

const bodySchema = z.strictObject({
  seat: z.int().min(1).max(99),
  /** The PlayerSatOut that started the absence (its event id). */
  since: z.string().min(1).max(100),
});

/**
 * The absence timer's end (docs/players.md "The absence timer"): a player sitting out longer than the house's limit
 * (FELT_ABSENCE_SECONDS; a break counts). The timer service sends it at the limit (the floor may too); AbsenceCheck
 * judges that the absence is still on and due, the floor is told (PlayerAbsenceExpired in the audit stream, once per
 * absence) and, under the rule `release`, the player is stood up (LeaveTable, which the room follows: the seat opens).
 * A player still live in a hand keeps it: the stand-up waits for the hand's end (202, sent again until it is done).
 */
@ApiTags('players')
@ApiBearerAuth()
@Controller('tables')
@Roles('floor', 'timer')
export class AbsenceController {
  constructor(
    @Inject(AbsenceCheck) private readonly check: AbsenceCheck,
    @Inject(TableAccess) private readonly access: TableAccess,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CommandBus) private readonly commandBus: CommandBus,
    @Inject(TableFollowUps) private readonly followUps: TableFollowUps,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  @Post(':tableId/absence-expired')
  @ApiOperation({ summary: "A seated player's absence ran out: tell the floor and, under the house's rule, stand them up" })
  async expired(@Param('tableId') tableParam: string, @Req() req: HttpRequest, @Res() res: HttpResponse): Promise<void> {
    const principal = principalOf(req);
    this.access.checkDevice(req, principal);
    const tableId = parseInput(tableIdSchema, tableParam);
    const { seat, since } = parseInput(bodySchema, jsonBody(req));
    const { playerId, satOutAt, limitSeconds } = await this.check.due(tableId, seat, since);
    const rule = this.config.absenceRule === 'release' ? 'released' : 'told';
    // Once per absence however often it is sent (the command id is the absence's): the floor's notice first, so a
    // stand-up that fails or waits for the hand is tried again by the next firing while the player still sits out.
    await this.audit.append(
      { type: 'PlayerAbsenceExpired', playerId, tableId, seat, since, satOutAt, limitSeconds, outcome: rule },
      apiActor(principal, requestIdOf(req)),
      undefined,
      `absence-${since}`,
    );
    const outcome = rule === 'released' ? await this.standUp(tableId, seat, since, req) : rule;
    sendJson(res, outcome === 'release-after-hand' ? 202 : 201, { tableId, seat, playerId, since, outcome });
  }

  /** LeaveTable for the seat: 'released', or 'release-after-hand' while the player is still live in a hand. */
  private async standUp(tableId: string, seat: number, since: string, req: HttpRequest): Promise<'released' | 'release-after-hand'> {
    const { sub, role, device } = principalOf(req);
    const request = {
      tableId,
      command: { type: 'LeaveTable' as const, seat },
      commandId: `absence-${since}.leave`,
      commandIdGenerated: false,
      metadata: { actorId: sub, actorRole: role, device: device ?? null, correlationId: requestIdOf(req) },
    };
    const result: ApplyOutcome = await this.commandBus.execute(new ApplyTableCommand(request));
    if (result.kind === 'rejected' && result.rejection.code === 'PLAYER_IN_HAND') return 'release-after-hand';
    if (result.kind !== 'applied' && result.kind !== 'replayed') throw problemForOutcome(tableId, request.commandId, result);
    await this.followUps.after(request, result.events);
    return 'released';
  }
}
