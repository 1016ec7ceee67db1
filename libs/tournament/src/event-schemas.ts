import { z } from 'zod';
import type { TournamentEvent } from './events';
import { feesSchema, structureSchema } from './structure';

/**
 * The contract of every tournament event's `data` (docs/events.md "Tournament events"; libs/tournament/src/events.ts),
 * as recorded. Entry ids hold the player's card number and registrations name the player (docs/security.md
 * "Tournaments"): these schemas serve exports and the regulator, and the queue's are derived from them
 * (public-events.ts); the worker renders both as closed JSON Schemas. The event types in
 * events.ts stay readable interfaces: the compile-time check at the bottom fails the build when the two disagree.
 */
const at = () => z.string().describe('ISO 8601 UTC: when it was recorded (the API clock)');
const entryId = () => z.string().describe('"<playerId>#<entry number>": holds the player card number, not for public display');
const count = () => z.int().min(0);
const seatRef = () => z.object({ tableId: z.string(), seat: z.int().min(1) });
const endsAt = () => z.string().nullable().describe('the running step ends then (null while paused)');
const remainingMs = () => z.int().nullable().describe('paused: how long the step has left');
const prizePool = z.object({
  paid: count(),
  collected: count(),
  houseFees: count(),
  staffFees: count(),
  overlay: count(),
  prizePool: count(),
});

export const TOURNAMENT_EVENT_SCHEMAS = {
  TournamentCreated: z.object({ type: z.literal('TournamentCreated'), at: at(), tournamentId: z.string(), structure: structureSchema }),
  TableAdded: z.object({ type: z.literal('TableAdded'), at: at(), tableId: z.string(), seats: z.int() }),
  PlayerRegistered: z.object({
    type: z.literal('PlayerRegistered'),
    at: at(),
    entryId: entryId(),
    playerId: z.string().describe("the floor's id for the player (a player card number)"),
    alias: z.string().describe('what dealers and screens show'),
    entryNumber: z.int().min(1),
    fees: feesSchema,
    chips: count(),
    seat: seatRef().nullable(),
    key: z.int().nullable().describe('the random key that drew a late entry its seat'),
  }),
  PlayerUnregistered: z.object({ type: z.literal('PlayerUnregistered'), at: at(), entryId: entryId(), refund: count() }),
  SeatsDrawn: z.object({
    type: z.literal('SeatsDrawn'),
    at: at(),
    permutation: z.array(z.int().min(0)),
    seats: z.array(z.object({ entryId: entryId(), tableId: z.string(), seat: z.int().min(1) })),
  }),
  ClockStarted: z.object({ type: z.literal('ClockStarted'), at: at(), step: count(), endsAt: z.string() }),
  LevelStarted: z.object({
    type: z.literal('LevelStarted'),
    at: at(),
    step: count(),
    endsAt: endsAt(),
    remainingMs: remainingMs(),
    early: z.boolean(),
  }),
  ClockPaused: z.object({ type: z.literal('ClockPaused'), at: at(), remainingMs: count() }),
  ClockResumed: z.object({ type: z.literal('ClockResumed'), at: at(), step: count(), endsAt: z.string() }),
  TimeAdded: z.object({
    type: z.literal('TimeAdded'),
    at: at(),
    step: count(),
    seconds: z.int(),
    endsAt: endsAt(),
    remainingMs: remainingMs(),
  }),
  HandRecorded: z.object({
    type: z.literal('HandRecorded'),
    at: at(),
    tableId: z.string(),
    button: z.int(),
    stacks: z.array(z.object({ entryId: entryId(), chips: count() })),
  }),
  PlayerBusted: z.object({
    type: z.literal('PlayerBusted'),
    at: at(),
    entryId: entryId(),
    tableId: z.string(),
    seat: z.int().min(1),
    round: z.int().min(1),
    startStack: count(),
  }),
  MoveProposed: z.object({
    type: z.literal('MoveProposed'),
    at: at(),
    entryId: entryId(),
    from: seatRef(),
    to: seatRef(),
    reason: z.enum(['balance', 'break']),
    key: z.int().nullable(),
  }),
  MoveOverridden: z.object({ type: z.literal('MoveOverridden'), at: at(), entryId: entryId(), to: seatRef(), reason: z.string() }),
  PlayerMoved: z.object({ type: z.literal('PlayerMoved'), at: at(), entryId: entryId(), from: seatRef(), to: seatRef(), chips: count() }),
  TableBroken: z.object({ type: z.literal('TableBroken'), at: at(), tableId: z.string() }),
  ChipRaceRun: z.object({
    type: z.literal('ChipRaceRun'),
    at: at(),
    step: count(),
    chip: z.int().min(1),
    nextChip: z.int().min(1),
    results: z.array(z.object({ entryId: entryId(), removed: count(), won: count() })),
    keys: z.array(z.int()),
  }),
  HandForHandStarted: z.object({ type: z.literal('HandForHandStarted'), at: at(), round: z.int() }),
  HandForHandEnded: z.object({ type: z.literal('HandForHandEnded'), at: at() }),
  HandForHandRoundEnded: z.object({ type: z.literal('HandForHandRoundEnded'), at: at(), round: z.int() }),
  DealMade: z.object({
    type: z.literal('DealMade'),
    at: at(),
    method: z.enum(['chip-chop', 'icm']),
    consents: z.array(entryId()),
    shares: z.array(z.object({ entryId: entryId(), chips: count(), amount: count() })),
    leftToPlayFor: z
      .int()
      .min(1)
      .optional()
      .describe('a deal that leaves this much to play for (currency units): play goes on; absent when the deal ends it'),
  }),
  Rebought: z.object({ type: z.literal('Rebought'), at: at(), entryId: entryId(), fees: feesSchema, chips: count() }),
  AddOnTaken: z.object({ type: z.literal('AddOnTaken'), at: at(), entryId: entryId(), fees: feesSchema, chips: count() }),
  TournamentFinished: z.object({
    type: z.literal('TournamentFinished'),
    at: at(),
    pool: prizePool,
    results: z.array(z.object({ entryId: entryId(), playerId: z.string(), place: z.int().min(1), prize: count() })),
  }),
};

export type TournamentContractEventType = keyof typeof TOURNAMENT_EVENT_SCHEMAS;

/** The schema of a tournament event's `data`: the event without `type`. */
export function tournamentDataSchemaOf(type: TournamentContractEventType): z.ZodType {
  return (TOURNAMENT_EVENT_SCHEMAS[type] as z.ZodObject).omit({ type: true });
}

// ---- compile-time check: the schemas describe exactly libs/tournament's TournamentEvent ----
type Writable<T> = T extends readonly (infer U)[] ? Writable<U>[] : T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Inferred = { [K in TournamentContractEventType]: Writable<z.output<(typeof TOURNAMENT_EVENT_SCHEMAS)[K]>> };
type Recorded<K> = Writable<Extract<TournamentEvent, { type: K }>>;
/** Every tournament event type has a schema, and no schema is for a type the tournament lacks. */
export const TOURNAMENT_SCHEMA_FOR_EVERY_TYPE: Equals<TournamentContractEventType, TournamentEvent['type']> = true;
/** Each schema's output type is the tournament's event type (one per member, so an error names the event). */
export const TOURNAMENT_SCHEMAS_MATCH: { [K in TournamentContractEventType]: Equals<Inferred[K], Recorded<K>> } = {
  TournamentCreated: true,
  TableAdded: true,
  PlayerRegistered: true,
  PlayerUnregistered: true,
  SeatsDrawn: true,
  ClockStarted: true,
  LevelStarted: true,
  ClockPaused: true,
  ClockResumed: true,
  TimeAdded: true,
  HandRecorded: true,
  PlayerBusted: true,
  MoveProposed: true,
  MoveOverridden: true,
  PlayerMoved: true,
  TableBroken: true,
  ChipRaceRun: true,
  HandForHandStarted: true,
  HandForHandEnded: true,
  HandForHandRoundEnded: true,
  DealMade: true,
  Rebought: true,
  AddOnTaken: true,
  TournamentFinished: true,
};
