/**
 * ⚙ When a game's list is long enough to open another table (docs/room.md "Interest lists and new tables"): at
 * this many players waiting (not counting those already called), the room records NewTableDue once, and the board
 * shows it until a table is added. A game with no table yet is an interest list; the same count starts it.
 * Felt's default is 6, a short-handed table's worth: enough for a game that keeps going while it fills.
 */
export const DEFAULT_NEW_TABLE_AT = 6;
export const MIN_NEW_TABLE_AT = 2;
export const MAX_NEW_TABLE_AT = 20;

export function newTableDue(waiting: number, newTableAt: number): boolean {
  return waiting >= newTableAt;
}
