import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Module } from '@nestjs/common';
import type { onRequestHookHandler } from 'fastify';
import { LoggerModule } from 'nestjs-pino';
import { destination } from 'pino';
import type { Options as PinoHttpOptions } from 'pino-http';
import { principalOfMessage } from '../auth/principal';
import { API_CONFIG, type ApiConfig } from '../config/api-config';

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * The request id: the caller's X-Request-Id when it is a sane token, else a new UUID. Fastify makes it the request's
 * id (genReqId in api-app.ts), @fastify/middie copies it to the raw request where pino-http finds it, and
 * echoRequestId answers it in the X-Request-Id header; each event records it as its correlation id.
 */
export function requestIdFor(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** A Fastify onRequest hook: every answer, errors included, carries the request id. */
export const echoRequestId: onRequestHookHandler = (req, reply, done) => {
  reply.header('X-Request-Id', req.id);
  done();
};

/** The request line, with the user who sent it when the token said who. */
function withActor(req: IncomingMessage, line: object): object {
  const principal = principalOfMessage(req);
  if (!principal) return line;
  return {
    ...line,
    actorId: principal.sub,
    actorRole: principal.role,
    ...(principal.device === undefined ? {} : { device: principal.device }),
  };
}

/**
 * Structured JSON logs (pino) on stdout, one line per request with its id, status and time. Written in batches:
 * lines collect in memory and go out when 4 KB have gathered or every 100 ms, and pino flushes at exit. A write per
 * line cost about a sixth of a request's CPU on this machine, where system calls are dear. A SIGKILL can lose the
 * last 100 ms of lines; the events never depend on them. At level silent (the tests' in-process APIs) there is no
 * batch: its flush timer writes every 100 ms even with nothing to write, and lives as long as the process, so a test
 * process that made hundreds of APIs spent its CPU on empty writes.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [API_CONFIG],
      useFactory: (config: ApiConfig) => {
        const options: PinoHttpOptions = {
          level: config.logLevel,
          // Who sent it and from which registered device come from the verified token, read when the line is
          // written (after the access guard read the token); the rest of the request is noise. Added to the line itself, not
          // through customProps, which costs every request two more child loggers.
          customSuccessObject: (req: IncomingMessage, _res: ServerResponse, line: object) => withActor(req, line),
          customErrorObject: (req: IncomingMessage, _res: ServerResponse, _error: Error, line: object) => withActor(req, line),
          serializers: {
            req: (req: { id: unknown; method: string; url: string; headers: Record<string, unknown> }) => ({
              id: req.id,
              method: req.method,
              url: req.url,
            }),
            res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
          },
          customLogLevel: (_req: IncomingMessage, res: ServerResponse, error?: Error) =>
            error || res.statusCode >= 500 ? 'error' : 'info',
        };
        return {
          pinoHttp:
            config.logLevel === 'silent' ? options : [options, destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 100 })],
        };
      },
    }),
  ],
})
export class LoggingModule {}
