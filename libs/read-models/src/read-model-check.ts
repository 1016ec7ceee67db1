import { comparePositions, positionOf, START, type EventStore, type Position, type Queryable } from '@felt/event-store';
import {
  handHistory,
  lobby,
  publicHandHistory,
  publicTableViews,
  roomGames,
  sessionLedger,
  tableViews,
  type HandHistory,
  type Projection,
  type TableViews,
} from '@felt/projections';
import { LIVE_TABLES, type TableNames } from './read-model';
import { tableViewsFromRows } from './table-view-rows';
import { handHistoryFromRows } from './hand-history-rows';
import { sessionLedgerFromRows } from './session-ledger-rows';
import { lobbyFromRows } from './lobby-rows';
import { roomGamesFromRows } from './room-rows';

/** The pure projections the worker keeps as rows, by the name of their checkpoint ("projection:<name>"). */
// Folded side by side, so their view types are erased here; each evolve only ever sees its own view.
const PROJECTIONS = [tableViews, handHistory, sessionLedger, lobby, roomGames] as unknown as readonly Projection<unknown>[];

/**
 * A pure view as its rows store it: the table view and the hand history only as the public may see them
 * (docs/security.md); the ledger, the lobby and the room hold no card.
 */
export function storedView(projection: string, view: unknown): unknown {
  if (projection === tableViews.name) return publicTableViews(view as TableViews);
  if (projection === handHistory.name) return publicHandHistory(view as HandHistory);
  return view;
}

/** Every read model as its rows hold it, in the shape of the pure views, by projection name. */
export async function viewsFromRows(db: Queryable, names: TableNames = LIVE_TABLES): Promise<Record<string, unknown>> {
  return {
    'table-view': await tableViewsFromRows(db, names),
    'hand-history': await handHistoryFromRows(db, names),
    'session-ledger': await sessionLedgerFromRows(db, names),
    lobby: await lobbyFromRows(db, names),
    room: await roomGamesFromRows(db, names),
  };
}

export interface ReadModelCheck {
  readonly projection: string;
  /** Where the projection's rows stand: events up to here are folded into them. */
  readonly checkpoint: Position;
  readonly events: number;
  /** Where the rows first differ from a fresh fold of the same events, or null when they are equal. */
  readonly difference: string | null;
}

const PAGE = 5000;

/**
 * Compares each read model's rows with the pure view folded afresh from the log up to that projection's own
 * checkpoint, all read in one REPEATABLE READ snapshot so a running worker cannot move rows and checkpoints apart
 * during the check. A regulator's proof that what consoles and reports read is what the events say.
 */
export async function checkReadModels(store: EventStore): Promise<ReadModelCheck[]> {
  return store.transaction(async (tx) => {
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    const rows = await viewsFromRows(tx);
    const folds = [];
    for (const projection of PROJECTIONS) {
      const checkpoint = await store.loadCheckpoint(`projection:${projection.name}`, tx);
      folds.push({ projection, checkpoint, view: projection.initial, events: 0, done: false, failure: null as string | null });
    }
    for (let after = START; folds.some((f) => !f.done);) {
      const page = await store.readAll({ after, limit: PAGE, tx });
      for (const event of page) {
        const position = positionOf(event);
        for (const fold of folds) {
          if (fold.done) continue;
          if (comparePositions(position, fold.checkpoint) > 0) fold.done = true;
          else {
            try {
              fold.view = fold.projection.evolve(fold.view, event);
              fold.events++;
            } catch (error) {
              // A log the view cannot fold (rows deleted from it, say): the chain check names the event; say it here too.
              fold.failure = `the log cannot be folded at ${event.streamId} v${event.streamVersion}: ${(error as Error).message}`;
              fold.done = true;
            }
          }
        }
      }
      if (page.length < PAGE) break;
      after = positionOf(page[page.length - 1]!);
    }
    // Rows hold JSON: compare the fold as JSON too (undefined members dropped, as jsonb drops them).
    return folds.map((fold) => ({
      projection: fold.projection.name,
      checkpoint: fold.checkpoint,
      events: fold.events,
      difference:
        fold.failure ??
        firstDifference(rows[fold.projection.name], JSON.parse(JSON.stringify(storedView(fold.projection.name, fold.view)))),
    }));
  });
}

/** The path of the first place two JSON values differ, with both sides, or null when they are equal. */
export function firstDifference(stored: unknown, fresh: unknown, path = '$'): string | null {
  if (stored === fresh) return null;
  const show = (v: unknown) => (v === undefined ? 'nothing' : truncate(JSON.stringify(v)));
  if (
    typeof stored !== 'object' ||
    typeof fresh !== 'object' ||
    stored === null ||
    fresh === null ||
    Array.isArray(stored) !== Array.isArray(fresh)
  ) {
    return `${path}: the rows hold ${show(stored)}, the events give ${show(fresh)}`;
  }
  if (Array.isArray(stored) && Array.isArray(fresh)) {
    for (let i = 0; i < Math.max(stored.length, fresh.length); i++) {
      const found = firstDifference(stored[i], fresh[i], `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  const a = stored as Record<string, unknown>;
  const b = fresh as Record<string, unknown>;
  for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
    const found = firstDifference(a[key], b[key], `${path}.${key}`);
    if (found) return found;
  }
  return null;
}

function truncate(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
