/**
 * Rake (docs/rules.md Part B M10). A percentage of the pot, rounded down to a unit, capped per hand (default) or per
 * pot, optionally by the number of players dealt; no flop, no drop. Taken from the main pot first (default) or
 * from each pot in proportion. Rake is its own event, so a ledger proves chips in = chips out + rake.
 *
 * As a rule module: before any pot is awarded it takes RakeTaken (its hand slice: `rakeByPot`, what each pot's
 * winners do not get, and `raked`); `rakeCollected`, its table slice, is every chip the house took at the table.
 * With chop (chop.ts): no rake on a chopped hand, and the chop's fee is added to `rakeCollected` (by this module, on BlindsChopped).
 */
import { z } from 'zod';
import { flag, oneOf, optionVersion, wholeNumber } from './option-schema';
import { derivePots } from '../betting/pots';
import { handWith, tableWith, type HandState, type TableState } from '../table/state';
import type { TableEvent } from '../table/events';
import { ruleModule } from './rule-module';
import { RAKE_RECORD } from './rake-record';
import type { InferEach } from '../table/schema-types';
import { chipsSchema } from '../table/event-schemas';

/** The rake of this hand: taken from each pot (same order as the pots), and in all (HandState.house). */
export interface RakeHandSlice {
  readonly rakeByPot: readonly number[];
  readonly raked: number;
}

/** Every chip the house has taken at this table: rake and chop fees (TableState). */
export interface RakeTableSlice {
  readonly rakeCollected: number;
}

/** Its events, as recorded and as published on the queue (nothing in them is secret): their types are these. */
export const RAKE_EVENTS = Object.freeze({
  RakeTaken: z.strictObject({ type: z.literal('RakeTaken'), amount: chipsSchema(), byPot: z.array(chipsSchema()) }),
});
export type RakeTakenEvent = InferEach<typeof RAKE_EVENTS>;

const PERCENT = 'the rake is a percentage from 0 to 100, in hundredths at most';
const ROWS = 'at most 10 rows, each with just a whole-number minPlayers and cap';

/** The option's parameters, their checks and their defaults (the floor's sentence for each field). */
export const RAKE_SCHEMA = z.strictObject({
  version: optionVersion('the rake option version is 1'),
  /** Percent of the pot, e.g. 5 or 2.5 (hundredths at most). */
  percent: z
    .number({ error: PERCENT })
    .min(0, { error: PERCENT })
    .max(100, { error: PERCENT })
    .refine((p) => Math.round(p * 100) === p * 100, { error: PERCENT })
    .default(5),
  /** The most taken, per hand or per pot (capScope); null for no cap. */
  cap: wholeNumber('the cap is a whole number of chips, or null', 0).nullable().default(null),
  capScope: oneOf(['hand', 'pot'], 'the cap applies per hand or per pot').default('hand'),
  /** Caps by players dealt, e.g. [{minPlayers:2,cap:1},{minPlayers:3,cap:2},{minPlayers:5,cap:3}]; the largest matching row wins. */
  capByPlayers: z
    .array(z.strictObject({ minPlayers: wholeNumber(ROWS, 0), cap: wholeNumber(ROWS, 0) }, { error: ROWS }), { error: ROWS })
    .max(10, { error: ROWS })
    .nullable()
    .default(null),
  /** Rake is floored to a multiple of this many chips (BBC: a full dollar). */
  roundDownTo: wholeNumber('the rounding unit is a whole number of chips, at least 1', 1).default(1),
  noFlopNoDrop: flag('noFlopNoDrop is true or false').default(true),
  allocation: oneOf(['main-pot-first', 'proportional'], 'main-pot-first or proportional').default('main-pot-first'),
});
export type RakeOption = Readonly<z.output<typeof RAKE_SCHEMA>>;

export const DEFAULT_RAKE: RakeOption = Object.freeze(RAKE_SCHEMA.parse({}));

/** The rake taken from each pot (same order as the pots), given the pots, players dealt and whether a flop was seen. */
export function rakeByPot(o: RakeOption, pots: readonly number[], playersDealt: number, flopSeen: boolean): number[] {
  if (o.noFlopNoDrop && !flopSeen) return pots.map(() => 0);
  let cap = o.cap ?? Number.MAX_SAFE_INTEGER;
  if (o.capByPlayers) {
    let best: number | null = null;
    let bestMin = -1;
    for (const row of o.capByPlayers)
      if (playersDealt >= row.minPlayers && row.minPlayers > bestMin) {
        best = row.cap;
        bestMin = row.minPlayers;
      }
    if (best !== null) cap = Math.min(cap, best);
  }
  const hundredths = Math.round(o.percent * 100);
  const floorTo = (n: number) => Math.floor(n / o.roundDownTo) * o.roundDownTo;
  const raw = (amount: number) => Math.floor((amount * hundredths) / 10000);
  if (o.capScope === 'pot') return pots.map((p) => floorTo(Math.min(raw(p), cap)));
  const total = pots.reduce((a, b) => a + b, 0);
  let rake = floorTo(Math.min(raw(total), cap));
  if (o.allocation === 'proportional' && total > 0) {
    const shares = pots.map((p) => Math.floor((rake * p) / total));
    let rest = rake - shares.reduce((a, b) => a + b, 0);
    for (let i = 0; rest > 0; i = (i + 1) % pots.length)
      if (shares[i] < pots[i]) {
        shares[i]++;
        rest--;
      }
    return shares;
  }
  return pots.map((p) => {
    const take = Math.min(p, rake);
    rake -= take;
    return take;
  });
}

/** Two per-pot lists added pot by pot. */
function addPerPot(a: readonly number[], b: readonly number[]): number[] {
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => (a[i] ?? 0) + (b[i] ?? 0));
}

/** The rake of a hand about to be settled, once, before any pot is awarded (no rake on a chopped hand). */
function rakeTaken(_state: TableState, hand: HandState, o: RakeOption): TableEvent | null {
  if (hand.house.chopped || hand.house.rakeByPot.length > 0 || hand.potsAwarded > 0) return null;
  const byPot = rakeByPot(
    o,
    derivePots(hand.players).map((p) => p.amount),
    hand.players.length,
    hand.board.length >= 3,
  );
  const amount = byPot.reduce((a, b) => a + b, 0);
  return amount > 0 ? { type: 'RakeTaken', amount, byPot } : null;
}

export const rake = ruleModule<RakeOption>({
  eventSchemas: RAKE_EVENTS,
  formats: RAKE_RECORD,
  recordedWhenOff: true,
  name: 'rake',
  handSliceStart: { rakeByPot: Object.freeze([]) as readonly number[], raked: 0 },
  where: 'houseOptions',
  params: (rules) => rules.houseOptions.rake,
  defaults: DEFAULT_RAKE,
  schema: RAKE_SCHEMA,
  evolve: {
    // The chop's fee is the house's take too: rake, the owner of the table's total, adds it (chop.ts writes only its own slice).
    BlindsChopped: (state, e) => (e.fee === 0 ? state : tableWith(state, { rakeCollected: state.rakeCollected + e.fee })),
    RakeTaken: (state, e) => {
      const hand = state.hand!;
      const raked = handWith(hand, { house: { ...hand.house, rakeByPot: e.byPot, raked: hand.house.raked + e.amount } });
      return tableWith(state, { rakeCollected: state.rakeCollected + e.amount, hand: raked });
    },
  },
  settle(state, hand, s, o) {
    if (s.step === 'take') {
      const taken = rakeTaken(state, hand, o);
      return taken === null ? s : { step: 'take', events: [...s.events, taken] };
    }
    if (s.step !== 'held' || hand.house.rakeByPot.length === 0) return s;
    const mine = hand.house.rakeByPot;
    return { step: 'held', held: s.held.length === 0 ? mine : addPerPot(s.held, mine) };
  },
});

/** This module's part of the core's records (table/extensions.ts): declaration merging, so the core imports no module. */
/* eslint-disable @typescript-eslint/no-empty-object-type -- an interface merged with this module's slice */
declare module '../table/extensions' {
  interface HouseEvents {
    rake: RakeTakenEvent;
  }
  interface HouseHandSlice extends RakeHandSlice {}
  interface HouseTableSlice extends RakeTableSlice {}
  interface HouseOptions {
    readonly rake: RakeOption | null;
  }
}
