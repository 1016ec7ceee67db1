import { signAccessToken, type Principal } from '../../../api/src/auth/access-token';

/** Who the timer service is to the API: a service principal of role `timer`, with no user row behind it. */
export const TIMER_PRINCIPAL: Principal = { sub: 'timer-service', name: 'timer service', role: 'timer' };

/** A token lives a day and is made anew after an hour, so a token is never near its end when it is sent. */
const TOKEN_TTL_SECONDS = 24 * 3600;
const RENEW_AFTER_MS = 3600 * 1000;

/**
 * The timer's bearer token, signed with the API's own secret (JWT_SECRET, else `<DATA_DIR>/jwt-secret`, as
 * apps/api/src/auth/jwt-secret.ts resolves it), renewed before it could expire.
 */
export function timerTokenSource(secret: string, now: () => number = Date.now): () => string {
  let token = '';
  let madeAt = -Infinity;
  return () => {
    if (now() - madeAt > RENEW_AFTER_MS) {
      token = signAccessToken(secret, TIMER_PRINCIPAL, TOKEN_TTL_SECONDS);
      madeAt = now();
    }
    return token;
  };
}
