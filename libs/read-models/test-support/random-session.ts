import { mulberry32, randomLegalCommand, type TableCommand } from '@felt/engine';
import { positionOf, START, type EventStore, type Position, type RecordedEvent } from '@felt/event-store';
import { TableRecorder } from '@felt/regulator';
import { eventually } from '../../event-store/test-support/eventually';

export interface RandomSessionOptions {
  readonly tables: number;
  readonly seed: number;
  /** Commands over all tables (the log has more events than that). */
  readonly commands: number;
  /** Table ids are `${prefix}${i}` (default "t"). */
  readonly prefix?: string;
}

/**
 * Tables played side by side by random legal players, with what a floor sees between hands: sit-outs and
 * returns, rebuys, players leaving (now and then mid-hand after folding), newcomers, a voided hand, a table
 * closed. Returns each command's events in the order they happened across tables (tables interleave).
 */
export function randomSession(options: RandomSessionOptions): RecordedEvent[][] {
  const random = mulberry32(options.seed);
  const prefix = options.prefix ?? 't';
  const recorders = Array.from({ length: options.tables }, (_, i) => new TableRecorder(`${prefix}${i + 1}`));
  const order: RecordedEvent[][] = [];
  let nextPlayer = 1;
  const run = (table: TableRecorder, command: TableCommand): boolean => {
    const before = table.recorded.length;
    try {
      table.apply(command);
    } catch {
      return false;
    }
    if (table.recorded.length > before) order.push(table.recorded.slice(before));
    return true;
  };
  recorders.forEach((table, i) => {
    run(table, {
      type: 'OpenTable',
      tableId: `${prefix}${i + 1}`,
      rules: {
        structure: { kind: 'no-limit' },
        smallBlind: 1,
        bigBlind: 2,
        maxSeats: 6,
        houseOptions: i % 2 === 0 ? { rake: { percent: 5, cap: 3 } } : undefined,
      },
    });
    for (let seat = 1; seat <= 4; seat++)
      run(table, { type: 'SeatPlayer', seat, playerId: `p${nextPlayer++}`, buyIn: 40 + Math.floor(random() * 200) });
    run(table, { type: 'DrawForButton', seed: Math.floor(random() * 2 ** 32) });
  });
  while (order.length < options.commands) {
    const table = recorders[Math.floor(random() * recorders.length)]!;
    const state = table.state;
    if (state.status === 'closed') continue;
    if (state.hand && state.hand.phase !== 'complete') {
      const folded = state.hand.players.find((p) => p.folded && state.seats[p.seat - 1]?.playerId === p.playerId);
      if (folded && random() < 0.05 && run(table, { type: 'LeaveTable', seat: folded.seat })) continue;
      if (random() < 0.005 && run(table, { type: 'VoidHand', reason: 'misdeal' })) continue;
      const command = randomLegalCommand(state, random);
      if (command === null) throw new Error(`${table.streamId}: nothing legal in phase ${state.hand.phase}`);
      run(table, command);
      continue;
    }
    for (const seat of state.seats) {
      if (!seat) continue;
      const r = random();
      if (r < 0.04) run(table, { type: 'LeaveTable', seat: seat.seat });
      else if (!seat.sittingOut && r < 0.08) run(table, { type: 'SitOut', seat: seat.seat });
      else if (seat.sittingOut && r < 0.5) run(table, { type: 'SitIn', seat: seat.seat });
      else if (seat.stack < 2 || r > 0.97) run(table, { type: 'AddChips', seat: seat.seat, amount: 100 });
    }
    const empty = table.state.seats.findIndex((s) => s === null);
    if (empty >= 0 && empty < 6 && random() < 0.2)
      run(table, { type: 'SeatPlayer', seat: empty + 1, playerId: `p${nextPlayer++}`, buyIn: 100, postToEnter: true });
    if (random() < 0.002) {
      run(table, { type: 'CloseTable' });
      continue;
    }
    if (!run(table, { type: 'StartHand', seed: Math.floor(random() * 2 ** 32) })) {
      for (const seat of table.state.seats) if (seat?.sittingOut) run(table, { type: 'SitIn', seat: seat.seat });
    }
  }
  return order;
}

/** Appends each command's events as the API does (one append per command, at its expected version), in order. */
export async function appendSession(store: EventStore, commands: readonly RecordedEvent[][]): Promise<void> {
  for (const events of commands) await appendCommand(store, events);
}

export async function appendCommand(store: EventStore, events: readonly RecordedEvent[]): Promise<void> {
  const first = events[0]!;
  const { commandId, ...metadata } = first.metadata;
  const result = await store.append(first.streamId, {
    expectedVersion: first.streamVersion - 1,
    commandId: commandId!,
    metadata,
    events: events.map((e) => ({ type: e.type, schemaVersion: e.schemaVersion, data: e.data })),
  });
  if (!result.ok) throw new Error(`append of ${commandId} conflicted at version ${result.conflict.actual}`);
}

/**
 * Every event of the log in the gap-safe order, for the pure fold to compare against. Waits until the reader
 * returns them all: transactions of other databases on the same server hold the gap-safe reader back for a moment.
 */
export async function wholeLog(store: EventStore): Promise<RecordedEvent[]> {
  const total = await store.countEventsAfter(START);
  const readAll = async () => {
    const all: RecordedEvent[] = [];
    for (;;) {
      const last = all[all.length - 1];
      const page = await store.readAll({ after: last ? positionOf(last) : undefined, limit: 5000 });
      if (page.length === 0) return all;
      all.push(...page);
    }
  };
  const all = await eventually(readAll, (events) => events.length === total, 30_000);
  if (all.length !== total) throw new Error(`the gap-safe reader returned ${all.length} of ${total} events within 30 s`);
  return all;
}

/** The last event of the log in the gap-safe order (START when empty). */
export function headOfLog(store: EventStore): Promise<Position> {
  return store.newestPosition();
}
