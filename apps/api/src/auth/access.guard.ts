import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { JwtService } from '@nestjs/jwt';
import type { HttpRequest, HttpResponse } from '../http/http-types';
import { ApiProblem } from '../http/status-mapping';
import { verifyAccessToken } from './access-token';
import { PUBLIC_KEY, ROLES_KEY } from './access-decorators';
import { AUTH_SECRET } from './auth-secret';
import { setPrincipal } from './principal';
import { ROLES, type Role } from './roles';
import { SecurityLog } from './security-log';
import { Users } from './users';

/** Served outside the controllers (Swagger UI, the console) or for probes: open to anyone. */
function isPublicPath(req: HttpRequest): boolean {
  const path = (req.originalUrl ?? req.url ?? '').split('?')[0]!;
  if (req.method === 'GET' && path === '/health') return true;
  return /^\/(docs|console)(\/|-|$)/.test(path);
}

/**
 * The global guard (APP_GUARD): every route but the public ones needs `Authorization: Bearer <JWT>` (401
 * UNAUTHENTICATED otherwise) from a role in the route's @Roles (403 FORBIDDEN_ROLE otherwise). A token of a user who
 * was disabled, or whose role changed since it was signed, is refused too: the users row is read on every request.
 * Table-level rules (a dealer's assignment, floor-only commands) are TableAccess's, once the table is known.
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(JwtService) private readonly jwt: JwtService,
    @Inject(AUTH_SECRET) private readonly secret: string,
    @Inject(Users) private readonly users: Users,
    @Inject(SecurityLog) private readonly securityLog: SecurityLog,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true; // WebSocket gateways check their own tokens
    const req = context.switchToHttp().getRequest<HttpRequest>();
    const res = context.switchToHttp().getResponse<HttpResponse>();
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_KEY, targets) || isPublicPath(req)) return true;

    const token = bearerToken(req.headers.authorization);
    if (token === null) {
      throw this.securityLog.unauthenticated(req, res, 'no bearer token', 'this route needs an access token: send Authorization: Bearer <token> (POST /auth/login gives one)');
    }
    const verified = verifyAccessToken(this.jwt, this.secret, token);
    if (!verified.ok) throw this.securityLog.unauthenticated(req, res, verified.reason, `the access token is not valid (${verified.reason}); sign in again`);
    const { principal } = verified;
    // Service tokens (felt token --role service) name no user row; a user's row may have changed since signing.
    const user = await this.users.byId(principal.sub);
    if (user?.disabled) throw this.securityLog.unauthenticated(req, res, 'user disabled', `user "${user.name}" is disabled`, principal);
    if (user && user.role !== principal.role) {
      throw this.securityLog.unauthenticated(req, res, 'role changed', `user "${user.name}" is now ${user.role}, not ${principal.role}; sign in again`, principal);
    }
    setPrincipal(req, principal);

    const allowed = this.reflector.getAllAndOverride<readonly Role[]>(ROLES_KEY, targets) ?? ROLES;
    if (!allowed.includes(principal.role)) {
      const problem = new ApiProblem('forbidden', 'FORBIDDEN_ROLE', `a ${principal.role} may not do this; it takes ${allowed.join(' or ')}`, { role: principal.role, allowedRoles: allowed });
      throw this.securityLog.refuse(req, problem, 'role not allowed');
    }
    return true;
  }
}

function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+([A-Za-z0-9._~+/=-]+)\s*$/i.exec(header ?? '');
  return match ? match[1]! : null;
}
