import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyError } from 'fastify';
import { requestIdOf, requestUrlOf, sendJson, type HttpRequest, type HttpResponse } from './http-types';
import { problemForError, type ApiProblem } from './status-mapping';

/** Renders every error as application/problem+json (RFC 9457); the statuses come from status-mapping.ts. */
@Catch()
export class ProblemFilter implements ExceptionFilter {
  private readonly logger = new Logger('ProblemFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<HttpRequest>();
    const res = http.getResponse<HttpResponse>();
    const problem = problemForError(error, req.routeOptions?.bodyLimit);
    if (problem.status >= 500) this.logger.error({ err: error, requestId: requestIdOf(req) }, 'request failed');
    if (!res.sent) sendProblem(req, res, problem);
  }
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot route (a bad percent-encoding) is refused before Nest sees the
 * request, so before the ProblemFilter and the hooks; answered here as the same problem (400 INVALID_REQUEST).
 */
export function answerFrameworkError(error: FastifyError, req: HttpRequest, res: HttpResponse): void {
  res.header('X-Request-Id', req.id);
  sendProblem(req, res, problemForError(new HttpException(error.message, error.statusCode ?? 500)));
}

function sendProblem(req: HttpRequest, res: HttpResponse, problem: ApiProblem): void {
  if (typeof problem.extensions.retryAfterSeconds === 'number') res.header('Retry-After', String(problem.extensions.retryAfterSeconds));
  sendJson(res, problem.status, problem.toDocument(requestUrlOf(req), requestIdOf(req)), 'application/problem+json; charset=utf-8');
}
