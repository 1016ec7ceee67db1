import type { FastifyInstance } from 'fastify';
import type { HttpRequest } from './http-types';
import { ApiProblem } from './status-mapping';

/** application/json and its structured-syntax relatives (application/vnd.felt+json, ...): the parser's and the routes' one test. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)/i;

/**
 * The API's one body parser: JSON only, strict (the body is an object or an array), bounded. A body larger than
 * `bodyLimitBytes` is refused with 413 before it is read whole (Fastify checks Content-Length first, then counts);
 * a body that is not JSON is refused with MALFORMED_JSON 400. Bodies of other media types are left unread: the
 * routes that take a body refuse them with 415 (jsonBody below).
 */
export function registerJsonBodyParser(fastify: FastifyInstance, bodyLimitBytes: number): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(JSON_TYPE, { parseAs: 'string', bodyLimit: bodyLimitBytes }, (req, text, done) => {
    try {
      done(null, parseStrictJson(req.headers['content-type'], text as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  fastify.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
}

function parseStrictJson(contentType: string | undefined, text: string): unknown {
  const charset = CHARSET.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && !charset.startsWith('utf-')) {
    throw new ApiProblem('unsupported-media-type', 'UNSUPPORTED_MEDIA_TYPE', `unsupported charset "${charset.toUpperCase()}"`);
  }
  if (text.length === 0) return undefined;
  const first = /^[\x20\x09\x0a\x0d]*(.)/.exec(text)?.[1];
  try {
    if (first !== '{' && first !== '[') throw new SyntaxError(`the body must be a JSON object or array, it starts with ${JSON.stringify(first ?? '')}`);
    return JSON.parse(text);
  } catch (error) {
    throw new ApiProblem('malformed-json', 'MALFORMED_JSON', `the body is not valid JSON (${(error as Error).message})`);
  }
}

/**
 * The parsed JSON body of a command request. A request with no body at all counts as `{}` (POST /tables/t1/deal
 * needs nothing more); a body of any other media type is refused with 415 rather than read as an empty command.
 */
export function jsonBody(req: HttpRequest): unknown {
  const type = req.headers['content-type'];
  const length = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) > 0);
  if (type === undefined && !hasBody) return {};
  if (type === undefined || !JSON_TYPE.test(type)) {
    throw new ApiProblem('unsupported-media-type', 'UNSUPPORTED_MEDIA_TYPE', `send the command as JSON (Content-Type: application/json), not ${type ?? 'without a Content-Type'}`);
  }
  return req.body === undefined ? {} : req.body;
}
