import type { TableEngine } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import { eventDataFor, maySeeDeck, maySeeHoleCards, shuffleWithoutSeed, type Audience } from '@felt/projections';
import type { FoldedTable } from '../tables/table-state-cache';
import { eventView, tableView } from '../tables/table-view';

import { audienceKey } from '@felt/projections';

/**
 * The API's side of the one visibility rule (libs/projections audience.ts; docs/security.md): every read path of
 * the API (GET /tables/:id, its events, command answers, /regulator/*, /live) renders tables and events through
 * these two functions and nothing else.
 */

/** Where the hand in progress begins in the table's stream, or null when no hand is in progress. */
export type LiveHandFrom = number | null;

/** The hand in the table's state is over (or there is none): its secrets are no longer live. */
export function handOverIn(table: FoldedTable): boolean {
  return table.state.hand === null || table.state.hand.phase === 'complete';
}

/** Members of the engine's hand state that tell cards not yet dealt: never part of any view. */
const UNDEALT = new Set(['deck', 'deckPosition', 'seed', 'salt', 'seal', 'sealedDeck']);

/**
 * GET /tables/:id's body as `audience` may see it: hole cards (a string such as "AsKd") become null unless the
 * audience may see them (tabled at the showdown; else the matrix, by whether the hand is over). The undealt deck,
 * the seed and the salt are never in it.
 */
export function tableViewFor(tableId: string, table: FoldedTable, audience: Audience, engine?: TableEngine) {
  const view = tableView(tableId, table, engine);
  if (view.hand === null) return view;
  const handOver = handOverIn(table);
  const hand: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(view.hand)) if (!UNDEALT.has(key)) hand[key] = value;
  if ('shuffle' in hand && !maySeeDeck(audience, handOver)) hand.shuffle = shuffleWithoutSeed(hand.shuffle);
  const players = view.hand.players.map((p) =>
    p.holeCards === '' || maySeeHoleCards(audience, { playerId: p.playerId, shown: p.shown, handOver }) ? p : { ...p, holeCards: null },
  );
  return { ...view, hand: { ...(hand as typeof view.hand), players } };
}

export interface EventViewOptions {
  /** A reader without a token: event metadata (staff ids, devices) is left out. */
  readonly anonymous?: boolean;
}

/**
 * An item of GET /tables/:id/events (and of /live, the regulator's events, a command's answer) as `audience` may
 * see it. `liveHandFrom`: the stream version of the hand in progress's HandStarted when the events were read (read
 * the events first, then the table: a hand cannot un-end), null when none was. Secrets follow eventDataFor; the
 * event's `hash` only to those who may see every secret of a hand that is over (floor, regulators), because a hash
 * over a handful of hidden cards (two hole cards each, heads-up; an old log's 32-bit seed) can be found by trying
 * them all, and every later hash of the chain covers it too.
 */
export function eventViewFor(recorded: RecordedEvent, audience: Audience, liveHandFrom: LiveHandFrom, options: EventViewOptions = {}) {
  const view = eventView(recorded);
  const handOver = liveHandFrom === null || recorded.streamVersion < liveHandFrom;
  const data = eventDataFor(recorded.type, recorded.data, audience, handOver) as typeof view.data;
  return { ...view, data, metadata: options.anonymous ? {} : view.metadata, hash: maySeeDeck(audience, handOver) ? view.hash : null };
}

/** Who reads a /live subscription: their audience at the table, and whether they came without a token. */
export interface LiveReader {
  readonly audience: Audience;
  readonly anonymous: boolean;
}

/** A key per distinct reader, so one rendering serves every connection that sees the same thing. */
export function readerKey(reader: LiveReader): string {
  return reader.anonymous ? 'anonymous' : audienceKey(reader.audience);
}
