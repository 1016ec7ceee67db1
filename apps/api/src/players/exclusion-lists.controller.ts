import { Controller, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { exclusionStreamIdOf } from '@felt/players';
import { Roles } from '../auth/access-decorators';
import { TableAccess } from '../auth/table-access';
import type { HttpRequest, HttpResponse } from '../http/http-types';
import { ApiProblem } from '../http/status-mapping';
import { RequestFingerprints } from '../tables/request-fingerprint';
import { PlayerCommands } from './player-commands';
import { PlayerRegistry } from './player-registry';
import { entriesOfCsv, importSchema, listIdSchema } from './player-request';
import { parseRegistryRequest, sendRegistryOutcome } from './registry-answer';

/**
 * Exclusion lists (docs/players.md "Exclusion lists"): the floor imports a state's or a partner's list (JSON or
 * CSV; additive: an import never removes an entry), and lifting an entry takes two floor supervisors: one asks
 * (202 APPROVAL_REQUIRED), another approves. The entries' names and birth dates never reach the log: only their
 * match keys do.
 */
@ApiTags('players')
@ApiBearerAuth()
@Controller('exclusion-lists')
@Roles('floor')
export class ExclusionListsController {
  constructor(
    @Inject(PlayerCommands) private readonly commands: PlayerCommands,
    @Inject(PlayerRegistry) private readonly registry: PlayerRegistry,
    @Inject(RequestFingerprints) private readonly fingerprints: RequestFingerprints,
    @Inject(TableAccess) private readonly access: TableAccess,
  ) {}

  @Get(':listId')
  @ApiOperation({ summary: 'A list: how many entries are in force, and the lifts waiting for a second floor supervisor' })
  async one(@Param('listId') listId: string) {
    const id = knownListId(listId);
    await this.registry.stream(exclusionStreamIdOf(id));
    const list = this.registry.index.list(id);
    return {
      listId: id,
      version: this.registry.versionOf(exclusionStreamIdOf(id)),
      entries: list.entries.size,
      liftsAsked: [...list.liftsAsked].map(([entryId, requestedBy]) => ({ entryId, requestedBy })),
    };
  }

  @Post(':listId/import')
  @ApiOperation({
    summary: 'ImportExclusions: {source, entries: [{entryId, cardNumber?, name?, birthDate?}]} or {source, csv}; adds the new entries',
  })
  async import(@Param('listId') listId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    const id = knownListId(listId);
    const { body, envelope } = parseRegistryRequest(req, importSchema, 'import', id, this.deps);
    const entries = this.commands.entriesOf(body.entries ?? entriesOfCsv(body.csv ?? ''));
    const outcome = await this.commands.list(envelope, id, { type: 'ImportExclusions', source: body.source, entries });
    sendRegistryOutcome(res, { listId: id }, envelope.commandId, summarised(outcome));
  }

  @Post(':listId/entries/:entryId/lift')
  @ApiOperation({ summary: 'Ask to lift an entry: 202 APPROVAL_REQUIRED; nothing changes until another floor supervisor approves' })
  async askLift(@Param('listId') listId: string, @Param('entryId') entryId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    const id = knownListId(listId);
    const { envelope } = parseRegistryRequest(req, z.strictObject({}), 'ask-lift', `${id}/${entryId}`, this.deps);
    const outcome = await this.commands.list(envelope, id, { type: 'RequestExclusionLift', entryId });
    // Asked and recorded: 202 APPROVAL_REQUIRED, as a widening is answered (a refusal keeps its own code).
    const asked = outcome.kind === 'applied';
    sendRegistryOutcome(
      res,
      asked ? { listId: id, code: 'APPROVAL_REQUIRED' } : { listId: id },
      envelope.commandId,
      outcome,
      asked ? 202 : undefined,
    );
  }

  @Post(':listId/entries/:entryId/approve-lift')
  @ApiOperation({
    summary: 'Approve lifting an entry another floor supervisor asked to lift (403-like 422 APPROVER_IS_REQUESTER for the one who asked)',
  })
  async approveLift(@Param('listId') listId: string, @Param('entryId') entryId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    const id = knownListId(listId);
    const { envelope } = parseRegistryRequest(req, z.strictObject({}), 'approve-lift', `${id}/${entryId}`, this.deps);
    sendRegistryOutcome(
      res,
      { listId: id },
      envelope.commandId,
      await this.commands.list(envelope, id, { type: 'ApproveExclusionLift', entryId }),
    );
  }

  private get deps() {
    return { fingerprints: this.fingerprints, access: this.access };
  }
}

/** An import's answer names how many entries it added, not the entries (50,000 match keys help nobody). */
function summarised<T extends { kind: string; events?: readonly { data: unknown }[] }>(outcome: T): T {
  if (!outcome.events) return outcome;
  return {
    ...outcome,
    events: outcome.events.map((e) => {
      const data = e.data as { entries?: unknown[] };
      return data.entries ? { ...e, data: { ...data, entries: undefined, added: data.entries.length } } : e;
    }),
  };
}

function knownListId(listId: string): string {
  if (!listIdSchema.safeParse(listId).success)
    throw new ApiProblem('route-not-found', 'LIST_NOT_FOUND', 'there is no such exclusion list', {});
  return listId;
}
