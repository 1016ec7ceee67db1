/** The table commands a tournament's decisions ask for, as the tables' command path takes them (TournamentTables). */
import type { RecordedEvent } from '@felt/event-store';
import { seatedAt, tableOrdersFor, toTournamentEvent, type TableOrderCommand, type TournamentState } from '@felt/tournament';
import type { CommandMetadata, CommandRequest } from '../tables/command-request';

/** One decision's events and the tournament after them, whose table commands are to be sent. */
export interface Decided {
  readonly events: readonly RecordedEvent[];
  readonly state: TournamentState;
  readonly metadata: CommandMetadata;
}

/** A tournament's table command as the table's command path takes it (its id given: a retry is answered, never redone). */
export function tableRequest(tableId: string, command: TableOrderCommand, commandId: string, metadata: CommandMetadata): CommandRequest {
  return { tableId, command: command as CommandRequest['command'], commandId, commandIdGenerated: false, metadata };
}

/** A table command a tournament event asks for, with its id. */
export interface Order {
  readonly tableId: string;
  readonly command: TableOrderCommand;
  readonly commandId: string;
}

/** One decision's table commands, each with its id: the event's id and the order's key. */
export function ordersOf(decided: Decided): Order[] {
  return decided.events.flatMap((recorded) =>
    tableOrdersFor(toTournamentEvent(recorded), decided.state).map((o) => ({
      tableId: o.tableId,
      command: o.command,
      commandId: `${recorded.eventId}.${o.key}`,
    })),
  );
}

/**
 * A table left with one player cannot deal the hand its players' moves wait for: its stacks are recorded as they are
 * (nothing won or lost), and the moves are made.
 */
export function idleTablesOf(state: TournamentState): string[] {
  return state.tables
    .filter((t) => !t.broken && state.moves.some((m) => m.from.tableId === t.tableId) && seatedAt(state, t.tableId).length < 2)
    .map((t) => t.tableId);
}
