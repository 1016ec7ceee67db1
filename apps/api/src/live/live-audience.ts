import type { IncomingMessage } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { Audience } from '@felt/projections';
import type { Principal } from '@felt/staff';
import { SecurityLog } from '../auth/security-log';
import { TableAccess, type TableSecrecyRules } from '../auth/table-access';
import { TokenAuthenticator } from '../auth/token-authenticator';
import { ApiProblem } from '../http/status-mapping';
import { FoldedTables } from '../tables/folded-tables';
import { streamIdOf } from '../tables/table-stream';
import type { LiveReader } from './live-visibility';

/** Who is on the other end of a /live connection (null principal: no token, the public). */
export interface LiveViewer {
  readonly principal: Principal | null;
  /** When the token expires (ms since the epoch); the connection is closed then. Infinity without a token. */
  readonly expiresAt: number;
  /** Where the connection comes from (the per-address cap of connections without a token). */
  readonly address: string;
}

export type LiveAdmission = { readonly ok: true; readonly viewer: LiveViewer } | { readonly ok: false; readonly detail: string };

/**
 * The one place /live decides what a connection may see. `admit` reads the connection's `?access_token=`: none is
 * the public (anonymous: no staff ids in the events' metadata); a token is checked as the HTTP guard checks a
 * bearer token (TokenAuthenticator: signature, expiry, claims, the user not disabled and still in that role), else
 * the connection is refused (UNAUTHENTICATED, logged as a security event). `readerFor` is the HTTP reads' rule
 * (TableAccess, the visibility rule of libs/projections audience.ts) at subscribe time; LiveAccessWatch keeps it
 * true afterwards (revocation).
 */
@Injectable()
export class LiveAudience {
  constructor(
    @Inject(TokenAuthenticator) private readonly tokens: TokenAuthenticator,
    @Inject(TableAccess) private readonly access: TableAccess,
    @Inject(SecurityLog) private readonly securityLog: SecurityLog,
    @Inject(FoldedTables) private readonly tables: FoldedTables,
    @Inject(JwtService) private readonly jwt: JwtService,
  ) {}

  async admit(request: IncomingMessage): Promise<LiveAdmission> {
    const address = request.socket.remoteAddress ?? 'unknown';
    const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('access_token');
    if (token === null) return { ok: true, viewer: { principal: null, expiresAt: Infinity, address } };
    const authenticated = await this.tokens.authenticate(token);
    // A reader's or a shuffler's token sends its table's commands and follows nothing.
    if (authenticated.ok && (authenticated.device?.kind ?? 'console') !== 'console') {
      const detail = `this token is signed in on a card ${authenticated.device!.kind}, which sends its table's commands only`;
      this.securityLog.refuse(
        request,
        new ApiProblem('forbidden', 'DEVICE_NOT_A_CONSOLE', detail),
        `${authenticated.device!.kind} device on /live`,
        authenticated.principal,
      );
      return { ok: false, detail };
    }
    if (authenticated.ok) return { ok: true, viewer: { principal: authenticated.principal, expiresAt: this.expiryOf(token), address } };
    const { reason, detail, who } = authenticated;
    this.securityLog.refuse(request, new ApiProblem('unauthenticated', 'UNAUTHENTICATED', detail), reason, who);
    return { ok: false, detail };
  }

  /** What `viewer` sees of `tableId`, by the table's rules now. */
  async readerFor(viewer: LiveViewer, tableId: string): Promise<LiveReader> {
    if (viewer.principal === null) return { audience: 'public', anonymous: true };
    const table = await this.tables.caughtUp(streamIdOf(tableId));
    return { audience: await this.access.audienceFor(viewer.principal, tableId, table.state.rules), anonymous: false };
  }

  /** Whether `viewer` is a dealer assigned to deal `tableId` now (one query, for dealers only). */
  async deals(viewer: LiveViewer, tableId: string): Promise<boolean> {
    return viewer.principal?.role === 'dealer' && (await this.access.isAssignedDealer(tableId, viewer.principal.sub));
  }

  /** The audience of `principal` at a table given what the access watch read (no query). */
  audienceGiven(principal: Principal, rules: TableSecrecyRules | null, assignedDealer: boolean): Audience {
    return this.access.audienceWith(principal, rules, assignedDealer);
  }

  /** The token was verified by authenticate: its `exp` claim, in ms. */
  private expiryOf(token: string): number {
    const claims = this.jwt.decode<{ exp?: unknown } | null>(token);
    return typeof claims?.exp === 'number' ? claims.exp * 1000 : Infinity;
  }
}
