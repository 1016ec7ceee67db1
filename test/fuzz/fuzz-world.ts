import type { Database } from '@felt/event-store';
import type { ViewerRole } from '@felt/projections';
import { addTestUser, authHeaders, seedTestUsers } from '../../apps/api/test/test-support/auth';
import { NO_LIMIT_1_2 } from '../../apps/api/test/test-support/table-setup';
import type { FuzzRandom } from './fuzz-random';

/**
 * What the stateful fuzzer plays on, set up in one place: the kinds of table (each house option, live cards, the
 * shot clock, a dealer who sees the hole cards), who sends requests (every role), and how a table is opened and a
 * hand started. When the API changes how decks are chosen or how staff are enrolled, this file changes.
 */

export type ActorName = 'floor' | 'assigned dealer' | 'unassigned dealer' | 'regulator' | 'service' | 'anonymous';

export interface Actor {
  readonly name: ActorName;
  /** The role as the visibility rule knows it (anonymous: the public). */
  readonly role: ViewerRole;
  readonly authorization: string | undefined;
  readonly userId?: string;
}

export interface TableKind {
  readonly rules: Record<string, unknown>;
  /** Players seated when a table of this kind opens. */
  readonly players: number;
  /**
   * Where StartHand's and DrawForButton's cards come from, as fields of their bodies: nothing on house-shuffled
   * tables (the API's default: a seed or deck there is DECK_SOURCE_HOUSE, which the fuzzer's wrong variants try) and
   * live tables (the cards are read from the table), a seed from the fuzzer's random on a training table.
   */
  readonly deckFields: (random: FuzzRandom) => Record<string, unknown>;
}

const seeded = (random: FuzzRandom) => ({ seed: random.int(0, 2 ** 31 - 1) });
const shuffledByTheHouse = () => ({});
const fromTheShoe = () => ({});

export const TABLE_KINDS = {
  plain: { rules: NO_LIMIT_1_2, players: 4, deckFields: shuffledByTheHouse },
  reader: { rules: { ...NO_LIMIT_1_2, dealerSeesHoleCards: true }, players: 3, deckFields: shuffledByTheHouse },
  live: { rules: { ...NO_LIMIT_1_2, cardSource: 'live' }, players: 3, deckFields: fromTheShoe },
  straddle: {
    rules: { ...NO_LIMIT_1_2, houseOptions: { straddle: { positions: 'utg-or-button', maxStraddles: 2 } } },
    players: 4,
    deckFields: shuffledByTheHouse,
  },
  bomb: {
    rules: { ...NO_LIMIT_1_2, houseOptions: { bombPot: { ante: 2 }, runItTwice: true } },
    players: 3,
    deckFields: shuffledByTheHouse,
  },
  chop: {
    rules: { ...NO_LIMIT_1_2, houseOptions: { chop: true, rake: { percent: 5, cap: 3 } } },
    players: 3,
    deckFields: shuffledByTheHouse,
  },
  kill: {
    rules: {
      structure: { kind: 'fixed-limit', smallBet: 10, bigBet: 20 },
      smallBlind: 5,
      bigBlind: 10,
      maxSeats: 6,
      houseOptions: { killPot: true },
    },
    players: 4,
    deckFields: shuffledByTheHouse,
  },
  training: { rules: { ...NO_LIMIT_1_2, deckSource: 'training' }, players: 3, deckFields: seeded },
  clock: {
    rules: { ...NO_LIMIT_1_2, houseOptions: { shotClock: { seconds: 30, timeBankExtensions: 2, timeBankSeconds: 30 } } },
    players: 3,
    deckFields: shuffledByTheHouse,
  },
} satisfies Record<string, TableKind>;

export type KindName = keyof typeof TABLE_KINDS;
export const KIND_NAMES = Object.keys(TABLE_KINDS) as KindName[];

/** The buy-in the fuzzer seats players with, in big blinds. */
export const BUY_IN_BIG_BLINDS = 50;

/** What the fuzzer knows of a table: its kind and the last full view an answer gave (null: read it again). */
export interface WorldTable {
  readonly id: string;
  readonly kind: KindName;
  view: TableView | null;
  /** Versions of the standing betting actions of the current round, for the floor's corrections. */
  actionVersions: number[];
  closed: boolean;
  /** Opened by the room (AddTable): a game's table, played like the others. */
  readonly room: boolean;
  /** The table's own steps refused since the last accepted one: a table the fuzzer cannot move on is replaced. */
  refusedInARow: number;
  /** A live table's card reader (a device registered for it): the only sender of its hole cards. */
  reader?: Actor;
}

/** What the fuzzer reads of a table's answer (GET /tables/:id or a command's `table`). */
export interface TableView {
  readonly version: number;
  readonly status: string;
  readonly rules: { readonly bigBlind: number; readonly maxSeats: number } & Record<string, unknown>;
  readonly seats: readonly {
    readonly seat: number;
    readonly playerId: string;
    readonly stack: number;
    readonly sittingOut: boolean;
    readonly busted?: boolean;
  }[];
  readonly hand: { readonly handNumber: number; readonly phase: string; readonly board: string } | null;
  readonly toAct: number | null;
  readonly legalActions: readonly ({ readonly type: string; readonly seat: number | null } & Record<string, unknown>)[];
  readonly clock?: {
    readonly clock: number;
    readonly seat: number;
    readonly deadline: string | null;
    readonly remainingMs: number | null;
  } | null;
  readonly lastPositions?: { readonly button: number | null } | null;
}

/** A game of the room and its last answer (`game`: state, openSeats, calls; null: read it again). */
export interface WorldGame {
  readonly id: string;
  view: RoomGameView | null;
}

export interface RoomGameView {
  readonly state: {
    readonly status: string;
    readonly tables: readonly {
      readonly tableId: string;
      readonly broken: boolean;
      readonly seated: readonly { readonly seat: number; readonly playerId: string }[];
    }[];
    readonly list: readonly { readonly playerId: string }[];
    readonly changes?: readonly { readonly playerId: string }[];
  };
  readonly openSeats: readonly { readonly tableId: string; readonly seat: number }[];
  readonly calls: readonly { readonly playerId: string; readonly tableId: string; readonly seat: number; readonly respondBy?: string }[];
}

export interface World {
  readonly tag: string;
  readonly actors: Readonly<Record<ActorName, Actor>>;
  /** Another floor supervisor: approves the widenings the floor asks for (a training table, dealerSeesHoleCards). */
  readonly secondFloor: Actor;
  readonly tables: WorldTable[];
  /** Users the fuzzer may change (role, disabled, password, assignments): never one of the actors. */
  readonly spareUserIds: string[];
  /** A user whose password the fuzzer knows, for sign-ins. */
  readonly login: { readonly username: string; readonly password: string };
  /** Enrollment codes the floor was given (POST /users, a reset): the person sets their password with one. */
  readonly enrollments: { readonly username: string; readonly code: string }[];
  readonly deviceIds: string[];
  readonly games: WorldGame[];
  /** The API's clock (TableClock, RoomClock), moved by the fuzzer: a shot clock runs out when the fuzzer says. */
  now: number;
  /** Numbers for the next new table, player, user, game. */
  counter: number;
  /** The last Idempotency-Key a wrong variant was made from ("the same key, another body"). */
  lastKey: string | null;
}

export function nextName(world: World, what: string): string {
  return `${world.tag}-${what}${++world.counter}`;
}

/** The world's users and actors (the tables and the room come through requests: openTableRequests, fuzz-steps). */
export async function createWorld(db: Database, tag: string, now: number): Promise<World> {
  const assigned = await addTestUser(db, `${tag}-dealer`, 'dealer');
  const unassigned = await addTestUser(db, `${tag}-dealer-idle`, 'dealer');
  const spare = await addTestUser(db, `${tag}-dealer-spare`, 'dealer');
  const login = await addTestUser(db, `${tag}-login`, 'dealer');
  // Every token is for a user row (the API refuses others): the floor's, the second floor's, the readers' integration's.
  const subs = {
    floor: `${tag}-floor`,
    regulator: `${tag}-regulator`,
    display: `${tag}-display`,
    secondFloor: `${tag}-floor-2`,
    reader: `${tag}-reader`,
  };
  await seedTestUsers(db, [
    { sub: subs.floor, role: 'floor' },
    { sub: subs.regulator, role: 'regulator' },
    { sub: subs.display, role: 'service' },
    { sub: subs.secondFloor, role: 'floor' },
    { sub: subs.reader, role: 'floor' },
  ]);
  const actor = (name: ActorName, role: ViewerRole, headers?: { Authorization: string }, userId?: string): Actor => ({
    name,
    role,
    authorization: headers?.Authorization,
    ...(userId ? { userId } : {}),
  });
  return {
    tag,
    actors: {
      floor: actor('floor', 'floor', authHeaders('floor', { sub: subs.floor })),
      'assigned dealer': actor('assigned dealer', 'dealer', authHeaders('dealer', { sub: assigned.id, name: assigned.name }), assigned.id),
      'unassigned dealer': actor(
        'unassigned dealer',
        'dealer',
        authHeaders('dealer', { sub: unassigned.id, name: unassigned.name }),
        unassigned.id,
      ),
      regulator: actor('regulator', 'regulator', authHeaders('regulator', { sub: subs.regulator })),
      service: actor('service', 'service', authHeaders('service', { sub: subs.display })),
      anonymous: actor('anonymous', 'public'),
    },
    secondFloor: actor('floor', 'floor', authHeaders('floor', { sub: subs.secondFloor })),
    tables: [],
    spareUserIds: [spare.id],
    login: { username: login.name, password: `${login.name}-password` },
    enrollments: [],
    deviceIds: [],
    games: [],
    now,
    counter: 0,
    lastKey: null,
  };
}

/** A card reader's token (a reader registered for one table), as a reader's integration holds one (its user row, seeded by createWorld; bound to the device). */
export function readerActor(world: World, deviceId: string): Actor {
  const headers = authHeaders('floor', { sub: `${world.tag}-reader`, device: deviceId });
  return { name: 'floor', role: 'floor', authorization: headers.Authorization };
}

/** One request of a set-up: method, path, body. */
export interface SetupRequest {
  readonly method: 'POST' | 'PUT';
  readonly path: string;
  readonly body?: Record<string, unknown>;
}

/**
 * Opening a table of `kind`: OpenTable, its players seated with 50 big blinds, the button placed (or drawn for),
 * the assigned dealer assigned. Sent as the floor; each must succeed.
 */
export function openTableRequests(world: World, kind: KindName, tableId: string, random: FuzzRandom): SetupRequest[] {
  const { rules, players } = TABLE_KINDS[kind];
  const buyIn = (rules.bigBlind as number) * BUY_IN_BIG_BLINDS;
  const seats = Array.from({ length: players }, (_, i) => ({
    method: 'POST' as const,
    path: `/tables/${tableId}/seat-player`,
    body: { seat: i + 1, playerId: nextName(world, 'p'), buyIn },
  }));
  const button =
    kind !== 'live' && random.chance(0.3)
      ? { path: 'draw-for-button', body: TABLE_KINDS[kind].deckFields(random) }
      : { path: 'place-button', body: { seat: 1 } };
  return [
    { method: 'POST', path: '/tables', body: { tableId, rules } },
    ...(kind === 'live'
      ? [{ method: 'POST' as const, path: '/devices', body: { name: `${tableId}-reader`, kind: 'reader', tableId } }]
      : []),
    ...seats,
    { method: 'POST', path: `/tables/${tableId}/${button.path}`, body: button.body },
    { method: 'PUT', path: `/tables/${tableId}/dealers/${world.actors['assigned dealer'].userId}` },
  ];
}
