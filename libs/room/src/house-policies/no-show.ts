/**
 * ⚙ What happens to a listed player who is called and does not come within the response time (docs/room.md
 * "No-shows"): back to the end of the list ('end-of-list', Felt's default: the player keeps a place but loses the
 * turn) or off the list ('remove', the stricter practice of busy rooms). Either way the event says which.
 */
export const NO_SHOW_POLICIES = ['end-of-list', 'remove'] as const;
export type NoShowPolicy = (typeof NO_SHOW_POLICIES)[number];
export const DEFAULT_NO_SHOW: NoShowPolicy = 'end-of-list';

/**
 * A player who has already been moved to the end once and misses a second call leaves the list under either policy:
 * an absent player must not circle the list for ever.
 */
export function noShowOutcome(policy: NoShowPolicy, earlierNoShows: number): 'end-of-list' | 'removed' {
  return policy === 'end-of-list' && earlierNoShows === 0 ? 'end-of-list' : 'removed';
}
