import type { KeyObject } from 'node:crypto';
import { signAccessToken, type Principal } from '@felt/staff';

/** Who the timer service is to the API: a service principal of role `timer`, with no user row behind it. */
export const TIMER_PRINCIPAL: Principal = { sub: 'timer-service', name: 'timer service', role: 'timer' };

/** A token lives a day and is made anew after an hour, so a token is never near its end when it is sent. */
const TOKEN_TTL_SECONDS = 24 * 3600;
const RENEW_AFTER_MS = 3600 * 1000;

/**
 * The timer's bearer token, signed with the timer's own key (kid `timer`: the API checks it with the key's public
 * half and takes it for the timer role only), renewed before it could expire.
 */
export function timerTokenSource(privateKey: KeyObject, now: () => number = Date.now): () => string {
  let token = '';
  let madeAt = -Infinity;
  return () => {
    if (now() - madeAt > RENEW_AFTER_MS) {
      token = signAccessToken(privateKey, TIMER_PRINCIPAL, TOKEN_TTL_SECONDS, 'timer');
      madeAt = now();
    }
    return token;
  };
}
