import type { IncomingMessage } from 'node:http';
import { Injectable, Logger } from '@nestjs/common';
import { requestIdOfMessage, type HttpRequest, type HttpResponse } from '../http/http-types';
import { ApiProblem } from '../http/status-mapping';
import type { Principal } from '@felt/staff';
import { principalOfMessage } from './principal';

/**
 * Every refused request is a security event: one pino warn line with `security: true`, why, the route, the user
 * (when the token said who) and the request id, so that a SIEM can count failed logins and probes.
 */
@Injectable()
export class SecurityLog {
  private readonly logger = new Logger('Security');

  /** Logs the refusal and returns the problem to throw; `req` is an HTTP request or a /live upgrade request. */
  refuse(req: HttpRequest | IncomingMessage, problem: ApiProblem, reason: string, who?: Partial<Principal>): ApiProblem {
    const message = 'raw' in req ? req.raw : req;
    who ??= principalOfMessage(message);
    this.logger.warn(
      {
        security: true,
        code: problem.code,
        status: problem.status,
        reason,
        route: `${message.method ?? ''} ${(message.url ?? '').split('?')[0]}`,
        ...(who?.sub === undefined ? {} : { userId: who.sub }),
        ...(who?.name === undefined ? {} : { userName: who.name }),
        ...(who?.role === undefined ? {} : { role: who.role }),
        requestId: requestIdOfMessage(message),
      },
      `request refused: ${reason}`,
    );
    return problem;
  }

  /** A security event that is no refusal (a reader conflict): one warn line with `security: true` and why. */
  alert(req: HttpRequest, reason: string, who?: Partial<Principal>): void {
    const message = req.raw;
    this.logger.warn(
      {
        security: true,
        reason,
        route: `${message.method ?? ''} ${(message.url ?? '').split('?')[0]}`,
        ...(who?.sub === undefined ? {} : { userId: who.sub }),
        requestId: requestIdOfMessage(message),
      },
      reason,
    );
  }

  /** A 401 problem: UNAUTHENTICATED (or the authenticator's own code, TOKEN_REVOKED or UNKNOWN_USER) with the sentence for the caller, and the Bearer challenge header. */
  unauthenticated(
    req: HttpRequest,
    res: HttpResponse,
    reason: string,
    detail: string,
    who?: Partial<Principal>,
    code = 'UNAUTHENTICATED',
  ): ApiProblem {
    if (!res.sent) res.header('WWW-Authenticate', 'Bearer realm="felt"');
    return this.refuse(req, new ApiProblem('unauthenticated', code, detail), reason, who);
  }
}
