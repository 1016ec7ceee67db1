import { Injectable } from '@nestjs/common';
import type { RecordedEvent } from '@felt/event-store';
import type { CommandRequest } from './command-request';

/**
 * What another part of the API does with a table command sent to /tables/... (the room keeps its seats in step with
 * the table's: docs/room.md "Seats opened at the table"). The tables know nothing of the room: the room registers
 * here, so the dependency goes one way (RoomModule imports TablesModule).
 */
export interface TableFollowUp {
  /** Before the table decides: throw an ApiProblem to refuse the command (nothing is written anywhere). */
  before(request: CommandRequest): Promise<void>;
  /**
   * After the table applied the command (or replayed it for a retry): `events` are the table's events. Must be
   * idempotent on the events' ids, since a retry with the same key hands over the same events again.
   */
  after(request: CommandRequest, events: readonly RecordedEvent[]): Promise<void>;
}

@Injectable()
export class TableFollowUps {
  private readonly followUps: TableFollowUp[] = [];

  register(followUp: TableFollowUp): void {
    this.followUps.push(followUp);
  }

  async before(request: CommandRequest): Promise<void> {
    for (const f of this.followUps) await f.before(request);
  }

  async after(request: CommandRequest, events: readonly RecordedEvent[]): Promise<void> {
    for (const f of this.followUps) await f.after(request, events);
  }
}
