import { tableDecider, type TableCommand, type TableEvent, type TableState } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';

/**
 * A fake global log for the specs: commands go through the engine's decide, the events are recorded as the
 * event store would (stream "table-<id>", gapless versions, increasing positions, a clock a second per event).
 */
export class RecordedLog {
  readonly events: RecordedEvent[] = [];
  readonly states = new Map<string, TableState>();
  private clock = Date.parse('2026-11-30T12:00:00.000Z');

  state(tableId: string): TableState {
    return this.states.get(tableId) ?? tableDecider.initialState;
  }

  /** Applies a command that must be accepted; returns its events. */
  run(tableId: string, command: TableCommand, actorId = 'dealer-1'): TableEvent[] {
    const decision = tableDecider.decide(command, this.state(tableId));
    if (!decision.ok)
      throw new Error(`${tableId}: ${JSON.stringify(command)} refused: ${decision.rejection.code} ${decision.rejection.message}`);
    for (const e of decision.events) this.record(tableId, e, actorId);
    return [...decision.events];
  }

  /** Tries a command; false when the engine refused it. */
  tryRun(tableId: string, command: TableCommand): boolean {
    const decision = tableDecider.decide(command, this.state(tableId));
    if (!decision.ok) return false;
    for (const e of decision.events) this.record(tableId, e, 'dealer-1');
    return true;
  }

  private record(tableId: string, event: TableEvent, actorId: string): void {
    const streamId = `table-${tableId}`;
    const version = this.events.filter((e) => e.streamId === streamId).length + 1;
    const { type, ...data } = event;
    this.states.set(tableId, tableDecider.evolve(this.state(tableId), event));
    this.clock += 1000;
    this.events.push({
      eventId: `${streamId}-${version}`,
      streamId,
      streamVersion: version,
      globalPosition: String(this.events.length + 1),
      txId: String(this.events.length + 1),
      type,
      schemaVersion: 1,
      // Through JSON, as the store keeps it.
      data: JSON.parse(JSON.stringify(data)),
      metadata: { actorId, actorRole: 'dealer', commandId: `cmd-${this.events.length + 1}` },
      recordedAt: new Date(this.clock).toISOString(),
      prevHash: '',
      hash: '',
    });
  }
}
