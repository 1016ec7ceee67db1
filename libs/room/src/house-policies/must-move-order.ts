/**
 * ⚙ Which must-move player moves first when a seat opens in the main game (docs/room.md "Must-move games"):
 * 'seated-first' (Felt's default, the usual practice): the player who has sat longest in the must-move game;
 * 'listed-first': the player who joined the game's list earliest. A must-move player who passes on a main-game
 * seat goes behind the other must-move players (their turn restarts from the pass).
 */
export const MUST_MOVE_ORDERS = ['seated-first', 'listed-first'] as const;
export type MustMoveOrder = (typeof MUST_MOVE_ORDERS)[number];
export const DEFAULT_MUST_MOVE_ORDER: MustMoveOrder = 'seated-first';

export interface MustMoveCandidate {
  readonly playerId: string;
  /** When the player sat at the must-move table, or last passed on a main-game seat (ISO-8601). */
  readonly seatedAt: string;
  /** When the player joined the game's list (their seating's origin); seatedAt when seated by the floor directly. */
  readonly listedAt: string;
  readonly passedAt?: string;
}

/** Must-move players in the order they are owed a main-game seat. Ties keep the given order (seating order). */
export function mustMoveOrder<P extends MustMoveCandidate>(order: MustMoveOrder, players: readonly P[]): P[] {
  const key = (p: P) => p.passedAt ?? (order === 'listed-first' ? p.listedAt : p.seatedAt);
  return players
    .map((p, i) => ({ p, i }))
    .sort((a, b) => Date.parse(key(a.p)) - Date.parse(key(b.p)) || a.i - b.i)
    .map(({ p }) => p);
}
