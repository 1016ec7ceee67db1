/**
 * ⚙ Where a seated player's table-change request stands against the game's list for a seat at another table of
 * the same game (docs/room.md "Table changes"): 'before-list' (Felt's default, as most rooms and Robert's Rules
 * of Poker have it: a player already in the game is given the change before a new player is seated) or
 * 'after-list' (the list first; a change takes a seat nobody on the list wants).
 * Must-move players always come before both for a main-game seat: that is what must-move means.
 */
export const TABLE_CHANGE_PRIORITIES = ['before-list', 'after-list'] as const;
export type TableChangePriority = (typeof TABLE_CHANGE_PRIORITIES)[number];
export const DEFAULT_TABLE_CHANGE_PRIORITY: TableChangePriority = 'before-list';
