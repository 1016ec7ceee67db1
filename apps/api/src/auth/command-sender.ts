import type { HttpRequest } from '../http/http-types';
import { requestIdOf } from '../http/http-types';
import { jsonBody } from '../http/json-body';
import type { CommandMetadata, RawCommandRequest } from '../tables/command-request';
import { principalOf } from './principal';

/**
 * A command route's request as it is parsed (tables/command-request.ts): the body, the headers, the request id and
 * who sends it, from the access token alone (with the registered device it was issued for). One place for every
 * route that writes, tables and room alike, so each records the same actor in its events' metadata.
 */
export function rawCommandRequest(req: HttpRequest): RawCommandRequest {
  const { sub, role, device } = principalOf(req);
  return {
    body: jsonBody(req),
    headers: req.headers,
    requestId: requestIdOf(req),
    actor: device === undefined ? { id: sub, role } : { id: sub, role, device },
  };
}

/**
 * The sender part of a command's metadata, for the commands a route issues on the request's behalf (the room's
 * steps at a table, the room's record of a seat opened at the table): the same actor, device and request; not the
 * request's fingerprint, which binds the request's own Idempotency-Key only.
 */
export function senderOf(metadata: CommandMetadata): CommandMetadata {
  return { actorId: metadata.actorId, actorRole: metadata.actorRole, device: metadata.device, correlationId: metadata.correlationId };
}
