import type { RecordedEvent } from '@felt/event-store';
import { maySeeHoleCards, type Audience } from '@felt/projections';
import type { FoldedTable } from '../tables/table-state-cache';
import { eventView, tableView } from '../tables/table-view';

/** Audiences that see every card: the table's dealer and the regulator. */
function seesEverything(audience: Audience): boolean {
  return audience === 'dealer' || audience === 'regulator';
}

/** A key per distinct audience, so one rendering serves every connection that sees the same thing. */
export function audienceKey(audience: Audience): string {
  return typeof audience === 'string' ? audience : `player:${audience.player}`;
}

/**
 * GET /tables/:id's body as `audience` may see it: hole cards (a string such as "AsKd") become null unless the
 * audience may see them (libs/projections maySeeHoleCards: tabled at the showdown, or dealer, regulator, the player).
 */
export function tableViewFor(tableId: string, table: FoldedTable, audience: Audience) {
  const view = tableView(tableId, table);
  if (view.hand === null || seesEverything(audience)) return view;
  const players = view.hand.players.map((p) =>
    p.holeCards === '' || maySeeHoleCards(audience, p.playerId, p.shown) ? p : { ...p, holeCards: null },
  );
  return { ...view, hand: { ...view.hand, players } };
}

/**
 * An item of GET /tables/:id/events as `audience` may see it. Two events carry secrets: HandStarted holds the whole
 * deck and the seed that shuffled it (either tells every card to come), HoleCardsDealt every player's cards (HoleCardsReported, on live tables, one player's). For an
 * audience that may not see them the deck is dropped, the seed blanked and the dealt cards set to null; a player
 * audience is treated like the public here, because the event names seats, not players.
 */
export function eventViewFor(recorded: RecordedEvent, audience: Audience) {
  const view = eventView(recorded);
  if (seesEverything(audience)) return view;
  if (recorded.type === 'HandStarted') {
    const { deck: _deck, shuffle, ...rest } = view.data as unknown as { deck?: unknown; shuffle?: { kind: string } };
    const hiddenShuffle = shuffle && 'seed' in shuffle ? { ...shuffle, seed: null } : shuffle;
    return { ...view, data: { ...rest, shuffle: hiddenShuffle } };
  }
  if (recorded.type === 'HoleCardsReported') {
    // A reader's record of a live hand is as secret as the deal.
    const { seat } = view.data as unknown as { seat: number };
    return { ...view, data: { seat, cards: null } };
  }
  // The sealed deck (ciphertext at rest) and the revealed one (mucked cards too): the hand number only.
  if (recorded.type === 'DeckSealed' || recorded.type === 'DeckRevealed') {
    return { ...view, data: { handNumber: (view.data as { handNumber?: unknown }).handNumber } };
  }
  if (recorded.type === 'HoleCardsDealt') {
    const { hands, ...rest } = view.data as unknown as { hands: readonly { seat: number }[] };
    return { ...view, data: { ...rest, hands: hands.map((hand) => ({ seat: hand.seat, cards: null })) } };
  }
  return view;
}
