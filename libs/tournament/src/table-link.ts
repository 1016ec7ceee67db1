import type { TableCommand, TableRulesInput } from '@felt/engine';
import type { TournamentCommand } from './commands';
import type { TournamentEvent } from './events';
import { entryPseudonym } from './public-events';
import { seatedAt, type TournamentState } from './state';
import type { TournamentStructure } from './structure';

/**
 * The link between a tournament and the engine tables it plays on (docs/tournaments.md "Tournament tables on the
 * engine"): which engine command each tournament event asks of a table, the rules a table deals its next hand at,
 * and the tournament's RecordHand read from a table's hand end. Pure: the API sends the commands.
 */

/**
 * An engine command a tournament sends one of its tables (the only way chips reach or leave a tournament table). A
 * DrawForButton goes without a deck: the API draws the house shuffle's seed (the highest card dealt takes the button).
 */
export type TableOrderCommand = Extract<
  TableCommand,
  { readonly type: 'OpenTable' | 'SeatPlayer' | 'LeaveTable' | 'DrawForButton' | 'AddChips' | 'ChangeRules' | 'RaceChips' | 'CloseTable' }
>;

export interface TableOrder {
  readonly tableId: string;
  /** Unique among the orders of one tournament event: the command id is the event's id and this. */
  readonly key: string;
  readonly command: TableOrderCommand;
}

/**
 * The id a tournament entry has at its tables: "e" and its place in registration order. Table events are published
 * on the queue; entry ids hold the player's card number, so the tables never see them.
 */
export function tablePlayerId(state: TournamentState, entryId: string): string {
  const index = state.entries.findIndex((e) => e.entryId === entryId);
  if (index < 0) throw new Error(`bug: no entry ${entryId}`);
  return entryPseudonym(index + 1);
}

/** The entry seated at a table as `playerId` (tablePlayerId's inverse); null for anyone else. */
export function entryIdOfTablePlayer(state: TournamentState, playerId: string): string | null {
  const match = /^e([1-9][0-9]{0,5})$/.exec(playerId);
  return match ? (state.entries[Number(match[1]) - 1]?.entryId ?? null) : null;
}

/**
 * The rules a tournament table deals a hand at when the clock is at `step` (TDA 23: a new level from the next hand):
 * dead button, the level's blinds, its ante (or big-blind ante), no buy-in range (chips come from the tournament);
 * the engine refuses straddles, chops and running it twice at a tournament table. Null during a break: no hand.
 */
export function tableRulesAt(structure: TournamentStructure, step: number, seats: number): TableRulesInput | null {
  const level = structure.levels[step];
  if (!level || level.kind !== 'level') return null;
  return {
    structure: { kind: 'no-limit' },
    smallBlind: level.smallBlind,
    bigBlind: level.bigBlind,
    ante: level.ante > 0 ? { kind: level.bigBlindAnte ? 'big-blind' : 'everyone', amount: level.ante } : { kind: 'none', amount: 0 },
    maxSeats: seats,
    buttonMode: 'dead',
    gameType: 'tournament',
    buyIn: null,
    deckSource: 'house',
  };
}

/** Whether a table's recorded rules deal at `wanted`'s stakes already. */
export function sameStakes(
  rules: { readonly smallBlind: number; readonly bigBlind: number; readonly ante: { readonly kind: string; readonly amount: number } },
  wanted: TableRulesInput,
): boolean {
  const ante = wanted.ante ?? { kind: 'none', amount: 0 };
  return (
    rules.smallBlind === wanted.smallBlind &&
    rules.bigBlind === wanted.bigBlind &&
    rules.ante.kind === ante.kind &&
    rules.ante.amount === ante.amount
  );
}

/** The first play level at or after `step` (before the clock starts and after a break, hands are dealt at it). */
export function dealingStep(structure: TournamentStructure, step: number): number | null {
  for (let s = step; s < structure.levels.length; s++) if (structure.levels[s]!.kind === 'level') return s;
  return null;
}

/**
 * The step a hand dealt at `now` plays (TDA 23: the level on the clock when the hand starts): before the clock starts,
 * the first level; once the running clock's end has passed, the step after it, though the timer's AdvanceLevel that
 * records it may still be on its way (a table asking for its next hand then does not play one more at the old blinds).
 */
export function stepDealtAt(state: TournamentState, now: string): number {
  const { clock, structure } = state;
  if (clock.status === 'not-started') return dealingStep(structure!, 0) ?? 0;
  const due = clock.status === 'running' && clock.endsAt !== null && Date.parse(now) >= Date.parse(clock.endsAt);
  return due && clock.step + 1 < structure!.levels.length ? clock.step + 1 : clock.step;
}

/** What the tables must do for one tournament event (`after`: the tournament once its command's events are folded in). */
export function tableOrdersFor(event: TournamentEvent, after: TournamentState): TableOrder[] {
  const seat = (tableId: string, key: string, command: TableOrderCommand): TableOrder => ({ tableId, key, command });
  const entrySeat = (entryId: string) => after.entries.find((e) => e.entryId === entryId)?.seat ?? null;
  switch (event.type) {
    case 'TableAdded': {
      const rules = tableRulesAt(after.structure!, dealingStep(after.structure!, after.clock.step) ?? 0, event.seats);
      return rules ? [seat(event.tableId, 'open', { type: 'OpenTable', tableId: event.tableId, rules })] : [];
    }
    case 'PlayerRegistered':
      return event.seat
        ? [
            seat(event.seat.tableId, 'seat', {
              type: 'SeatPlayer',
              seat: event.seat.seat,
              playerId: tablePlayerId(after, event.entryId),
              buyIn: event.chips,
            }),
          ]
        : [];
    case 'SeatsDrawn': {
      const orders = event.seats.map((s) =>
        seat(s.tableId, `seat-${s.tableId}-${s.seat}`, {
          type: 'SeatPlayer',
          seat: s.seat,
          playerId: tablePlayerId(after, s.entryId),
          buyIn: after.entries.find((e) => e.entryId === s.entryId)!.chips,
        }),
      );
      // The first hand's button: drawn for at each table, as the TDA has it (one card each, the highest takes it).
      const tables = [...new Set(event.seats.map((s) => s.tableId))];
      const buttons = tables.map((tableId) => seat(tableId, `button-${tableId}`, { type: 'DrawForButton' }));
      return [...orders, ...buttons];
    }
    case 'PlayerBusted':
      return [seat(event.tableId, 'bust', { type: 'LeaveTable', seat: event.seat })];
    case 'PlayerMoved':
      return [
        seat(event.from.tableId, 'leave', { type: 'LeaveTable', seat: event.from.seat }),
        seat(event.to.tableId, 'arrive', {
          type: 'SeatPlayer',
          seat: event.to.seat,
          playerId: tablePlayerId(after, event.entryId),
          buyIn: event.chips,
        }),
      ];
    case 'Rebought':
    case 'AddOnTaken': {
      const at = entrySeat(event.entryId);
      return at ? [seat(at.tableId, 'chips', { type: 'AddChips', seat: at.seat, amount: event.chips })] : [];
    }
    case 'TableBroken':
      return [seat(event.tableId, 'close', { type: 'CloseTable' })];
    case 'ChipRaceRun':
      return raceOrders(event, after);
    case 'TournamentFinished':
      // The last table's players leave with the tournament's end (their chips are the results, not cash).
      return after.tables.filter((t) => !t.broken).map((t) => seat(t.tableId, 'close', { type: 'CloseTable' }));
    default:
      return [];
  }
}

/** A chip race's results, table by table: each seated entry's chips off and chip won, as one RaceChips per table. */
function raceOrders(event: Extract<TournamentEvent, { type: 'ChipRaceRun' }>, after: TournamentState): TableOrder[] {
  const byTable = new Map<string, { seat: number; removed: number; won: number }[]>();
  for (const r of event.results) {
    const at = after.entries.find((e) => e.entryId === r.entryId)?.seat;
    if (!at) continue;
    const seats = byTable.get(at.tableId) ?? [];
    seats.push({ seat: at.seat, removed: r.removed, won: r.won });
    byTable.set(at.tableId, seats);
  }
  return [...byTable].map(([tableId, seats]) => ({
    tableId,
    key: `race-${tableId}`,
    command: { type: 'RaceChips', chip: event.chip, nextChip: event.nextChip, seats: seats.sort((a, b) => a.seat - b.seat) },
  }));
}

/** A table's hand end as the tournament's RecordHand: every seated entry's stack, the hand's button. */
export function recordHandOf(
  state: TournamentState,
  tableId: string,
  button: number,
  seats: readonly { readonly playerId: string; readonly stack: number }[],
): {
  readonly type: 'RecordHand';
  readonly tableId: string;
  readonly button: number;
  readonly stacks: { entryId: string; chips: number }[];
} | null {
  const stacks: { entryId: string; chips: number }[] = [];
  for (const s of seats) {
    const entryId = entryIdOfTablePlayer(state, s.playerId);
    if (entryId === null) return null;
    stacks.push({ entryId, chips: s.stack });
  }
  return { type: 'RecordHand', tableId, button, stacks };
}

type RecordHandCommand = Extract<TournamentCommand, { type: 'RecordHand' }>;

/**
 * A hand end read from an engine table, completed with the players the tournament has seated there who do not sit
 * there yet: another request decides the seat (a move made by another table's RecordHand, a late entry) and sends the
 * SeatPlayer only after its decision, so a hand end read in between lacks them. They played no hand here: their chips
 * are the ones the tournament gave them. Not for stacks typed in (`tables: 'reported'`), which must name every player.
 */
export function withArrivals(command: RecordHandCommand, state: TournamentState): RecordHandCommand {
  const listed = new Set(command.stacks.map((s) => s.entryId));
  const arriving = seatedAt(state, command.tableId).filter((e) => !listed.has(e.entryId));
  if (arriving.length === 0) return command;
  // In seat order, as the table lists its seats once they arrive: the hand recorded is the same either way.
  const seatOf = new Map(seatedAt(state, command.tableId).map((e) => [e.entryId, e.seat!.seat]));
  const stacks = [...command.stacks, ...arriving.map((e) => ({ entryId: e.entryId, chips: e.chips }))];
  return { ...command, stacks: stacks.sort((a, b) => (seatOf.get(a.entryId) ?? Infinity) - (seatOf.get(b.entryId) ?? Infinity)) };
}
