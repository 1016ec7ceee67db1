import type { IncomingMessage } from 'node:http';
import type { HttpRequest } from '../http/http-types';
import type { Principal } from './access-token';

/**
 * A request the access guard let through carries who sent it, on the raw Node request: the request log
 * (logging/logging.module.ts) reads it there.
 */
interface AuthenticatedMessage extends IncomingMessage {
  principal?: Principal;
}

export function setPrincipal(req: HttpRequest, principal: Principal): void {
  (req.raw as AuthenticatedMessage).principal = principal;
}

/** Who sent this request; only routes behind the access guard have one (a bug otherwise, hence the throw). */
export function principalOf(req: HttpRequest): Principal {
  const principal = maybePrincipalOf(req);
  if (!principal) throw new Error('no principal on this request: is the route public?');
  return principal;
}

/** Who sent it, when known (a refusal before the token was read has none). */
export function maybePrincipalOf(req: HttpRequest): Principal | undefined {
  return principalOfMessage(req.raw);
}

export function principalOfMessage(message: IncomingMessage): Principal | undefined {
  return (message as AuthenticatedMessage).principal;
}
