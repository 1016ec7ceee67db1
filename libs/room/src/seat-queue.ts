import { mustMoveOrder } from './house-policies/must-move-order';
import type { CallRoute } from './events';
import { DEFAULT_ROOM_POLICIES } from './house-policies/room-policies';
import type { GameState, GameTable } from './state';

export interface SeatCandidate {
  readonly playerId: string;
  readonly alias: string;
  readonly route: CallRoute;
}

/**
 * Who is owed a seat at `table`, first in line first (docs/room.md "Who gets an open seat"):
 * 1. for a main-game table, the must-move players (⚙ mustMoveOrder);
 * 2. players of the game at other tables who asked to change to this table or to any table (⚙ tableChange: before
 *    or after the list), oldest request first;
 * 3. the list, in its order.
 * Players with a call pending are not in line (they are being seated elsewhere), nor are players at this table.
 * The same function decides CallPlayer (everyone ahead of the called player must be passed over with a reason) and
 * tells the floor's screen who is next, so the screen never offers what the room would refuse.
 */
export function seatQueue(state: GameState, table: GameTable): SeatCandidate[] {
  const policies = state.policies ?? DEFAULT_ROOM_POLICIES;
  const called = new Set(state.calls.map((c) => c.playerId));
  const here = new Set(table.seated.map((h) => h.playerId));
  const out: SeatCandidate[] = [];
  const seen = new Set<string>();
  const add = (playerId: string, alias: string, route: CallRoute) => {
    if (called.has(playerId) || here.has(playerId) || seen.has(playerId)) return;
    seen.add(playerId);
    out.push({ playerId, alias, route });
  };

  if (!table.mustMove) {
    const mustMovers = state.tables.filter((t) => t.mustMove && !t.broken).flatMap((t) => t.seated);
    for (const h of mustMoveOrder(policies.mustMoveOrder, mustMovers)) add(h.playerId, h.alias, 'must-move');
  }
  const changes = () => {
    for (const c of [...state.changes].sort((a, b) => Date.parse(a.requestedAt) - Date.parse(b.requestedAt))) {
      if (c.fromTableId === table.tableId || (c.toTableId !== null && c.toTableId !== table.tableId)) continue;
      const alias = state.tables.flatMap((t) => t.seated).find((h) => h.playerId === c.playerId)?.alias ?? c.playerId;
      add(c.playerId, alias, 'table-change');
    }
  };
  const list = () => {
    for (const e of state.list) add(e.playerId, e.alias, 'list');
  };
  if (policies.tableChange === 'before-list') {
    changes();
    list();
  } else {
    list();
    changes();
  }
  return out;
}
