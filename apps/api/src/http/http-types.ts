import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the API uses of Express's request and response, typed on Node's own classes (the repo has no
 * @types/express): the parsed body and the original URL (pino-http adds `id` to IncomingMessage itself).
 */
export interface HttpRequest extends IncomingMessage {
  body?: unknown;
  originalUrl?: string;
}

export type HttpResponse = ServerResponse;

export function requestIdOf(req: HttpRequest): string | undefined {
  return req.id === undefined ? undefined : String(req.id);
}

/** Writes a JSON answer by hand, so the status is exactly the one chosen (Nest's default for POST is 201). */
export function sendJson(res: HttpResponse, status: number, body: unknown, contentType = 'application/json; charset=utf-8'): void {
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.end(JSON.stringify(body));
}
