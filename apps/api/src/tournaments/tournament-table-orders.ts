/** The table commands a tournament's decisions ask for, as the tables' command path takes them (TournamentTables). */
import type { RecordedEvent } from '@felt/event-store';
import {
  seatedAt,
  tableOrdersFor,
  toTournamentEvent,
  type TableOrderCommand,
  type TournamentEvent,
  type TournamentState,
} from '@felt/tournament';
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

/** A decision's events with their ids (known before they are written: derived from the command's id), and the tournament after them. */
export interface Planned {
  readonly events: readonly { readonly eventId: string; readonly event: TournamentEvent }[];
  readonly state: TournamentState;
}

/** A table command to send, with the metadata of the decision that asked for it. */
export type OrderToSend = Order & { readonly metadata: CommandMetadata };

/** One decision's table commands, each with its id: the event's id and the order's key. */
export function ordersOf(decided: Decided): Order[] {
  return plannedOrders({ ...decided, events: decided.events.map((r) => ({ eventId: r.eventId, event: toTournamentEvent(r) })) });
}

/** The same for a decision not written yet (its table commands then commit with it). */
export function plannedOrders(planned: Planned): Order[] {
  return planned.events.flatMap(({ eventId, event }) =>
    tableOrdersFor(event, planned.state).map((o) => ({ tableId: o.tableId, command: o.command, commandId: `${eventId}.${o.key}` })),
  );
}

/** Decisions' table commands by table, each table's in the order they were decided. */
export function ordersByTable(
  decided: readonly { readonly orders: readonly Order[]; readonly metadata: CommandMetadata }[],
): Map<string, OrderToSend[]> {
  const byTable = new Map<string, OrderToSend[]>();
  for (const d of decided)
    for (const order of d.orders) byTable.set(order.tableId, [...(byTable.get(order.tableId) ?? []), { ...order, metadata: d.metadata }]);
  return byTable;
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
