import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import type { Audience } from '@felt/projections';
import type { Principal } from '../auth/access-token';
import { SecurityLog } from '../auth/security-log';
import { TableAccess } from '../auth/table-access';
import { TokenAuthenticator } from '../auth/token-authenticator';
import { ApiProblem } from '../http/status-mapping';

/** Who is on the other end of a /live connection (null: no token, the public). */
export interface LiveViewer {
  readonly principal: Principal | null;
}

export type LiveAdmission = { readonly ok: true; readonly viewer: LiveViewer } | { readonly ok: false; readonly detail: string };

/**
 * The one place /live decides what a connection may see. `admit` reads the connection's `?access_token=`: none is
 * the public; a token is checked as the HTTP guard checks a bearer token (TokenAuthenticator: signature, expiry,
 * claims, the user not disabled and still in that role), else the connection is refused (UNAUTHENTICATED, logged
 * as a security event). `audienceFor` is the HTTP reads' rule (TableAccess): hole cards for regulators and the
 * table's assigned dealers.
 */
@Injectable()
export class LiveAudience {
  constructor(
    @Inject(TokenAuthenticator) private readonly tokens: TokenAuthenticator,
    @Inject(TableAccess) private readonly access: TableAccess,
    @Inject(SecurityLog) private readonly securityLog: SecurityLog,
  ) {}

  async admit(request: IncomingMessage): Promise<LiveAdmission> {
    const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('access_token');
    if (token === null) return { ok: true, viewer: { principal: null } };
    const authenticated = await this.tokens.authenticate(token);
    if (authenticated.ok) return { ok: true, viewer: { principal: authenticated.principal } };
    const { reason, detail, who } = authenticated;
    this.securityLog.refuse(request, new ApiProblem('unauthenticated', 'UNAUTHENTICATED', detail), reason, who);
    return { ok: false, detail };
  }

  /** Decided at subscribe time: a dealer assigned later sees the cards after subscribing again. */
  async audienceFor(viewer: LiveViewer, tableId: string): Promise<Audience> {
    return viewer.principal === null ? 'public' : this.access.audienceFor(viewer.principal, tableId);
  }
}
