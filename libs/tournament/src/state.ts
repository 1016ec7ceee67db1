import type { BuyIns } from './payouts';
import type { MoveReason, SeatRef, TournamentEvent } from './events';
import { playLevelNumber, type TournamentStructure } from './structure';

export type EntryStatus = 'registered' | 'seated' | 'busted' | 'unregistered';

export interface Entry {
  readonly entryId: string;
  readonly playerId: string;
  readonly alias: string;
  readonly entryNumber: number;
  readonly status: EntryStatus;
  readonly chips: number;
  readonly seat: SeatRef | null;
  readonly rebuys: number;
  readonly addOn: boolean;
  /** Set when busted: the hand round and the stack the entry started that hand with. */
  readonly bust: { readonly round: number; readonly startStack: number } | null;
}

export interface TournamentTable {
  readonly tableId: string;
  readonly seats: number;
  /** Has held players (seated by the draw, a late entry or a move); empty spare tables are not balanced onto. */
  readonly inPlay: boolean;
  readonly broken: boolean;
  /** The button's seat in the last hand recorded here. */
  readonly button: number | null;
}

export interface PendingMove {
  readonly entryId: string;
  readonly from: SeatRef;
  readonly to: SeatRef;
  readonly reason: MoveReason;
}

export interface TournamentClock {
  readonly status: 'not-started' | 'running' | 'paused';
  /** The structure step now (0-based; levels and breaks alike). */
  readonly step: number;
  readonly endsAt: string | null;
  readonly remainingMs: number | null;
}

export interface TournamentState {
  readonly status: 'none' | 'open' | 'running' | 'finished';
  readonly tournamentId: string;
  readonly structure: TournamentStructure | null;
  readonly entries: readonly Entry[];
  readonly tables: readonly TournamentTable[];
  readonly moves: readonly PendingMove[];
  readonly clock: TournamentClock;
  readonly bustRounds: number;
  readonly buyIns: BuyIns;
  /** Chips the colour-ups' races added (or took) in all: the one way chips enter or leave but buy-ins. */
  readonly raceAdjustment: number;
  /** Hand-for-hand: the bust round of the hand being played everywhere, and the tables that have reported it. */
  readonly handForHand: { readonly round: number; readonly reported: readonly string[] } | null;
  /** The steps whose colour-up has been raced. */
  readonly racedSteps: readonly number[];
  /** The deal made, if any (one that left an amount to play for is here while play goes on). */
  readonly deal: Extract<TournamentEvent, { type: 'DealMade' }> | null;
  readonly finished: Extract<TournamentEvent, { type: 'TournamentFinished' }> | null;
}

export const INITIAL_TOURNAMENT_STATE: TournamentState = {
  status: 'none',
  tournamentId: '',
  structure: null,
  entries: [],
  tables: [],
  moves: [],
  clock: { status: 'not-started', step: 0, endsAt: null, remainingMs: null },
  bustRounds: 0,
  buyIns: { entries: 0, rebuys: 0, addOns: 0 },
  raceAdjustment: 0,
  handForHand: null,
  racedSteps: [],
  deal: null,
  finished: null,
};

export const isAlive = (e: Entry): boolean => e.status === 'registered' || e.status === 'seated';

export function entryOf(state: TournamentState, entryId: string): Entry | undefined {
  return state.entries.find((e) => e.entryId === entryId);
}

export function tableOf(state: TournamentState, tableId: string): TournamentTable | undefined {
  return state.tables.find((t) => t.tableId === tableId);
}

/**
 * Who sits at each table, per state: states are immutable, so one pass over the entries serves every question asked
 * of the same state (balancing asks per table, many times, in a 600-entry field). A memo, not a change: pure.
 */
const seatingOf = new WeakMap<TournamentState, ReadonlyMap<string, readonly Entry[]>>();

/** The entries seated at a table now (moves not yet made still count at their old table), in entry order. */
export function seatedAt(state: TournamentState, tableId: string): Entry[] {
  let seating = seatingOf.get(state);
  if (!seating) {
    const byTable = new Map<string, Entry[]>();
    for (const e of state.entries)
      if (e.status === 'seated' && e.seat) {
        const list = byTable.get(e.seat.tableId);
        if (list) list.push(e);
        else byTable.set(e.seat.tableId, [e]);
      }
    seating = byTable;
    seatingOf.set(state, seating);
  }
  return [...(seating.get(tableId) ?? [])];
}

/** Every chip in play: the alive entries' stacks (a busted entry has none). */
export function chipsInPlay(state: TournamentState): number {
  return state.entries.reduce((n, e) => n + (isAlive(e) ? e.chips : 0), 0);
}

/** The play level number the clock is at (breaks count as the level before them), 1 before the clock starts. */
export function currentPlayLevel(state: TournamentState): number {
  return state.structure ? Math.max(1, playLevelNumber(state.structure, state.clock.step)) : 1;
}

/** Registration and re-entry are open to the end of ⚙ lateRegistrationLevel (a break after it is closed). */
export function registrationOpen(state: TournamentState): boolean {
  if (state.status === 'none' || state.status === 'finished' || !state.structure) return false;
  if (state.clock.status === 'not-started') return true;
  const { step } = state.clock;
  if (state.structure.levels[step]?.kind === 'break') return playLevelNumber(state.structure, step) < state.structure.lateRegistrationLevel;
  return currentPlayLevel(state) <= state.structure.lateRegistrationLevel;
}
