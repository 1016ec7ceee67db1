import type { IncomingMessage } from 'node:http';
import type { HttpRequest } from '../http/http-types';
import type { Principal } from '@felt/staff';
import type { Device } from './devices';

/**
 * A request the access guard let through carries who sent it, on the raw Node request: the request log
 * (logging/logging.module.ts) reads it there. With the registered device its token is bound to, as read for it.
 */
interface AuthenticatedMessage extends IncomingMessage {
  principal?: Principal;
  device?: Device;
}

export function setPrincipal(req: HttpRequest, principal: Principal, device?: Device): void {
  const message = req.raw as AuthenticatedMessage;
  message.principal = principal;
  message.device = device;
}

/** The registered device the request's token is bound to (its row as the guard read it); none for a token bound to no device. */
export function deviceOf(req: HttpRequest): Device | undefined {
  return (req.raw as AuthenticatedMessage).device;
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
