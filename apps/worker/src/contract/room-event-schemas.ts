import { z } from 'zod';
import type { RoomEvent } from '@felt/room';

/**
 * The published contract of every room event's `data` (docs/events.md "Room events"; libs/room/src/events.ts), as
 * recorded: room events hold no card or seed. The room's TypeScript types stay the source of truth: the
 * compile-time check at the bottom fails the build as soon as the two disagree. Objects are open, as for the tables.
 */
const at = () => z.string().describe('ISO 8601 UTC: when the floor acted (the API clock)');
const seat = () => z.int().min(1).describe('seat number');
const playerId = () => z.string().describe("the floor's id for the player (e.g. a player card number): not for public display");
const alias = () => z.string().describe('initials or a nickname: what a public display may show');
const route = () => z.enum(['list', 'must-move', 'table-change']).describe('how the player came to the seat');
const seatedPlayer = z.object({ seat: seat(), playerId: playerId(), alias: alias() });

export const ROOM_EVENT_SCHEMAS = {
  GameOpened: z.object({
    type: z.literal('GameOpened'),
    at: at(),
    gameId: z.string(),
    name: z.string(),
    stakes: z.string(),
    structure: z.string(),
    seatsPerTable: z.int(),
    tableRules: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('the rules new tables of the game open with (an OpenTable rules object)'),
    policies: z.object({
      callResponseSeconds: z.int(),
      noShow: z.enum(['end-of-list', 'remove']),
      mustMoveOrder: z.enum(['seated-first', 'listed-first']),
      newTableAt: z.int(),
      tableChange: z.enum(['before-list', 'after-list']),
    }),
  }),
  GameClosed: z.object({ type: z.literal('GameClosed'), at: at() }),
  TableAdded: z.object({
    type: z.literal('TableAdded'),
    at: at(),
    tableId: z.string(),
    seats: z.int(),
    mustMove: z.boolean(),
    seated: z.array(seatedPlayer),
  }),
  PlayerListed: z.object({ type: z.literal('PlayerListed'), at: at(), playerId: playerId(), alias: alias() }),
  PlayerLeftList: z.object({ type: z.literal('PlayerLeftList'), at: at(), playerId: playerId() }),
  NewTableDue: z.object({ type: z.literal('NewTableDue'), at: at(), waiting: z.int() }),
  TableChangeRequested: z.object({
    type: z.literal('TableChangeRequested'),
    at: at(),
    playerId: playerId(),
    fromTableId: z.string(),
    toTableId: z.string().nullable(),
  }),
  TableChangeCancelled: z.object({ type: z.literal('TableChangeCancelled'), at: at(), playerId: playerId() }),
  PlayerCalledToSeat: z.object({
    type: z.literal('PlayerCalledToSeat'),
    at: at(),
    playerId: playerId(),
    alias: alias(),
    tableId: z.string(),
    seat: seat(),
    route: route(),
    respondBy: z.string().describe('ISO 8601 UTC: when the response time runs out'),
    passedOver: z
      .array(z.object({ playerId: playerId(), reason: z.enum(['declined-seat', 'asked-to-wait']) }))
      .describe('everyone who was ahead for the seat, and why they were passed over'),
  }),
  SeatTaken: z.object({
    type: z.literal('SeatTaken'),
    at: at(),
    playerId: playerId(),
    alias: alias(),
    tableId: z.string(),
    seat: seat(),
    route: route(),
    from: z.object({ tableId: z.string(), seat: seat() }).nullable().describe('the seat a moved player left'),
  }),
  PlayerNoShow: z.object({
    type: z.literal('PlayerNoShow'),
    at: at(),
    playerId: playerId(),
    tableId: z.string(),
    seat: seat(),
    outcome: z.enum(['end-of-list', 'removed', 'stays']),
  }),
  SeatVacated: z.object({ type: z.literal('SeatVacated'), at: at(), tableId: z.string(), seat: seat(), playerId: playerId() }),
  SeatMoved: z.object({ type: z.literal('SeatMoved'), at: at(), tableId: z.string(), from: seat(), to: seat(), playerId: playerId() }),
  TableBroken: z.object({ type: z.literal('TableBroken'), at: at(), tableId: z.string() }),
  WalkInSeated: z.object({
    type: z.literal('WalkInSeated'),
    at: at(),
    tableId: z.string(),
    seat: seat(),
    playerId: playerId(),
    alias: alias(),
    fromList: z.boolean().describe('the player was on the list and leaves it'),
  }),
};

export type RoomContractEventType = keyof typeof ROOM_EVENT_SCHEMAS;

/** The schema of a published room job's `data`: the event without `type`. */
export function roomDataSchemaOf(type: RoomContractEventType): z.ZodType {
  return (ROOM_EVENT_SCHEMAS[type] as z.ZodObject).omit({ type: true });
}

// ---- compile-time check: the schemas describe exactly the room's RoomEvent ----
type Writable<T> = T extends readonly (infer U)[] ? Writable<U>[] : T extends object ? { -readonly [K in keyof T]: Writable<T[K]> } : T;
type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Inferred = { [K in RoomContractEventType]: z.infer<(typeof ROOM_EVENT_SCHEMAS)[K]> };
type Recorded<K> = Writable<Extract<RoomEvent, { type: K }>>;
/** Every room event type has a schema, and no schema is for a type the room lacks. */
export const ROOM_SCHEMA_FOR_EVERY_TYPE: Equals<RoomContractEventType, RoomEvent['type']> = true;
/** Each schema's inferred type is the room's event type (one per member, so an error names the event). */
export const ROOM_SCHEMAS_MATCH: { [K in RoomContractEventType]: Equals<Inferred[K], Recorded<K>> } = {
  GameOpened: true,
  GameClosed: true,
  TableAdded: true,
  PlayerListed: true,
  PlayerLeftList: true,
  NewTableDue: true,
  TableChangeRequested: true,
  TableChangeCancelled: true,
  PlayerCalledToSeat: true,
  SeatTaken: true,
  PlayerNoShow: true,
  SeatVacated: true,
  SeatMoved: true,
  TableBroken: true,
  WalkInSeated: true,
};
