/**
 * The seat and table records' layout: the core's fields (table/state.ts), then the default modules' seat and table
 * slices (each declared in its module's file, merged into table/extensions.ts), in one literal each, so a record is
 * allocated at its full size at once and every record of a kind shares one hidden class. (A core literal with the
 * slices added after it grew an out-of-object property store on the table's per-event copy once the slices
 * outnumbered three: ~8 ns and one more allocation an event at every table.) A copy passes the same record twice; a
 * new one passes the slices' starting values. The hand holds its slices in one record, `hand.house`, copied by
 * reference and composed from the modules (handSliceStart), so a module written outside the engine keeps its state
 * there; only the engine's own modules have seat and table fields, listed here.
 *
 * This file imports only the extension points, so the core may import it without a circle; state.ts checks at
 * compile time that these literals cover exactly the fields of SeatState and TableState.
 */
import type { HouseSeatSlice, HouseTableSlice } from '../table/extensions';

/** The core's fields of a seat and of a table (table/state.ts), by name. */
type Fields<K extends string> = { readonly [F in K]: unknown };
type SeatCore = Fields<'seat' | 'playerId' | 'stack' | 'sittingOut' | 'waitForBigBlind' | 'isNew'>;
type TableCore = Fields<'status' | 'tableId' | 'rules' | 'seats' | 'initialButton' | 'lastPositions' | 'handsPlayed' | 'hand'>;
export type SeatRecordKey = keyof SeatCore | keyof HouseSeatSlice;
export type TableRecordKey = keyof TableCore | keyof HouseTableSlice;

export function seatRecord<T>(core: SeatCore, slices: HouseSeatSlice): T {
  const record: SeatCore & HouseSeatSlice = {
    seat: core.seat,
    playerId: core.playerId,
    stack: core.stack,
    sittingOut: core.sittingOut,
    waitForBigBlind: core.waitForBigBlind,
    isNew: core.isNew,
    missedSmall: slices.missedSmall,
    missedBig: slices.missedBig,
    timeBanksUsed: slices.timeBanksUsed,
  };
  return record as T;
}

export function tableRecord<T>(core: TableCore, slices: HouseTableSlice): T {
  const record: TableCore & HouseTableSlice = {
    status: core.status,
    tableId: core.tableId,
    rules: core.rules,
    seats: core.seats,
    initialButton: core.initialButton,
    lastPositions: core.lastPositions,
    handsPlayed: core.handsPlayed,
    hand: core.hand,
    kill: slices.kill,
    rakeCollected: slices.rakeCollected,
    bombPotCalled: slices.bombPotCalled,
    clock: slices.clock,
    clocksStarted: slices.clocksStarted,
  };
  return record as T;
}

const NO_KILL_YET: HouseTableSlice['kill'] = Object.freeze({ holder: null, killer: null });

/** A seat's slices when the player sits down. */
export const SEAT_SLICE_START: HouseSeatSlice = Object.freeze({ missedSmall: false, missedBig: false, timeBanksUsed: 0 });

/** A table's slices when it opens. */
export const TABLE_SLICE_START: HouseTableSlice = Object.freeze({
  kill: NO_KILL_YET,
  rakeCollected: 0,
  bombPotCalled: false,
  clock: null,
  clocksStarted: 0,
});
