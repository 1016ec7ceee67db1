import type { HttpRequest } from './http-types';
import { ApiProblem } from './status-mapping';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

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
