/**
 * The shapes the console reads from the API (GET /tables/:id and friends); only the fields it shows. The legal
 * actions and the rules are the engine's own types (the bundle imports its types: docs/console.md); the table view
 * is apps/api's (tables/table-view.ts), which the console may not import (no app imports another).
 */
import type { LegalAction, TableRules } from '@felt/engine';

export type { LegalAction } from '@felt/engine';

/** The table's rules as recorded: the engine's own type. */
export type Rules = TableRules;

export interface SeatView {
  readonly seat: number;
  readonly playerId: string;
  readonly stack: number;
  readonly sittingOut: boolean;
  readonly waitForBigBlind?: boolean;
  readonly missedSmall?: boolean;
  readonly missedBig?: boolean;
  /** No chips between hands (docs/api.md): removed with leave-table or back with add-chips. */
  readonly busted?: boolean;
  /** Time-bank extensions used in this stay at the table (clocked tables). */
  readonly timeBanksUsed?: number;
}

export interface HandPlayerView {
  readonly seat: number;
  readonly playerId: string;
  readonly stack: number;
  readonly committed: number;
  /** This street's bet. */
  readonly live: number;
  readonly folded: boolean;
  readonly allIn: boolean;
  /** null: this audience may not see them. */
  readonly holeCards: string | null;
  readonly shown: boolean;
  readonly mucked: boolean;
}

export interface HandView {
  readonly handNumber: number;
  readonly phase: string;
  readonly button: number;
  readonly smallBlindSeat: number | null;
  readonly bigBlindSeat: number;
  readonly board: string;
  readonly round: { readonly street: string; readonly currentBet: number };
  readonly players: readonly HandPlayerView[];
  readonly pots: readonly { readonly amount: number; readonly eligible: readonly number[] }[];
  readonly straddles?: readonly number[];
  readonly killSeat?: number | null;
}

export interface TableView {
  readonly tableId: string;
  readonly version: number;
  readonly status: 'unopened' | 'open' | 'closed';
  readonly rules: Rules | null;
  readonly seats: readonly SeatView[];
  readonly handsPlayed: number;
  readonly initialButton: number | null;
  readonly lastPositions: { readonly button: number; readonly smallBlind: number; readonly bigBlind: number } | null;
  readonly chipsOnTable: number;
  readonly hand: HandView | null;
  readonly toAct: number | null;
  readonly legalActions: readonly LegalAction[];
  /** Clocked tables only: the running shot clock (deadline null while the floor has it paused), null when none runs. */
  readonly clock?: RunningClock | null;
}

export interface RunningClock {
  readonly clock: number;
  readonly seat: number;
  readonly deadline: string | null;
  readonly remainingMs: number | null;
}

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
