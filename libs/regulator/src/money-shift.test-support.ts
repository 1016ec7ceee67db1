import { join } from 'node:path';
import { isDropTaken, type DropTaken, type LoggedTableEvent } from '@felt/accounting';
import { mulberry32, planNextHand, type TableCommand, type TableRulesInput, type TableState } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import { buildDeck } from '@felt/formats';
import { loadHouseRules } from './house-rules';
import { TableRecorder } from './random-table-log';
import { tableEventOf } from './table-stream';

/**
 * A shift's tables for the money spec (money-shift.spec.ts): tables played with the house's money modules
 * (libs/accounting/house-rules, as FELT_HOUSE_RULES loads them), raked, with the jackpot and the promotion drop.
 */
export const HOUSE = loadHouseRules(join(__dirname, '..', '..', 'accounting', 'house-rules', 'index.js'));

/** 1/2 no limit, rake 10% capped at 5; then 1 chip to the bad-beat fund and 10% (capped at 3) to the high-hand one. */
export const SHIFT_RULES = {
  structure: { kind: 'no-limit' },
  smallBlind: 1,
  bigBlind: 2,
  maxSeats: 6,
  houseOptions: {
    rake: { percent: 10, cap: 5 },
    jackpotDrop: { fundId: 'bbj', amount: 1, threshold: 10, flopRequired: true },
    promotionDrop: { fundId: 'hh', percent: 10, cap: 3, threshold: 10, flopRequired: true },
  },
} as unknown as TableRulesInput;

/** A hand whose cards the spec chooses (a bad beat), checked down to the showdown by everyone. */
export interface ChosenHand {
  readonly handNumber: number;
  readonly holeCards: Readonly<Record<string, string>>;
  readonly board: string;
}

export interface ShiftTable {
  readonly tableId: string;
  readonly seed: number;
  readonly hands: number;
  /** recordedAt of the table's first event (ms since the epoch); each command one millisecond later. */
  readonly startMs: number;
  readonly chosen?: ChosenHand;
}

export const PLAYERS_PER_TABLE = 4;
export const playerOf = (tableId: string, seat: number) => `${tableId}-p${seat}`;

/** A table's log: four players seated, then `hands` hands of random legal play (the chosen one checked down). */
export function playShiftTable(t: ShiftTable): RecordedEvent[] {
  const random = mulberry32(t.seed);
  const table = new TableRecorder(t.tableId, t.startMs, HOUSE);
  table.apply({ type: 'OpenTable', tableId: t.tableId, rules: SHIFT_RULES });
  for (let seat = 1; seat <= PLAYERS_PER_TABLE; seat++)
    table.apply({ type: 'SeatPlayer', seat, playerId: playerOf(t.tableId, seat), buyIn: 2 * (40 + Math.floor(random() * 100)) });
  table.apply({ type: 'PlaceButton', seat: 1 });
  for (let n = 1; n <= t.hands; n++) {
    // A player short of the big blind buys more chips with cash at the table (the book records it).
    for (const seat of table.state.seats) if (seat && seat.stack < 2) table.apply({ type: 'AddChips', seat: seat.seat, amount: 200 });
    const chosen = t.chosen?.handNumber === n ? t.chosen : null;
    table.apply(chosen ? { type: 'StartHand', deck: chosenDeck(table.state, chosen) } : { type: 'StartHand', seed: n * 7919 });
    for (let guard = 0; table.state.hand && table.state.hand.phase !== 'complete'; guard++) {
      if (guard > 500) throw new Error(`table ${t.tableId}: hand ${n} did not end`);
      const command = chosen ? checkedDown(table.state) : HOUSE.randomLegalCommand(table.state, random);
      if (command === null) throw new Error(`table ${t.tableId}: nothing legal to do in hand ${n}`);
      table.apply(command);
    }
  }
  return table.recorded;
}

/** The deck that deals the chosen cards to the players named, in the engine's dealing order for the next hand. */
function chosenDeck(state: TableState, chosen: ChosenHand): string[] {
  const plan = planNextHand(state);
  if ('problem' in plan) throw new Error(`no next hand: ${plan.problem}`);
  const seatOf = (playerId: string) => state.seats.find((s) => s?.playerId === playerId)!.seat;
  const holeCards = new Map(Object.entries(chosen.holeCards).map(([playerId, cards]) => [seatOf(playerId), cards]));
  const deck = buildDeck({ dealingOrder: plan.dealt, holeCards, board: chosen.board });
  if (!deck.ok) throw new Error(deck.why);
  return deck.deck;
}

const PASSIVE = ['PostBlind', 'Check', 'Call', 'ShowHand', 'Deal', 'DealBoard'];

/** Everyone in, nobody bets, every hand tabled: the chosen cards reach the showdown. */
function checkedDown(state: TableState): TableCommand | null {
  const { actions } = HOUSE.legalActions(state);
  for (const type of PASSIVE) {
    const action = actions.find((a) => a.type === type);
    if (action) return HOUSE.commandFor(action, () => 0, state);
  }
  return null;
}

/** A table log's events as the hand records fold them (libs/accounting finishedHands). */
export function loggedTableEvents(recorded: readonly RecordedEvent[]): LoggedTableEvent[] {
  return recorded.map((r) => ({ event: tableEventOf(r), version: r.streamVersion, at: r.recordedAt }));
}

/** The drops a table's log recorded (both modules'), with when. */
export function dropsTaken(tableId: string, recorded: readonly RecordedEvent[]): { tableId: string; drop: DropTaken; at: string }[] {
  return recorded.flatMap((r) => {
    const drop = { ...(r.data as object), type: r.type };
    return isDropTaken(drop) ? [{ tableId, drop, at: r.recordedAt }] : [];
  });
}

/** The chips players bought at the table (seated with a buy-in, or adding chips), with when: the cash into the box. */
export function chipsBought(recorded: readonly RecordedEvent[]): { playerId: string; chips: number; at: string }[] {
  const players = new Map<number, string>();
  return recorded.flatMap((r) => {
    const data = r.data as { seat: number; playerId: string; buyIn: number; amount: number };
    if (r.type === 'PlayerSeated') {
      players.set(data.seat, data.playerId);
      return [{ playerId: data.playerId, chips: data.buyIn, at: r.recordedAt }];
    }
    if (r.type === 'ChipsAdded') return [{ playerId: players.get(data.seat)!, chips: data.amount, at: r.recordedAt }];
    return [];
  });
}

/** Every chip the table's log says the house raked. */
export function rakeTaken(recorded: readonly RecordedEvent[]): number {
  return recorded.reduce((sum, r) => sum + (r.type === 'RakeTaken' ? (r.data as { amount: number }).amount : 0), 0);
}

export const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
