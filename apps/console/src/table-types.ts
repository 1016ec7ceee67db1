/**
 * The shapes the console reads from the API (GET /tables/:id and friends); only the fields it shows. LegalAction
 * mirrors libs/engine's (table/legal-actions.ts): the browser program is compiled on its own and cannot import the
 * engine's sources. apps/console/test/legal-action-mirror.ts makes `npm run typecheck` fail when the two drift apart.
 */
export type LegalAction =
  | { readonly type: 'PostBlind'; readonly seat: number; readonly blind: string; readonly amount: number }
  | { readonly type: 'Straddle'; readonly seat: number; readonly amount: number }
  | { readonly type: 'KillPot'; readonly seat: number; readonly min: number; readonly max: number; readonly step: number }
  | { readonly type: 'Deal'; readonly seat: null }
  | { readonly type: 'ChopBlinds'; readonly seat: number; readonly bigBlindSeat: number; readonly fee: number }
  | { readonly type: 'Fold'; readonly seat: number }
  | { readonly type: 'Check'; readonly seat: number }
  | { readonly type: 'Call'; readonly seat: number; readonly amount: number }
  | { readonly type: 'Bet'; readonly seat: number; readonly min: number; readonly max: number }
  | { readonly type: 'Raise'; readonly seat: number; readonly min: number; readonly max: number }
  | { readonly type: 'ShowHand'; readonly seat: number; readonly cardsToEnter?: number }
  | { readonly type: 'MuckHand'; readonly seat: number }
  | { readonly type: 'DealBoard'; readonly seat: null; readonly street: string; readonly cardsToEnter: number }
  | { readonly type: 'ReportHoleCards'; readonly seat: number; readonly cardsToEnter: number }
  | { readonly type: 'RunItTwice'; readonly seat: null; readonly seats: readonly number[] }
  | { readonly type: 'RunItOnce'; readonly seat: null }
  | { readonly type: 'UseTimeBank'; readonly seat: number; readonly extensionsLeft: number };

export interface Rules {
  readonly structure: {
    readonly kind: string;
    readonly smallBet?: number;
    readonly bigBet?: number;
    readonly min?: number;
    readonly max?: number;
  };
  readonly smallBlind: number;
  readonly bigBlind: number;
  readonly ante: { readonly kind: string; readonly amount: number };
  readonly maxSeats: number;
  readonly gameType: string;
  readonly buyIn: { readonly min: number; readonly max: number } | null;
  readonly houseOptions: Readonly<Record<string, unknown>>;
}

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
}

/** A command's 201/200 answer. */
export interface CommandAnswer {
  readonly version: number;
  readonly events: readonly TableEventItem[];
  readonly table: TableView;
}
