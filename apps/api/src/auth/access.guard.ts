import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { requestUrlOf, type HttpRequest, type HttpResponse } from '../http/http-types';
import { ApiProblem } from '../http/status-mapping';
import { DEVICE_COMMANDS_KEY, PUBLIC_KEY, ROLES_KEY } from './access-decorators';
import { type Principal, apiActor, AuditLog, ROLES, type Role } from '@felt/staff';
import { setPrincipal } from './principal';
import { SecurityLog } from './security-log';
import { TokenAuthenticator } from './token-authenticator';

/** Served outside the controllers (Swagger UI, the console) or for probes: open to anyone. */
function isPublicPath(req: HttpRequest): boolean {
  const path = requestUrlOf(req).split('?')[0]!;
  if (req.method === 'GET' && path === '/health') return true;
  return /^\/(docs|console)(\/|-|$)/.test(path);
}

/**
 * The global guard (APP_GUARD): every route but the public ones needs `Authorization: Bearer <JWT>` (401
 * UNAUTHENTICATED otherwise; TokenAuthenticator says which tokens are good) from a role in the route's @Roles (403
 * FORBIDDEN_ROLE otherwise). Table-level rules (a dealer's assignment, floor-only commands) are TableAccess's, once the table is known.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(TokenAuthenticator) private readonly authenticator: TokenAuthenticator,
    @Inject(SecurityLog) private readonly securityLog: SecurityLog,
    @Inject(AuditLog) private readonly audit: AuditLog,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true; // WebSocket gateways check their own tokens
    const req = context.switchToHttp().getRequest<HttpRequest>();
    const res = context.switchToHttp().getResponse<HttpResponse>();
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets) || isPublicPath(req)) return true;

    const token = bearerToken(req.headers.authorization);
    if (token === null) {
      throw this.securityLog.unauthenticated(
        req,
        res,
        'no bearer token',
        'this route needs an access token: send Authorization: Bearer <token> (POST /auth/login gives one)',
      );
    }
    const authentication = await this.authenticator.authenticate(token);
    if (!authentication.ok)
      throw this.securityLog.unauthenticated(
        req,
        res,
        authentication.reason,
        authentication.detail,
        authentication.who,
        authentication.code,
      );
    const { principal } = authentication;
    setPrincipal(req, principal, authentication.device);

    const allowed = this.reflector.getAllAndOverride<readonly Role[]>(ROLES_KEY, targets) ?? ROLES;
    if (!allowed.includes(principal.role)) {
      const problem = new ApiProblem(
        'forbidden',
        'FORBIDDEN_ROLE',
        `a ${principal.role} may not do this; it takes ${allowed.join(' or ')}`,
        { role: principal.role, allowedRoles: allowed },
      );
      throw await this.refused(req, principal, problem, 'role not allowed');
    }
    // A reader's or a shuffler's token sends its table commands and nothing else (users, devices, reads, the room).
    const kind = authentication.device?.kind ?? 'console';
    if (kind !== 'console' && !this.reflector.getAllAndOverride<boolean>(DEVICE_COMMANDS_KEY, targets)) {
      const problem = new ApiProblem(
        'forbidden',
        'DEVICE_NOT_A_CONSOLE',
        `this token is signed in on a card ${kind}, which sends its table's commands only`,
        { deviceKind: kind },
      );
      throw await this.refused(req, principal, problem, `${kind} device on another route`);
    }
    return true;
  }

  /** A signed-in user trying what they may not is failed access a regulator counts: on record before the answer. */
  private async refused(req: HttpRequest, principal: Principal, problem: ApiProblem, reason: string): Promise<ApiProblem> {
    const route = requestUrlOf(req).split('?')[0]!.slice(0, 256);
    await this.audit.append(
      { type: 'AccessRefused', method: req.method, route, status: problem.status, code: problem.code },
      apiActor(principal, req.id),
    );
    return this.securityLog.refuse(req, problem, reason);
  }
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}
