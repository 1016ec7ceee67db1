import type { HttpRequest } from '../http/http-types';
import type { Principal } from './access-token';

/** A request the access guard let through carries who sent it. */
interface AuthenticatedRequest extends HttpRequest {
  principal?: Principal;
}

export function setPrincipal(req: HttpRequest, principal: Principal): void {
  (req as AuthenticatedRequest).principal = principal;
}

/** Who sent this request; only routes behind the access guard have one (a bug otherwise, hence the throw). */
export function principalOf(req: HttpRequest): Principal {
  const principal = (req as AuthenticatedRequest).principal;
  if (!principal) throw new Error('no principal on this request: is the route public?');
  return principal;
}

/** Who sent it, when known (a refusal before the token was read has none). */
export function maybePrincipalOf(req: HttpRequest): Principal | undefined {
  return (req as AuthenticatedRequest).principal;
}
