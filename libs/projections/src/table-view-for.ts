import { maySeeHoleCards, type Audience } from './audience';
import type { HandState, TableEvent } from '@felt/engine';
import type { TableRow, TableView, TableViews } from './table-view';

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

/**
 * A table view as a read model stores it (docs/security.md): the row as the public may see it, and the engine state
 * the fold continues from without the undealt deck and without face-down hole cards (shown ones stay). The fold
 * goes on from it alike: evolve reads neither (withShownCards puts back what a showing tells).
 */
export function publicTableView(view: TableView): TableView {
  const hand = view.engine.hand;
  if (hand === null) return { ...view, row: tableRowFor(view.row, 'public') };
  return { ...view, engine: { ...view.engine, hand: publicHand(hand) }, row: tableRowFor(view.row, 'public') };
}

/** A hand state without deck, seed, salt or face-down hole cards, in its correction chain too (HandState.lastAction). */
function publicHand(hand: HandState): HandState {
  // Whatever else of the shuffle a hand state may keep (a seed, a salt) goes too.
  const { seed: _seed, salt: _salt, ...kept } = hand as HandState & { seed?: unknown; salt?: unknown };
  const players = hand.players.map((p) => (p.shown ? p : { ...p, holeCards: [] }));
  const chain = hand.lastAction
    ? { action: hand.lastAction.action, before: publicHand(hand.lastAction.before) }
    : (hand.lastAction ?? null);
  return { ...kept, deck: [], players, lastAction: chain };
}

/** Every table of `views` as a read model stores it. */
export function publicTableViews(views: TableViews): TableViews {
  return { tables: Object.fromEntries(Object.entries(views.tables).map(([id, view]) => [id, publicTableView(view)])) };
}

/** After a HandShown: the shown cards in the engine state, from the event (a stored state had them removed). */
export function withShownCards(view: TableView, event: TableEvent): TableView {
  const hand = view.engine.hand;
  if (event.type !== 'HandShown' || hand === null) return view;
  const players = hand.players.map((p) => (p.seat === event.seat ? { ...p, holeCards: event.cards } : p));
  return { ...view, engine: { ...view.engine, hand: { ...hand, players } } };
}
