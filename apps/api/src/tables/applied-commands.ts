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
 */
@Injectable()
export class AppliedCommands {
  constructor(@Inject(EventStore) private readonly store: EventStore) {}

  async find(commandId: string): Promise<AppliedCommand | null> {
    const command = await this.store.findCommand(commandId);
    if (!command) return null;
    const events = await this.store.readStream(command.streamId, { fromVersion: command.firstVersion, toVersion: command.lastVersion });
    return { streamId: command.streamId, streamVersion: command.lastVersion, events };
  }
}
