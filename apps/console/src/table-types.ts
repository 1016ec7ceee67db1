/**
 * The shapes the console reads from the API, from their one home: the table view is libs/projections'
 * (table-state-view.ts, the function the API answers with), the legal actions and the rules the engine's. The bundle
 * takes their types only (docs/console.md).
 */
import type { HandPlayerStateView, HandStateView, SeatStateView, TableStateView } from '@felt/projections';
import type { TableRules } from '@felt/engine';

export type { LegalAction } from '@felt/engine';

/** The table's rules as recorded: the engine's own type. */
export type Rules = TableRules;

/** GET /tables/:id as this user's audience sees it (hole cards null where they may not see them). */
export type TableView = TableStateView;
export type SeatView = SeatStateView;
export type HandView = HandStateView;
export type HandPlayerView = HandPlayerStateView;

/** One stored event as GET /tables/:id/events and the live `events` message carry it. */
export interface TableEventItem {
  readonly version: number;
  readonly type: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly recordedAt?: string;
}

/** A command's 201/200 answer. */
export interface CommandAnswer {
  readonly version: number;
  readonly events: readonly TableEventItem[];
  readonly table: TableView;
}
