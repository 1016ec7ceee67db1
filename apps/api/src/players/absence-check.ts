import { Inject, Injectable } from '@nestjs/common';
import { EventStore, type RecordedEvent } from '@felt/event-store';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { ApiProblem } from '../http/status-mapping';
import { FoldedTables } from '../tables/folded-tables';
import { streamIdOf } from '../tables/table-stream';

/** The events that start or end a seat's absence: the only ones the check reads of a table's log. */
export const SEAT_ABSENCE_TYPES: readonly string[] = ['PlayerSatOut', 'PlayerSatIn', 'PlayerLeft', 'SeatChanged'];

/** An event id's shape: anything else names no event (and is never sent to the database's uuid column). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface DueAbsence {
  readonly playerId: string;
  readonly satOutAt: string;
  readonly limitSeconds: number;
}

/**
 * When the absence that the PlayerSatOut `since` started began, if it is still on, given the table's absence events
 * from `since` on (SEAT_ABSENCE_TYPES, in version order); else null. Sitting in, leaving or moving from the seat ends it.
 */
export function absenceStillOn(events: readonly RecordedEvent[], seat: number, since: string): string | null {
  const data = (e: RecordedEvent) => e.data as { seat?: number; from?: number };
  const [satOut, ...after] = events;
  if (!satOut || satOut.eventId !== since || satOut.type !== 'PlayerSatOut' || data(satOut).seat !== seat) return null;
  const ended = after.some((e) => (e.type === 'SeatChanged' ? data(e).from === seat : e.type !== 'PlayerSatOut' && data(e).seat === seat));
  return ended ? null : satOut.recordedAt;
}

/**
 * The judge of an absence (docs/players.md "The absence timer"). The table's cached fold says first whether the
 * seat sits out at all, and who sits there (the player the absence is about: while it is on, nobody else can). Only
 * then is the log read: its absence events from `since` on (found by its id's index), never the hands between them.
 */
@Injectable()
export class AbsenceCheck {
  constructor(
    @Inject(EventStore) private readonly store: EventStore,
    @Inject(FoldedTables) private readonly tables: FoldedTables,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
  ) {}

  /** The absence if it is on and due; else the refusal (ABSENCE_NOT_TIMED, TABLE_NOT_FOUND, ABSENCE_OVER, ABSENCE_NOT_DUE). */
  async due(tableId: string, seat: number, since: string): Promise<DueAbsence> {
    const limitSeconds = this.config.absenceSeconds;
    if (limitSeconds === 0)
      throw new ApiProblem('rule-refused', 'ABSENCE_NOT_TIMED', 'this house does not time players sitting out (FELT_ABSENCE_SECONDS is 0)');
    const streamId = streamIdOf(tableId);
    const table = await this.tables.caughtUp(streamId);
    if (table.version === 0) throw ApiProblem.tableNotFound(tableId);
    const sitting = table.state.seats[seat - 1];
    const over = () =>
      new ApiProblem('rule-refused', 'ABSENCE_OVER', `seat ${seat} at table ${tableId} is no longer sitting out since then`, { seat });
    if (!sitting?.sittingOut) throw over();
    const events = UUID.test(since) ? await this.store.readStream(streamId, { fromEventId: since, types: SEAT_ABSENCE_TYPES }) : [];
    const satOutAt = absenceStillOn(events, seat, since);
    if (satOutAt === null) throw over();
    if (Date.now() < Date.parse(satOutAt) + limitSeconds * 1000)
      throw new ApiProblem('rule-refused', 'ABSENCE_NOT_DUE', `seat ${seat} at table ${tableId} has sat out less than ${limitSeconds} s`, {
        seat,
      });
    return { playerId: sitting.playerId, satOutAt, limitSeconds };
  }
}
