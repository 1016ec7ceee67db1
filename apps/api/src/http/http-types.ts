import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The request and response as the controllers, guards, interceptors and filters see them: Fastify's (the API runs
 * on Nest's Fastify adapter). What lives on the raw Node request instead, because pino-http's request log reads it
 * there: the request id (pino-http's `id`) and who sent the request (auth/principal.ts).
 */
export type HttpRequest = FastifyRequest;
export type HttpResponse = FastifyReply;

export function requestIdOf(req: HttpRequest): string | undefined {
  return requestIdOfMessage(req.raw);
}

export function requestIdOfMessage(message: IncomingMessage): string | undefined {
  return message.id === undefined ? undefined : String(message.id);
}

/** The path and query as the client sent them (the problem's `instance`, the security log's route). */
export function requestUrlOf(req: HttpRequest): string {
  return req.originalUrl;
}

/** Writes a JSON answer with exactly the status chosen (Nest's default for POST is 201). */
export function sendJson(res: HttpResponse, status: number, body: unknown, contentType = 'application/json; charset=utf-8'): void {
  res.code(status).header('Content-Type', contentType).send(JSON.stringify(body));
}
