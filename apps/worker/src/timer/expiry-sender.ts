import type { Expiry } from './deadlines';

/**
 * How one firing ended:
 * - applied / replayed: the API recorded the expiry (now, or earlier under the same Idempotency-Key);
 * - stale: the clock or the call was already over (the seat acted, the hand ended, the player sat down): nothing to do;
 * - not-due: the API's clock says the deadline has not passed: a little early, or the deadline moved (a time bank, a
 *   resume after a pause) and the event that moved it has a job of its own; or the API took part of it (202: an
 *   absence's stand-up waits for the player's hand to end);
 * - retry: try again shortly (the API or the network failed, the table changed meanwhile, the same key in flight);
 * - refused: the API will never take it (the timer's token or role, a malformed command): a configuration error.
 */
export type Firing =
  { readonly outcome: 'applied' | 'replayed' | 'stale' } | { readonly outcome: 'not-due' | 'retry' | 'refused'; readonly reason: string };

/** The refusals that mean "already over": the table's clock is not the running one, the player is no longer called. */
export const STALE_CODES: ReadonlySet<string> = new Set([
  'CLOCK_STALE',
  'PLAYER_NOT_CALLED',
  // A tournament's level: already moved on (by the floor, or an earlier firing), the last level, or the tournament over.
  'LEVEL_ALREADY_ADVANCED',
  'NO_NEXT_LEVEL',
  'TOURNAMENT_FINISHED',
  'CLOCK_NOT_RUNNING',
  // A player's absence: they sat in, left or moved before the limit.
  'ABSENCE_OVER',
]);
/** The refusals that mean "not yet": the API's clock is a little behind the deadline the timer fired at. */
export const NOT_DUE_CODES: ReadonlySet<string> = new Set(['CLOCK_NOT_DUE', 'CALL_STILL_RUNNING', 'ABSENCE_NOT_DUE']);

export interface ExpirySenderOptions {
  /** FELT_API_URL: where the API listens, e.g. http://127.0.0.1:3000. */
  readonly apiUrl: string;
  /** The bearer token of the timer's principal (timer-token.ts), asked for on every request so it can be renewed. */
  readonly token: () => string;
  /** A request that takes longer is abandoned and retried (same key, so it is applied at most once). */
  readonly timeoutMs?: number;
}

/** Sends an expiry to the API, the single writer: the table's or the game's command route, Idempotency-Key = event id. */
export class ExpirySender {
  private readonly base: string;

  constructor(private readonly options: ExpirySenderOptions) {
    this.base = options.apiUrl.replace(/\/+$/, '');
  }

  async fire(expiry: Expiry, idempotencyKey: string): Promise<Firing> {
    const path =
      expiry.kind === 'table'
        ? `/tables/${encodeURIComponent(expiry.tableId)}/commands`
        : expiry.kind === 'room'
          ? `/room/games/${encodeURIComponent(expiry.gameId)}/commands`
          : expiry.kind === 'absence'
            ? `/tables/${encodeURIComponent(expiry.tableId)}/absence-expired`
            : `/tournaments/${encodeURIComponent(expiry.tournamentId)}/commands`;
    const body = expiry.kind === 'absence' ? { seat: expiry.command.seat, since: expiry.command.since } : expiry.command;
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${this.options.token()}`, 'idempotency-key': idempotencyKey },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      return { outcome: 'retry', reason: `the API did not answer (${(error as Error).message})` };
    }
    if (res.status === 201) return drained(res, { outcome: 'applied' });
    if (res.status === 200) return drained(res, { outcome: 'replayed' });
    // Taken, with the rest still to come (an absence's stand-up waits for the player's hand to end): sent again.
    if (res.status === 202) return drained(res, { outcome: 'not-due', reason: 'accepted, the rest after the hand' });
    const problem = (await res.json().catch(() => ({}))) as { code?: unknown; detail?: unknown };
    const code = typeof problem.code === 'string' ? problem.code : `HTTP ${res.status}`;
    const said = `${res.status} ${code}${typeof problem.detail === 'string' ? `: ${problem.detail}` : ''}`;
    if (STALE_CODES.has(code)) return { outcome: 'stale' };
    if (NOT_DUE_CODES.has(code)) return { outcome: 'not-due', reason: said };
    if (res.status >= 500 || res.status === 409 || res.status === 429) return { outcome: 'retry', reason: said };
    return { outcome: 'refused', reason: said };
  }
}

async function drained(res: Response, firing: Firing): Promise<Firing> {
  await res.arrayBuffer().catch(() => undefined);
  return firing;
}
