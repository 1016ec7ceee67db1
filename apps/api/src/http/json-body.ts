import type { FastifyInstance } from 'fastify';
import type { HttpRequest } from './http-types';
import { invalidText } from './input-gate';
import { duplicateKeyMessage, MAX_JSON_DEPTH, parseJsonText } from './json-text';
import { ApiProblem } from './status-mapping';

/** application/json and its structured-syntax relatives (application/vnd.felt+json, ...): the parser's and the routes' one test. */
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)/i;

/**
 * The API's one body parser: JSON only, strict (the body is an object or an array), bounded. A body larger than
 * `bodyLimitBytes` is refused with 413 before it is read whole (Fastify checks Content-Length first, then counts);
 * a body that is not JSON is refused with MALFORMED_JSON 400, one nested too deep with JSON_TOO_DEEP, one that gives a
 * member twice in an object with DUPLICATE_KEY (json-text.ts). Bodies of other media types are left unread: the
 * routes that take a body refuse them with 415 (jsonBody below).
 */
export function registerJsonBodyParser(fastify: FastifyInstance, bodyLimitBytes: number): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(JSON_TYPE, { parseAs: 'buffer', bodyLimit: bodyLimitBytes }, (req, bytes, done) => {
    try {
      done(null, parseJsonBody(req.headers['content-type'], bytes as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  fastify.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** A request body's bytes as the API reads them (the parser above), or the ApiProblem that refuses them. */
function parseJsonBody(contentType: string | undefined, bytes: Buffer): unknown {
  const charset = CHARSET.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new ApiProblem(
      'unsupported-media-type',
      'UNSUPPORTED_MEDIA_TYPE',
      `the body must be UTF-8 (charset=utf-8), not "${charset.toUpperCase()}"`,
    );
  }
  if (bytes.length === 0) return undefined;
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw invalidText('the body', 'is not UTF-8');
  }
  const first = /^[\x20\x09\x0a\x0d]*(.)/.exec(text)?.[1];
  if (first !== '{' && first !== '[')
    throw malformed(`the body must be a JSON object or array, it starts with ${JSON.stringify(first ?? '')}`);
  const parsed = parseJsonText(text);
  if (parsed.ok) return parsed.value;
  switch (parsed.code) {
    case 'JSON_TOO_DEEP':
      throw ApiProblem.invalidRequest(
        [
          {
            path: '',
            message: `the body nests objects and arrays ${parsed.depth > 10_000 ? 'over 10,000' : parsed.depth} levels deep; at most ${MAX_JSON_DEPTH}`,
          },
        ],
        'JSON_TOO_DEEP',
      );
    case 'DUPLICATE_KEY':
      throw ApiProblem.invalidRequest([{ path: parsed.duplicate.path, message: duplicateKeyMessage(parsed.duplicate) }], 'DUPLICATE_KEY');
    case 'MALFORMED_JSON':
      throw malformed(parsed.reason);
  }
}

function malformed(reason: string): ApiProblem {
  return new ApiProblem('malformed-json', 'MALFORMED_JSON', `the body is not valid JSON (${reason})`);
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
    throw new ApiProblem(
      'unsupported-media-type',
      'UNSUPPORTED_MEDIA_TYPE',
      `send the command as JSON (Content-Type: application/json), not ${type ?? 'without a Content-Type'}`,
    );
  }
  return req.body === undefined ? {} : req.body;
}
