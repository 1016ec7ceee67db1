import { z } from 'zod';
import type { TournamentEvent, TournamentEventType } from './events';
import { TOURNAMENT_EVENT_SCHEMAS } from './event-schemas';

/**
 * What the public queue may know of a tournament (docs/security.md "Tournaments"; docs/events.md "Tournament events
 * on the queue"): one rule per class of field, the one home of both the published zod schemas (the worker renders
 * them as closed JSON Schemas) and the function the relay strips each event with. An entry goes by the pseudonym its
 * tables already seat it under (`e<n>`, its place in registration order), never by its entry id (which holds the
 * player's card number); a player's id and alias, the random draws, the house's money and the floor's free text
 * never leave the database. Pure: the pseudonyms come from the stream's registrations (PseudonymBook), folded by
 * the caller.
 */
export type FieldClass =
  /** Published as recorded: times, clock steps, tables, seats, chips, places, prizes, the structure's play. */
  | 'public'
  /** An entry id: published as the entry's table pseudonym. */
  | 'entry'
  /** A list of entry ids: each published as its pseudonym. */
  | 'entries'
  /** A player's id or alias: never published. */
  | 'identity'
  /** A random draw (the seat draw's permutation, seating and race keys): never published, as a deck's seed is not. */
  | 'draw'
  /** The house's private money (fees, refunds, the house's and staff's take, the overlay): never published. */
  | 'house-money'
  /** The floor's free text (it may name a player): never published. */
  | 'staff-note';

/** A field's rule: its class, or the rules of its members (an object, or each object of a list). */
export type FieldRule = FieldClass | { readonly fields: FieldRules } | { readonly each: FieldRules };
export type FieldRules = Readonly<Record<string, FieldRule>>;

/** The classes that publish the field at all (every other is withheld: the key is left out). */
const PUBLISHED: ReadonlySet<FieldClass> = new Set(['public', 'entry', 'entries']);

// A rule for every member of every event, checked by the compiler: a new event or field without one fails the build.
type RuleOf<T> =
  NonNullable<T> extends readonly (infer U)[]
    ? FieldClass | (U extends object ? { readonly each: RulesOf<U> } : never)
    : NonNullable<T> extends object
      ? FieldClass | { readonly fields: RulesOf<NonNullable<T>> }
      : FieldClass;
type RulesOf<T> = { readonly [K in keyof T]-?: RuleOf<T[K]> };
type EventRules = { readonly [K in TournamentEventType]: RulesOf<Omit<Extract<TournamentEvent, { type: K }>, 'type'>> };

const seatRef = 'public' as const;
const buyIn = { at: 'public', entryId: 'entry', fees: 'house-money', chips: 'public' } as const;

/** Each tournament event's fields by class. */
export const PUBLIC_TOURNAMENT_RULES: EventRules = {
  TournamentCreated: {
    at: 'public',
    tournamentId: 'public',
    structure: {
      fields: {
        name: 'public',
        startingStack: 'public',
        seatsPerTable: 'public',
        levels: 'public',
        lateRegistrationLevel: 'public',
        maxEntriesPerPlayer: 'public',
        entry: 'house-money',
        rebuy: { fields: { fees: 'house-money', chips: 'public', max: 'public', untilLevel: 'public', atOrBelow: 'public' } },
        addOn: { fields: { fees: 'house-money', chips: 'public' } },
        payouts: 'public',
        roundTo: 'public',
        guarantee: 'public',
        tables: 'public',
      },
    },
  },
  TableAdded: { at: 'public', tableId: 'public', seats: 'public' },
  PlayerRegistered: {
    at: 'public',
    entryId: 'entry',
    playerId: 'identity',
    alias: 'identity',
    entryNumber: 'public',
    fees: 'house-money',
    chips: 'public',
    seat: seatRef,
    key: 'draw',
  },
  PlayerUnregistered: { at: 'public', entryId: 'entry', refund: 'house-money' },
  SeatsDrawn: { at: 'public', permutation: 'draw', seats: { each: { entryId: 'entry', tableId: 'public', seat: 'public' } } },
  ClockStarted: { at: 'public', step: 'public', endsAt: 'public' },
  LevelStarted: { at: 'public', step: 'public', endsAt: 'public', remainingMs: 'public', early: 'public' },
  ClockPaused: { at: 'public', remainingMs: 'public' },
  ClockResumed: { at: 'public', step: 'public', endsAt: 'public' },
  TimeAdded: { at: 'public', step: 'public', seconds: 'public', endsAt: 'public', remainingMs: 'public' },
  HandRecorded: { at: 'public', tableId: 'public', button: 'public', stacks: { each: { entryId: 'entry', chips: 'public' } } },
  PlayerBusted: { at: 'public', entryId: 'entry', tableId: 'public', seat: 'public', round: 'public', startStack: 'public' },
  MoveProposed: { at: 'public', entryId: 'entry', from: seatRef, to: seatRef, reason: 'public', key: 'draw' },
  MoveOverridden: { at: 'public', entryId: 'entry', to: seatRef, reason: 'staff-note' },
  PlayerMoved: { at: 'public', entryId: 'entry', from: seatRef, to: seatRef, chips: 'public' },
  TableBroken: { at: 'public', tableId: 'public' },
  ChipRaceRun: {
    at: 'public',
    step: 'public',
    chip: 'public',
    nextChip: 'public',
    results: { each: { entryId: 'entry', removed: 'public', won: 'public' } },
    keys: 'draw',
  },
  HandForHandStarted: { at: 'public', round: 'public' },
  HandForHandEnded: { at: 'public' },
  HandForHandRoundEnded: { at: 'public', round: 'public' },
  DealMade: {
    at: 'public',
    method: 'public',
    consents: 'entries',
    shares: { each: { entryId: 'entry', chips: 'public', amount: 'public' } },
    leftToPlayFor: 'public',
  },
  Rebought: buyIn,
  AddOnTaken: buyIn,
  TournamentFinished: {
    at: 'public',
    // The prize pool is on the clock board; what the players paid, the house's and staff's fees and the overlay are not.
    pool: {
      fields: {
        paid: 'house-money',
        collected: 'house-money',
        houseFees: 'house-money',
        staffFees: 'house-money',
        overlay: 'house-money',
        prizePool: 'public',
      },
    },
    results: { each: { entryId: 'entry', playerId: 'identity', place: 'public', prize: 'public' } },
  },
};

/** The pseudonym of the entry registered `place`-th in a tournament (1 = the first): how its tables seat it. */
export function entryPseudonym(place: number): string {
  return `e${place}`;
}

const PSEUDONYM = /^e[1-9][0-9]*$/;

/** Each entry's place in registration order: what a stream's PlayerRegistered events say, in order. */
export type PseudonymBook = ReadonlyMap<string, number>;

export const EMPTY_PSEUDONYM_BOOK: PseudonymBook = new Map();

/** The book after one more event of the stream (only a registration adds to it). */
export function withRegistration(book: PseudonymBook, type: string, data: unknown): PseudonymBook {
  if (type !== 'PlayerRegistered') return book;
  const entryId = (data as { entryId?: unknown } | null)?.entryId;
  if (typeof entryId !== 'string' || book.has(entryId)) return book;
  return new Map(book).set(entryId, book.size + 1);
}

/** The public rules of a tournament event type (null for a type this version does not know). */
export function publicRulesOf(type: string): FieldRules | null {
  return Object.hasOwn(PUBLIC_TOURNAMENT_RULES, type) ? (PUBLIC_TOURNAMENT_RULES[type as TournamentEventType] as FieldRules) : null;
}

/**
 * A tournament event's data (without its type) as the public queue carries it. Only members with a publishing rule
 * are kept. Throws for a type without rules or an entry missing from the book: publishing it would leak what no rule
 * vouches for (the relay then retries and reports; the decider records neither).
 */
export function publicTournamentEventData(type: string, data: unknown, book: PseudonymBook): Record<string, unknown> {
  const rules = publicRulesOf(type);
  if (!rules) throw new Error(`tournament event ${type} has no public rule: it is not published`);
  return publishObject(rules, data, book, type);
}

function publishObject(rules: FieldRules, data: unknown, book: PseudonymBook, where: string): Record<string, unknown> {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Readonly<Record<string, unknown>>;
  const out: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(rules)) {
    if (record[key] === undefined || (typeof rule === 'string' && !PUBLISHED.has(rule))) continue;
    out[key] = publishField(rule, record[key], book, `${where}.${key}`);
  }
  return out;
}

function publishField(rule: FieldRule, value: unknown, book: PseudonymBook, where: string): unknown {
  if (value === null) return null;
  if (rule === 'public') return value;
  if (rule === 'entry') return pseudonymOf(book, value, where);
  if (rule === 'entries') return (Array.isArray(value) ? value : []).map((v) => pseudonymOf(book, v, where));
  if (typeof rule === 'string') throw new Error(`bug: ${where} is withheld`);
  if ('fields' in rule) return publishObject(rule.fields, value, book, where);
  return (Array.isArray(value) ? value : []).map((v: unknown) => publishObject(rule.each, v, book, where));
}

function pseudonymOf(book: PseudonymBook, entryId: unknown, where: string): string {
  const place = typeof entryId === 'string' ? book.get(entryId) : undefined;
  if (place === undefined) throw new Error(`${where}: an entry the tournament never registered; not published`);
  return entryPseudonym(place);
}

/**
 * A tournament event's metadata as published: the actor's role only. The command and correlation ids are chosen by
 * the sender (a desk may name a registration after its player), and which staff member ran the tournament is the
 * floor's to know.
 */
export function publicTournamentMetadata(metadata: Readonly<Record<string, unknown>>): { actorRole?: string } {
  return typeof metadata.actorRole === 'string' ? { actorRole: metadata.actorRole } : {};
}

// ---- the published schemas, derived from the recorded ones (event-schemas.ts) by the same rules ----

const pseudonymSchema = () =>
  z.string().regex(PSEUDONYM).describe('the entry\'s pseudonym at its tables: "e<n>", its place in registration order');

/** A recorded schema under its optional/nullable wrappers, and how to put them back. */
function unwrapped(schema: z.ZodType): { inner: z.ZodType; wrap: (s: z.ZodType) => z.ZodType } {
  if (schema instanceof z.ZodOptional) {
    const { inner, wrap } = unwrapped(schema.unwrap() as z.ZodType);
    return { inner, wrap: (s) => wrap(s).optional() };
  }
  if (schema instanceof z.ZodNullable) {
    const { inner, wrap } = unwrapped(schema.unwrap() as z.ZodType);
    return { inner, wrap: (s) => wrap(s).nullable() };
  }
  return { inner: schema, wrap: (s) => s };
}

function publishedObjectSchema(rules: FieldRules, recorded: z.ZodObject, where: string): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, rule] of Object.entries(rules)) {
    const field = recorded.shape[key] as z.ZodType | undefined;
    if (!field) throw new Error(`bug: ${where}.${key} has a public rule but no recorded schema`);
    if (typeof rule === 'string' && !PUBLISHED.has(rule)) continue;
    shape[key] = publishedFieldSchema(rule, field, `${where}.${key}`);
  }
  return z.strictObject(shape);
}

function publishedFieldSchema(rule: FieldRule, recorded: z.ZodType, where: string): z.ZodType {
  if (rule === 'public') return recorded;
  const { inner, wrap } = unwrapped(recorded);
  if (rule === 'entry') return wrap(pseudonymSchema());
  if (rule === 'entries') return wrap(z.array(pseudonymSchema()));
  if (typeof rule === 'string') throw new Error(`bug: ${where} is withheld`);
  if ('fields' in rule) return wrap(publishedObjectSchema(rule.fields, inner as z.ZodObject, where));
  return wrap(z.array(publishedObjectSchema(rule.each, (inner as z.ZodArray<z.ZodObject>).element, where)));
}

/** Each tournament event's `data` as published on the queue (closed: a member no rule publishes is refused). */
export const PUBLIC_TOURNAMENT_DATA_SCHEMAS: Readonly<Record<TournamentEventType, z.ZodObject>> = Object.freeze(
  Object.fromEntries(
    Object.entries(PUBLIC_TOURNAMENT_RULES).map(([type, rules]) => {
      const recorded = TOURNAMENT_EVENT_SCHEMAS[type as TournamentEventType] as z.ZodObject;
      return [type, publishedObjectSchema(rules as FieldRules, recorded.omit({ type: true }), type)];
    }),
  ) as Record<TournamentEventType, z.ZodObject>,
);
