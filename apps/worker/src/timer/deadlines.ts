import { DEFAULT_MODULES, type AnyRuleModule, type ModuleDeadline, type TableCommand } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import { LEVEL_DEADLINE_EVENT_TYPES } from '@felt/tournament';

/**
 * What the timer service does at a deadline: one command, sent once, through the API. A table's deadline (a house
 * option's: the shot clock's) ends in its module's command (POST /tables/:id/commands); a room's call to a seat in `NoShow { playerId }` (POST
 * /room/games/:id/commands). The event that set the deadline names the job and is the command's Idempotency-Key, so
 * whoever schedules or fires it again (a second worker, a restart) makes the same job and the same command.
 */
export type Expiry =
  | { readonly kind: 'table'; readonly tableId: string; readonly command: TableCommand }
  | { readonly kind: 'room'; readonly gameId: string; readonly command: { readonly type: 'NoShow'; readonly playerId: string } }
  | {
      readonly kind: 'tournament';
      readonly tournamentId: string;
      readonly command: { readonly type: 'AdvanceLevel'; readonly fromStep: number };
    }
  /** A player sat out longer than the house's absence limit (docs/players.md "The absence timer"): `since` is the PlayerSatOut's id. */
  | {
      readonly kind: 'absence';
      readonly tableId: string;
      readonly command: { readonly type: 'AbsenceExpired'; readonly seat: number; readonly since: string };
    };

/**
 * What deadlines depend on beyond the log: the house's absence limit (none: players sitting out are not timed), and
 * the tables' deadlines as their engine's modules declare them (tableDeadlinesOf; default the engine's own modules).
 */
export interface DeadlineSettings {
  readonly absenceMs?: number;
  readonly tables?: TableDeadlines;
}

/** A table event's fields the timer reads: its recorded time only for a player's absence. */
type DeadlineEvent = Pick<RecordedEvent, 'eventId' | 'streamId' | 'type' | 'data'> & { readonly recordedAt?: string };

export interface Deadline {
  /** The id of the event that set the deadline: the BullMQ job id's tail and the command's Idempotency-Key. */
  readonly eventId: string;
  readonly streamId: string;
  /** When the command is due, ms since the epoch (from the event's ISO deadline). */
  readonly dueAt: number;
  readonly expiry: Expiry;
}

/** A table's deadlines as its engine's modules declare them (RuleModule.deadlines: the shot clock's, a casino's own). */
export interface TableDeadlines {
  /** The table events that set a deadline, by type. */
  readonly setBy: ReadonlyMap<string, (event: { readonly [field: string]: unknown }) => ModuleDeadline | null>;
  /**
   * The table events after which a deadline set earlier no longer stands: a new deadline, and those its module says
   * end it (the shot clock's: a pause, and what ends the running clock in the engine, checked by deadlines.spec.ts).
   */
  readonly endedBy: ReadonlySet<string>;
}

/** The deadlines of tables played with these modules (the worker's: the default ones and FELT_HOUSE_RULES'). */
export function tableDeadlinesOf(modules: readonly AnyRuleModule[]): TableDeadlines {
  const setBy = new Map(modules.flatMap((m) => Object.entries(m.deadlines?.setBy ?? {})));
  return { setBy, endedBy: new Set([...setBy.keys(), ...modules.flatMap((m) => m.deadlines?.endedBy ?? [])]) };
}

const DEFAULT_TABLE_DEADLINES = tableDeadlinesOf(DEFAULT_MODULES);
/** The default modules' ending types (the shot clock's). */
export const CLOCK_ENDING_TYPES: ReadonlySet<string> = DEFAULT_TABLE_DEADLINES.endedBy;
const CALL_ENDING_TYPES: ReadonlySet<string> = new Set(['SeatTaken', 'PlayerNoShow']);

const TABLE_STREAM_PREFIX = 'table-';
/**
 * A seat's absence: PlayerSatOut starts it (due the house's limit after the event was recorded); the player sitting
 * in, leaving, or moving from the seat ends it. Keyed by table and seat.
 */
const ABSENCE_TYPES: ReadonlySet<string> = new Set(['PlayerSatOut', 'PlayerSatIn', 'PlayerLeft', 'SeatChanged']);

/** The absence a PlayerSatOut starts, or null (any other event of the seat, no limit set, a time the timer cannot read). */
function absenceDeadlineOf(event: DeadlineEvent, settings: DeadlineSettings): Deadline | null {
  const seat = (event.data as { seat?: unknown }).seat;
  if (event.type !== 'PlayerSatOut' || settings.absenceMs === undefined || !event.streamId.startsWith(TABLE_STREAM_PREFIX)) return null;
  const satOut = Date.parse(String(event.recordedAt));
  if (!Number.isSafeInteger(seat) || !Number.isFinite(satOut)) return null;
  return {
    eventId: event.eventId,
    streamId: event.streamId,
    dueAt: satOut + settings.absenceMs,
    expiry: {
      kind: 'absence',
      tableId: event.streamId.slice(TABLE_STREAM_PREFIX.length),
      command: { type: 'AbsenceExpired', seat: seat as number, since: event.eventId },
    },
  };
}
const GAME_STREAM_PREFIX = 'game-';
const TOURNAMENT_STREAM_PREFIX = 'tournament-';

/**
 * The level's end a tournament clock event records (libs/tournament's LEVEL_DEADLINE_EVENT_TYPES), or null (a pause,
 * the end, a level started while paused). At endsAt the timer sends AdvanceLevel naming the step, so a late or
 * repeated job moves the clock at most once.
 */
function tournamentDeadlineOf(event: Pick<RecordedEvent, 'eventId' | 'streamId' | 'type' | 'data'>): Deadline | null {
  const data = event.data as Record<string, unknown>;
  if (!LEVEL_DEADLINE_EVENT_TYPES.has(event.type) || !Number.isSafeInteger(data.step) || typeof data.endsAt !== 'string') return null;
  const dueAt = Date.parse(data.endsAt);
  if (!Number.isFinite(dueAt)) return null;
  return {
    eventId: event.eventId,
    streamId: event.streamId,
    dueAt,
    expiry: {
      kind: 'tournament',
      tournamentId: event.streamId.slice(TOURNAMENT_STREAM_PREFIX.length),
      command: { type: 'AdvanceLevel', fromStep: data.step as number },
    },
  };
}

/** The deadline an event sets, or null (not a deadline event, or a deadline the timer cannot read: never guessed). */
export function deadlineOf(event: DeadlineEvent, settings: DeadlineSettings = {}): Deadline | null {
  if (event.streamId.startsWith(TOURNAMENT_STREAM_PREFIX)) return tournamentDeadlineOf(event);
  if (ABSENCE_TYPES.has(event.type)) return absenceDeadlineOf(event, settings);
  const data = event.data as Record<string, unknown>;
  if (event.type === 'PlayerCalledToSeat') {
    if (!event.streamId.startsWith(GAME_STREAM_PREFIX) || typeof data.playerId !== 'string') return null;
    const dueAt = Date.parse(String(data.respondBy));
    if (!Number.isFinite(dueAt)) return null;
    const gameId = event.streamId.slice(GAME_STREAM_PREFIX.length);
    return {
      eventId: event.eventId,
      streamId: event.streamId,
      dueAt,
      expiry: { kind: 'room', gameId, command: { type: 'NoShow', playerId: data.playerId } },
    };
  }
  const set = (settings.tables ?? DEFAULT_TABLE_DEADLINES).setBy.get(event.type);
  const deadline = set && event.streamId.startsWith(TABLE_STREAM_PREFIX) && data !== null ? set(data) : null;
  const dueAt = deadline ? Date.parse(deadline.deadline) : NaN;
  if (!Number.isFinite(dueAt)) return null;
  const tableId = event.streamId.slice(TABLE_STREAM_PREFIX.length);
  return { eventId: event.eventId, streamId: event.streamId, dueAt, expiry: { kind: 'table', tableId, command: deadline!.command } };
}

/**
 * The deadlines a run of the log (in log order) leaves to schedule: each deadline event's, less those a later event
 * of the same run already ended — a later event of the table that sets or ends its deadline (a new clock, a pause, a
 * time bank's new deadline, the expiry itself), or the called player's SeatTaken / PlayerNoShow. What is left may still be stale (the seat acted,
 * the hand ended: no event of the clock's own says so); the API's stale refusal answers those, and the job ends
 * quietly. Reading the log again from an earlier place gives the same deadlines, so scheduling is idempotent.
 */
export function pendingDeadlines(events: readonly DeadlineEvent[], settings: DeadlineSettings = {}): Deadline[] {
  return [...deadlineChanges(events, settings).values()].filter((d): d is Deadline => d !== null);
}

/** Per deadline key (deadlineKeyOf) the run touches, the deadline it leaves standing: the last one set, or null if ended. */
export function deadlineChanges(events: readonly DeadlineEvent[], settings: DeadlineSettings = {}): Map<string, Deadline | null> {
  const latest = new Map<string, Deadline | null>();
  for (const event of events) {
    const key = deadlineKeyOf(event, settings);
    if (key !== null) latest.set(key, deadlineOf(event, settings));
  }
  return latest;
}

/**
 * What an event sets or ends a deadline of, or null: a table's running clock (`table-1`), a called player's response
 * time (`game-g1` + player id), a tournament's level clock (`tournament-daily`). A deadline is replaced by the next event with the same key.
 */
export function deadlineKeyOf(event: Pick<RecordedEvent, 'streamId' | 'type' | 'data'>, settings: DeadlineSettings = {}): string | null {
  if (ABSENCE_TYPES.has(event.type) && event.streamId.startsWith(TABLE_STREAM_PREFIX)) {
    const data = event.data as { seat?: unknown; from?: unknown };
    return `${event.streamId} absence ${String(event.type === 'SeatChanged' ? data.from : data.seat)}`;
  }
  if (LEVEL_DEADLINE_EVENT_TYPES.has(event.type) && event.streamId.startsWith(TOURNAMENT_STREAM_PREFIX)) return event.streamId;
  if ((settings.tables ?? DEFAULT_TABLE_DEADLINES).endedBy.has(event.type) && event.streamId.startsWith(TABLE_STREAM_PREFIX))
    return event.streamId;
  if ((event.type === 'PlayerCalledToSeat' || CALL_ENDING_TYPES.has(event.type)) && event.streamId.startsWith(GAME_STREAM_PREFIX)) {
    return `${event.streamId} ${String((event.data as { playerId?: unknown }).playerId)}`;
  }
  return null;
}

/** The BullMQ job id of a deadline: the kind of expiry and the event id (BullMQ refuses ':' in custom ids). */
export function jobIdOf(deadline: Pick<Deadline, 'eventId' | 'expiry'>): string {
  const kind = { table: 'clock', room: 'no-show', tournament: 'level', absence: 'absence' }[deadline.expiry.kind];
  return `${kind}-${deadline.eventId}`;
}
