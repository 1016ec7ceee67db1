import type { ServerResponse } from 'node:http';
import { requestIdFor } from '../logging/logging.module';
import type { HttpRequest } from './http-types';
import { problemForError } from './status-mapping';

/**
 * Express error middleware placed right after the JSON body parser. Nest would turn the parser's errors into a
 * bare BadRequestException (losing whether the body was malformed or too large); here they become their
 * ApiProblem first (MALFORMED_JSON 400, BODY_TOO_LARGE 413), with a request id, since pino-http never saw them.
 */
export function bodyParserErrors(error: unknown, req: HttpRequest, res: ServerResponse, next: (error: unknown) => void): void {
  if (req.id === undefined) req.id = requestIdFor(req, res);
  next(problemForError(error));
}
