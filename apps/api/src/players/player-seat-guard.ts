import { Inject, Injectable } from '@nestjs/common';
import { apiActor, AuditLog } from '@felt/staff';
import { principalOf } from '../auth/principal';
import { SecurityLog } from '../auth/security-log';
import { requestIdOf, type HttpRequest } from '../http/http-types';
import { ApiProblem } from '../http/status-mapping';
import { PlayerRegistry } from './player-registry';

/** The table commands that put a player in a seat or move one, and the room commands that list, call or seat one. */
export const SEATING_TABLE_COMMANDS: ReadonlySet<string> = new Set(['SeatPlayer', 'ChangeSeat']);
export const SEATING_ROOM_COMMANDS: ReadonlySet<string> = new Set(['JoinList', 'CallPlayer', 'RequestTableChange', 'TakeSeat']);

/**
 * The check in front of every seat (docs/players.md "The seat check"): an excluded player is refused before
 * anything is read or written for the command, 403 PLAYER_EXCLUDED with one sentence that names no list, entry
 * or reason; the floor's answer adds the causes (its own bans and lists). Each refusal is a PlayerSeatRefused in
 * the audit stream, appended before the answer, and a security-log line.
 */
@Injectable()
export class PlayerSeatGuard {
  constructor(
    @Inject(PlayerRegistry) private readonly registry: PlayerRegistry,
    @Inject(AuditLog) private readonly audit: AuditLog,
    @Inject(SecurityLog) private readonly securityLog: SecurityLog,
  ) {}

  /**
   * A table command that seats a player (SeatPlayer: the player named) or moves one (ChangeSeat: the player in the
   * seat left, read through `playerAt`).
   */
  async checkTableCommand(
    req: HttpRequest,
    tableId: string,
    command: { readonly type: string; readonly playerId?: unknown; readonly from?: unknown },
    playerAt: (seat: number) => Promise<string | null>,
  ): Promise<void> {
    if (!SEATING_TABLE_COMMANDS.has(command.type)) return;
    const playerId = command.type === 'SeatPlayer' ? command.playerId : await playerAt(Number(command.from));
    if (typeof playerId === 'string') await this.check(req, playerId, `table:${tableId}`, command.type);
  }

  /** `where`: "table:<id>" or "game:<id>". */
  async check(req: HttpRequest, playerId: string, where: string, commandType: string): Promise<void> {
    const refusal = this.registry.index.seatCheck(playerId, this.registry.now());
    if (refusal === null) return;
    const principal = principalOf(req);
    await this.audit.append(
      { type: 'PlayerSeatRefused', playerId, where, commandType, code: refusal.code },
      apiActor(principal, requestIdOf(req)),
    );
    this.securityLog.alert(req, `excluded player ${playerId} refused (${commandType} at ${where})`, principal);
    const problem = new ApiProblem('forbidden', refusal.code, refusal.message, {
      playerId,
      ...(principal.role === 'floor' ? { causes: refusal.causes } : {}),
    });
    problem.audited = true; // one refusal, one audit event: the table's runner adds no CommandRefused
    throw problem;
  }
}
