import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
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

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the bytes before there was a request (headers too
 * large: 431; broken framing: 400; too slow: 408). Written to the socket as a problem, then the connection closes.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, kind, code, detail] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'headers-too-large', 'HEADERS_TOO_LARGE', 'the request line and headers are too large (the URL included)']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request-timeout', 'REQUEST_TIMEOUT', 'the request did not arrive in time']
        : [400, 'malformed-request', 'MALFORMED_REQUEST', `the request is not well-formed HTTP (${error.code ?? 'parse error'})`];
  const body = JSON.stringify({ type: `urn:felt:problem:${kind}`, title: STATUS_CODES[status], status, code, detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function sendProblem(req: HttpRequest, res: HttpResponse, problem: ApiProblem): void {
  if (typeof problem.extensions.retryAfterSeconds === 'number') res.header('Retry-After', String(problem.extensions.retryAfterSeconds));
  sendJson(res, problem.status, problem.toDocument(requestUrlOf(req), requestIdOf(req)), 'application/problem+json; charset=utf-8');
}
