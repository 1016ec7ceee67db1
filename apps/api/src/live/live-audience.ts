import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Audience } from '@felt/projections';
import { verifyAccessToken, type Principal } from '../auth/access-token';
import { AUTH_SECRET } from '../auth/auth-secret';
import { SecurityLog } from '../auth/security-log';
import { TableAccess } from '../auth/table-access';
import { Users } from '../auth/users';
import { ApiProblem } from '../http/status-mapping';

/** Who is on the other end of a /live connection (null: no token, the public). */
export interface LiveViewer {
  readonly principal: Principal | null;
}

export type LiveAdmission = { readonly ok: true; readonly viewer: LiveViewer } | { readonly ok: false; readonly detail: string };

/**
 * The one place /live decides what a connection may see. `admit` reads the connection's `?access_token=`: none is
 * the public; a token is checked as the HTTP guard checks a bearer token (signature, expiry, claims, the user not
 * disabled and still in that role), else the connection is refused (UNAUTHENTICATED, logged as a security event).
 * `audienceFor` is the HTTP reads' rule (TableAccess): hole cards for regulators and the table's assigned dealers.
 */
@Injectable()
export class LiveAudience {
  constructor(
    @Inject(JwtService) private readonly jwt: JwtService,
    @Inject(AUTH_SECRET) private readonly secret: string,
    @Inject(Users) private readonly users: Users,
    @Inject(TableAccess) private readonly access: TableAccess,
    @Inject(SecurityLog) private readonly securityLog: SecurityLog,
  ) {}

  async admit(request: IncomingMessage): Promise<LiveAdmission> {
    const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('access_token');
    if (token === null) return { ok: true, viewer: { principal: null } };
    const verified = verifyAccessToken(this.jwt, this.secret, token);
    if (!verified.ok) return this.refuse(request, verified.reason, `the access token is not valid (${verified.reason}); sign in again`);
    const { principal } = verified;
    const user = await this.users.byId(principal.sub);
    if (user?.disabled) return this.refuse(request, 'user disabled', `user "${user.name}" is disabled`, principal);
    if (user && user.role !== principal.role) return this.refuse(request, 'role changed', `user "${user.name}" is now ${user.role}, not ${principal.role}; sign in again`, principal);
    return { ok: true, viewer: { principal } };
  }

  /** Decided at subscribe time: a dealer assigned later sees the cards after subscribing again. */
  async audienceFor(viewer: LiveViewer, tableId: string): Promise<Audience> {
    return viewer.principal === null ? 'public' : this.access.audienceFor(viewer.principal, tableId);
  }

  private refuse(request: IncomingMessage, reason: string, detail: string, who?: Principal): LiveAdmission {
    this.securityLog.refuse(request, new ApiProblem('unauthenticated', 'UNAUTHENTICATED', detail), reason, who);
    return { ok: false, detail };
  }
}
