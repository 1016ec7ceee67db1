import type { Audience } from './audience';
import { maySeeHoleCards } from './audience';
import type { TableRow, TableView } from './table-view';

/**
 * The table as one audience may see it: the public sees only hands tabled at the showdown, a player also their
 * own, the dealer and the regulator everything. The engine state (deck included) is never part of it.
 */
export function tableViewFor(view: TableView, audience: Audience): TableRow {
  const row = view.row;
  return {
    ...row,
    seats: row.seats.map((s) => (s.holeCards === null || maySeeHoleCards(audience, s.playerId, s.shown) ? s : { ...s, holeCards: null })),
  };
}
