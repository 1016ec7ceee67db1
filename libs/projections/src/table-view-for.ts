import { maySeeHoleCards, type Audience } from './audience';
import type { TableRow, TableView } from './table-view';

/**
 * The table as one audience may see it (audience.ts has the rule): hole cards of the hand in progress, or of the
 * last one until the next starts, only where that audience may see them. The engine state (deck included) is never
 * part of it.
 */
export function tableViewFor(view: TableView, audience: Audience): TableRow {
  return tableRowFor(view.row, audience);
}

/** tableViewFor on a row alone (the read model stores rows as the public may see them). */
export function tableRowFor(row: TableRow, audience: Audience): TableRow {
  const handOver = row.hand === null || row.hand.phase === 'complete';
  return {
    ...row,
    seats: row.seats.map((s) =>
      s.holeCards === null || maySeeHoleCards(audience, { playerId: s.playerId, shown: s.shown, handOver }) ? s : { ...s, holeCards: null },
    ),
  };
}
