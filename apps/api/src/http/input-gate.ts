import type { FastifyInstance } from 'fastify';
import type { HttpRequest } from './http-types';
import { ApiProblem } from './status-mapping';

/**
 * The one input gate: every text the API reads (the URL's path and query, every header, every string and key of a
 * JSON body) is refused with 400 before any handler sees it when it holds a control character (PostgreSQL refuses
 * NUL; the others are never meant), a lone UTF-16 surrogate (not Unicode, cannot be stored as UTF-8) or bytes that
 * are not UTF-8. The body's bytes are checked where they are decoded (json-body.ts); the decoded values here.
 */

/** C0 controls, DEL and C1 controls. In a body, TAB, LF and CR are allowed (a reason may span lines). */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const CONTROL_IN_BODY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

export type TextPlace = 'url' | 'header' | 'body';

/** Why `text` is refused in `place`, or null. */
export function badText(text: string, place: TextPlace): string | null {
  if ((place === 'body' ? CONTROL_IN_BODY : CONTROL).test(text)) return 'holds a control character';
  if (LONE_SURROGATE.test(text)) return 'holds a lone UTF-16 surrogate (not Unicode text)';
  return null;
}

/** The refusal every gate answers with (400 INVALID_TEXT), naming where. */
export function invalidText(where: string, why: string): ApiProblem {
  return ApiProblem.invalidRequest([{ path: where, message: why }], 'INVALID_TEXT');
}

/** The first bad string or key in a parsed JSON value, as a problem; null when all of it is clean text. */
export function badJsonText(value: unknown, path = 'body'): ApiProblem | null {
  if (typeof value === 'string') {
    const why = badText(value, 'body');
    return why ? invalidText(path, why) : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const problem = badJsonText(value[i], `${path}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const why = badText(key, 'body');
    if (why) return invalidText(`${path} key ${JSON.stringify(key)}`, why);
    const problem = badJsonText(item, `${path}.${key}`);
    if (problem) return problem;
  }
  return null;
}

/**
 * The URL as text: every percent-escape must decode to UTF-8 (a query with "%FF" or a broken escape is refused,
 * where the query parser would quietly make it U+FFFD), and what it decodes to must be clean text.
 */
export function badUrl(url: string): ApiProblem | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.replace(/\+/g, ' '));
  } catch {
    return invalidText('the URL', 'has a percent-escape that is not UTF-8');
  }
  const why = badText(decoded, 'url');
  return why ? invalidText('the URL', why) : null;
}

/** Header values reach Node as Latin-1: their bytes must be UTF-8 text without controls (TAB aside, which HTTP allows). */
export function badHeader(name: string, value: string): ApiProblem | null {
  let text = value;
  if (/[^\x00-\x7f]/.test(value)) {
    try {
      text = UTF8.decode(Buffer.from(value, 'latin1'));
    } catch {
      return invalidText(`header ${name}`, 'is not UTF-8');
    }
  }
  const why = badText(text.replace(/\t/g, ' '), 'header');
  return why ? invalidText(`header ${name}`, why) : null;
}

function checkHeaders(req: HttpRequest): ApiProblem | null {
  const raw = req.raw.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const problem = badHeader(raw[i]!, raw[i + 1]!);
    if (problem) return problem;
  }
  return null;
}

/** Registers the gate: URL and headers as the request arrives, the body once parsed (before guards and handlers). */
export function registerInputGate(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', async (req) => {
    const problem = badUrl(req.url) ?? checkHeaders(req);
    if (problem) throw problem;
  });
  fastify.addHook('preHandler', async (req) => {
    if (req.body === undefined) return;
    const problem = badJsonText(req.body);
    if (problem) throw problem;
  });
}
