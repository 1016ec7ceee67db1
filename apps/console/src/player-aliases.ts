import type { PlayerAlias } from '@felt/players';
import type { ApiClient } from './api-client.js';

/**
 * The registry's aliases of the players the console shows (docs/players.md): a seated player's id is often their
 * card number, which the felt, the players' rows and the activity must not show once the floor has registered an
 * alias. The tables' views carry ids only (the alias is personal data, kept out of the log), so the page asks
 * GET /players/:id once per player (the floor and a dealer may; the answer is the alias) and keeps the answer for
 * the tab. An unregistered player, or one the user may not look up (a regulator), is shown by the id as typed.
 * One map for the whole page: every screen names a player the same way; signing out forgets it.
 */
const known = new Map<string, string | null>();
const asked = new Set<string>();

/** The alias of a registered player, else the id as typed. */
export function shownName(playerId: string): string {
  return known.get(playerId) ?? playerId;
}

/** The players the page has an alias for, id to alias (a refusal names them by alias: refusal-sentences.ts). */
export function knownAliases(): ReadonlyMap<string, string> {
  return new Map([...known].filter((entry): entry is [string, string] => entry[1] !== null));
}

/** A player's alias as the floor just registered or changed it (their page), without asking again. */
export function rememberAlias(playerId: string, alias: string | null): void {
  known.set(playerId, alias);
  asked.add(playerId);
}

/**
 * Asks for the aliases of the players not asked about yet; `learned` runs once when any of them has one, so the
 * screen draws its names again. Each player is asked about once per tab, whatever the answer.
 */
export function learnAliases(api: ApiClient, playerIds: Iterable<string>, learned: () => void): void {
  const fresh = [...new Set(playerIds)].filter((id) => !asked.has(id));
  if (fresh.length === 0) return;
  for (const id of fresh) asked.add(id);
  void Promise.all(
    fresh.map(async (id) => {
      try {
        const answer = await api.get<PlayerAlias>(`/players/${encodeURIComponent(id)}`);
        known.set(id, answer.alias);
        return answer.alias !== null;
      } catch {
        // Not registered (404), or a role that may not look players up (403): the id as typed stays.
        known.set(id, null);
        return false;
      }
    }),
  ).then((found) => found.some(Boolean) && learned());
}

export function forgetAliases(): void {
  known.clear();
  asked.clear();
}
