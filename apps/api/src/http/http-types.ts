import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The request and response as the controllers, guards, interceptors and filters see them: Fastify's (the API runs
 * on Nest's Fastify adapter). Who sent the request lives on the raw Node request (auth/principal.ts), where
 * pino-http's request line reads it; so does the request id, which @fastify/middie copies there as `id`.
 */
export type HttpRequest = FastifyRequest;
export type HttpResponse = FastifyReply;

/** The request id (logging/logging.module.ts): Fastify's id for the request, which pino-http logs too. */
export function requestIdOf(req: HttpRequest): string {
  return req.id;
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
