import { Inject, Injectable } from '@nestjs/common';
import { EventStore, type RecordedEvent } from '@felt/event-store';

export interface AppliedCommand {
  readonly streamId: string;
  readonly streamVersion: number;
  readonly events: RecordedEvent[];
}

/**
 * The first result of a command id, when it was applied before. The append answers a retry by itself, but only a
 * retry that reaches it: a retried "Raise seat 3" is usually refused by the decider first (it is no longer seat 3's
 * turn), and must still get its first result back, not a 422. So refusals and version mismatches look here
 * before answering; the happy path never does.
 *
 * Reads the event store's `commands` table directly: @felt/event-store has no lookup by command id yet
 * (asked for as EventStore.findCommand).
 */
@Injectable()
export class AppliedCommands {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async find(commandId: string): Promise<AppliedCommand | null> {
    const { rows } = await this.store.db.query<{ stream_id: string; first_version: number; last_version: number }>(
      'SELECT stream_id, first_version, last_version FROM commands WHERE command_id = $1',
      [commandId],
    );
    const row = rows[0];
    if (!row) return null;
    const events = await this.store.readStream(row.stream_id, { fromVersion: row.first_version, toVersion: row.last_version });
    return { streamId: row.stream_id, streamVersion: row.last_version, events };
  }
}
