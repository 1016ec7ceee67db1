import { randomUUID } from 'node:crypto';
import { Controller, Get, Inject, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { PlayerAlias, PlayerFound, PlayerPage, PlayerStanding } from '@felt/players';
import { Roles } from '../auth/access-decorators';
import { principalOf } from '../auth/principal';
import { TableAccess } from '../auth/table-access';
import type { HttpRequest, HttpResponse } from '../http/http-types';
import { parseInput } from '../http/parse-input';
import { ApiProblem } from '../http/status-mapping';
import { RequestFingerprints } from '../tables/request-fingerprint';
import { PersonalStore } from './personal-store';
import { PlayerCommands } from './player-commands';
import { PlayerRegistry } from './player-registry';
import { banSchema, changeSchema, noteSchema, playerIdSchema, registerSchema } from './player-request';
import { parseRegistryRequest, sendRegistryOutcome } from './registry-answer';

const searchSchema = z.strictObject({
  q: z.string().trim().min(1, { error: 'q is a name, an alias or a card number' }).max(80),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/**
 * The player registry (docs/players.md): the floor registers, looks up, bans and erases; a dealer may read a
 * player's alias only. Personal data (name, birth date, contact, notes, ban reasons) is answered to the floor only.
 */
@ApiTags('players')
@ApiBearerAuth()
@Controller('players')
@Roles('floor')
export class PlayersController {
  constructor(
    @Inject(PlayerCommands) private readonly commands: PlayerCommands,
    @Inject(PersonalStore) private readonly personal: PersonalStore,
    @Inject(PlayerRegistry) private readonly registry: PlayerRegistry,
    @Inject(RequestFingerprints) private readonly fingerprints: RequestFingerprints,
    @Inject(TableAccess) private readonly access: TableAccess,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Look players up by the start of a name or alias, or by card number (floor only): at most `limit` (20)' })
  async search(@Query() query: Record<string, unknown>): Promise<{ players: PlayerFound[] }> {
    const { q, limit } = parseInput(searchSchema, query);
    const now = this.registry.now();
    const found = await this.personal.search(q, limit ?? 20);
    return {
      players: found.map((p) => ({ playerId: p.playerId, name: p.name, alias: p.alias, ...this.standing(p.playerId, now) })),
    };
  }

  @Get(':playerId')
  @Roles('floor', 'dealer')
  @ApiOperation({ summary: "A player's page: the floor sees the record, notes, bans and why they may not sit; a dealer the alias only" })
  async one(@Param('playerId') playerId: string, @Req() req: HttpRequest): Promise<PlayerPage | PlayerAlias> {
    const id = knownPlayerId(playerId);
    // The registry as this process folded it (its own writes at once, others' within REGISTRY_POLL_MS), as the seat check reads it.
    const state = this.registry.index.player(id);
    if (!state.registered) throw playerNotFound(id);
    const stored = state.erased ? null : await this.personal.withDigest(id);
    const person = stored?.person ?? null;
    if (principalOf(req).role !== 'floor') return { playerId: id, alias: person?.alias ?? null };
    return {
      playerId: id,
      version: this.registry.versionOf(`player-${id}`),
      erased: state.erased,
      ...(person
        ? { name: person.name, alias: person.alias, birthDate: person.birthDate, contact: person.contact, notes: person.notes }
        : {}),
      recordIntact: stored ? stored.digest === state.personalDigest : null,
      bans: state.bans,
      ...this.standing(id, this.registry.now()),
    };
  }

  @Post()
  @ApiOperation({ summary: 'RegisterPlayer: card number (or one made up), name, alias, birth date, contact (floor only)' })
  async register(@Req() req: HttpRequest, @Res() res: HttpResponse) {
    const { body, envelope } = parseRegistryRequest(req, registerSchema, 'register', '', this.deps);
    const { playerId, outcome } = await this.commands.register(envelope, body);
    sendRegistryOutcome(res, { playerId }, envelope.commandId, outcome);
  }

  @Patch(':playerId')
  @ApiOperation({ summary: "Change a player's name, alias, birth date, contact or status (floor only)" })
  async change(@Param('playerId') playerId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    const id = knownPlayerId(playerId);
    const { body, envelope } = parseRegistryRequest(req, changeSchema, 'change', id, this.deps);
    const { status, ...details } = body;
    let outcome = null;
    if (Object.keys(details).length > 0)
      outcome = await this.commands.changeRecord(envelope, id, (r) => ({
        ...r,
        ...(details.name === undefined ? {} : { name: details.name }),
        ...(details.alias === undefined ? {} : { alias: details.alias }),
        ...(details.birthDate === undefined ? {} : { birthDate: details.birthDate }),
        ...(details.contact === undefined ? {} : { contact: details.contact }),
      }));
    if (status !== undefined && (outcome === null || outcome.kind === 'applied'))
      outcome = await this.commands.player({ ...envelope, commandId: `${envelope.commandId}:status` }, id, {
        type: 'SetPlayerStatus',
        status,
      });
    if (outcome === null) throw ApiProblem.invalidRequest([{ path: '', message: 'name, alias, birthDate, contact or status' }]);
    sendRegistryOutcome(res, { playerId: id }, envelope.commandId, outcome);
  }

  @Post(':playerId/notes')
  @ApiOperation({ summary: "Add a note to a player's record (floor only; erased with it)" })
  async note(@Param('playerId') playerId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    const id = knownPlayerId(playerId);
    const { body, envelope } = parseRegistryRequest(req, noteSchema, 'note', id, this.deps);
    const noteId = randomUUID();
    const by = String(envelope.metadata.actorId ?? '');
    const outcome = await this.commands.changeRecord(
      envelope,
      id,
      (r, at) => ({ ...r, notes: [...r.notes, { noteId, at, by, text: body.text }] }),
      noteId,
    );
    sendRegistryOutcome(res, { playerId: id }, envelope.commandId, outcome);
  }

  @Post(':playerId/bans')
  @ApiOperation({ summary: 'BanPlayer: a house ban with a reason, a start (now) and an end (none: until lifted); floor only' })
  async ban(@Param('playerId') playerId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    const id = knownPlayerId(playerId);
    const { body, envelope } = parseRegistryRequest(req, banSchema, 'ban', id, this.deps);
    const start = body.start ?? new Date().toISOString();
    const outcome = await this.commands.player(envelope, id, {
      type: 'BanPlayer',
      banId: body.banId ?? randomUUID(),
      reason: body.reason,
      start: new Date(start).toISOString(),
      end: body.end ? new Date(body.end).toISOString() : null,
    });
    sendRegistryOutcome(res, { playerId: id }, envelope.commandId, outcome);
  }

  @Post(':playerId/bans/:banId/lift')
  @ApiOperation({ summary: 'LiftBan: a house ban ends now (one floor supervisor)' })
  async lift(@Param('playerId') playerId: string, @Param('banId') banId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    const id = knownPlayerId(playerId);
    const { envelope } = parseRegistryRequest(req, z.strictObject({}), 'lift', `${id}/${banId}`, this.deps);
    sendRegistryOutcome(res, { playerId: id }, envelope.commandId, await this.commands.player(envelope, id, { type: 'LiftBan', banId }));
  }

  @Post(':playerId/erase')
  @ApiOperation({ summary: 'ErasePlayer: the personal record is deleted; the pseudonymous id, bans and sessions stay (floor only)' })
  async erase(@Param('playerId') playerId: string, @Req() req: HttpRequest, @Res() res: HttpResponse) {
    const id = knownPlayerId(playerId);
    const { envelope } = parseRegistryRequest(req, z.strictObject({}), 'erase', id, this.deps);
    sendRegistryOutcome(res, { playerId: id }, envelope.commandId, await this.commands.erase(envelope, id));
  }

  private get deps() {
    return { fingerprints: this.fingerprints, access: this.access };
  }

  /** Status and whether the player may sit now, with why not (the floor's answer only). */
  private standing(playerId: string, now: number): PlayerStanding {
    const state = this.registry.index.player(playerId);
    const refusal = this.registry.index.seatCheck(playerId, now);
    return { status: state.status, mayBeSeated: refusal === null, exclusions: refusal?.causes ?? [] };
  }
}

function knownPlayerId(playerId: string): string {
  if (!playerIdSchema.safeParse(playerId).success) throw playerNotFound(playerId);
  return playerId;
}

export function playerNotFound(playerId: string): ApiProblem {
  return new ApiProblem('route-not-found', 'PLAYER_NOT_FOUND', `there is no player "${playerId.slice(0, 64)}" on the register`, {});
}
