import type { FastifyInstance } from 'fastify';
import type { HttpRequest } from './http-types';
import { invalidText } from './input-gate';
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
  fastify.addContentTypeParser(JSON_TYPE, { parseAs: 'buffer', bodyLimit: bodyLimitBytes }, (req, bytes, done) => {
    try {
      done(null, parseStrictJson(req.headers['content-type'], bytes as Buffer));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  fastify.addContentTypeParser('*', (_req, _payload, done) => done(null, undefined));
}

/** Objects and arrays nested deeper than this are refused before JSON.parse (and every walk after it) recurses. */
export const MAX_JSON_DEPTH = 64;

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

function parseStrictJson(contentType: string | undefined, bytes: Buffer): unknown {
  const charset = CHARSET.exec(contentType ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new ApiProblem('unsupported-media-type', 'UNSUPPORTED_MEDIA_TYPE', `the body must be UTF-8 (charset=utf-8), not "${charset.toUpperCase()}"`);
  }
  if (bytes.length === 0) return undefined;
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw invalidText('the body', 'is not UTF-8');
  }
  const first = /^[\x20\x09\x0a\x0d]*(.)/.exec(text)?.[1];
  try {
    if (first !== '{' && first !== '[') throw new SyntaxError(`the body must be a JSON object or array, it starts with ${JSON.stringify(first ?? '')}`);
    const depth = jsonDepth(text);
    if (depth > MAX_JSON_DEPTH) {
      throw ApiProblem.invalidRequest([{ path: '', message: `the body nests objects and arrays ${depth > 10_000 ? 'over 10,000' : depth} levels deep; at most ${MAX_JSON_DEPTH}` }], 'JSON_TOO_DEEP');
    }
    return JSON.parse(text);
  } catch (error) {
    if (error instanceof ApiProblem) throw error;
    throw new ApiProblem('malformed-json', 'MALFORMED_JSON', `the body is not valid JSON (${(error as Error).message})`);
  }
}

/**
 * How deep objects and arrays nest in a JSON text, counted without recursion (brackets inside strings do not
 * count). Stops counting past 10,001: enough to refuse.
 */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > deepest) deepest = depth;
      if (deepest > 10_000) return deepest;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return deepest;
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
