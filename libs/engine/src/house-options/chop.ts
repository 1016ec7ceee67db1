/**
 * Chopping the blinds (docs/rules.md Part A "Chopping"; Part B H3). When everyone else folds to the blinds, the two
 * blind posters may take their blinds back and go to the next hand; both must agree, and both consents are
 * recorded with who gave them. The house may take a fee from the small blind. Refused in tournaments, while
 * another live forced bet is in (straddle, kill, live make-up), with dead money in the pot, and heads-up
 * (default). The button moves; the blinds count as paid.
 *
 * As a rule module: the `ChopBlinds` command (a BlindsChopped event with both consents), offered to the small blind
 * when everyone else folded; once chopped (`chopped`, its hand slice) no more board is dealt and the hand settles
 * with empty pots. With rake (rake.ts): no rake on a chopped hand, and the fee counts in the house's take
 * (`rakeCollected`, rake.ts's: it adds the fee when it folds BlindsChopped). With a kill: refused while a kill is in, and the kill button stays (kill-game.ts). With a
 * straddle: refused while a straddle is in.
 */
import { z } from 'zod';
import { consentsField, flag, optionVersion, wholeNumber } from './option-schema';
import type { InferEach } from '../table/schema-types';
import { reject, type Decision } from '../decider';
import { rejection, type Rejection } from '../table/rejections';
import { handInProgress, handWith, playerInHand, playerWith, tableWith, type HandPlayer, type TableState } from '../table/state';
import type { TableEvent } from '../table/events';
import { ruleModule } from './rule-module';
import { CHOP_RECORD } from './chop-record';
import { chipsSchema, seatSchema } from '../table/event-schemas';

/** Whether the blinds chopped this hand (HandState.house). */
export interface ChopHandSlice {
  readonly chopped: boolean;
}

/** Its command: the two blinds agree to chop (each consent recorded with who gave it). */
export const CHOP_COMMANDS = Object.freeze({
  ChopBlinds: z.strictObject({ type: z.literal('ChopBlinds'), consents: consentsField('the chop') }),
});
export type ChopCommand = InferEach<typeof CHOP_COMMANDS>;
/** Its events, as recorded and as published on the queue (nothing in them is secret): their types are these. */
export const CHOP_EVENTS = Object.freeze({
  BlindsChopped: z.strictObject({
    type: z.literal('BlindsChopped'),
    consents: z.array(z.strictObject({ seat: seatSchema(), by: z.string() })),
    returned: z.array(z.strictObject({ seat: seatSchema(), amount: chipsSchema() })),
    fee: chipsSchema(),
  }),
});
export type BlindsChoppedEvent = InferEach<typeof CHOP_EVENTS>;
export type ChopLegalAction = { readonly type: 'ChopBlinds'; readonly seat: number; readonly bigBlindSeat: number; readonly fee: number };

const FEE = 'the fee is a whole number of chips, at most the small blind';

/** The option's parameters, their checks and their defaults (the floor's sentence for each field). */
export const CHOP_SCHEMA = z.strictObject({
  version: optionVersion('the chop option version is 1'),
  /** Chips taken from the small blind as the house's fee (PV: "usually $1"); 0 in Las Vegas. */
  fee: wholeNumber(FEE, 0).default(0),
  allowHeadsUp: flag().default(false),
});
export type ChopOption = Readonly<z.output<typeof CHOP_SCHEMA>>;

export const DEFAULT_CHOP: ChopOption = Object.freeze(CHOP_SCHEMA.parse({}));

/** What the schema cannot know: the rest of the rules. */
export function validateChop(o: ChopOption, ctx: { tournament: boolean; smallBlind: number }): { field: string; why: string } | null {
  if (ctx.tournament) return { field: '', why: 'blinds are not chopped in tournaments' };
  if (o.fee > ctx.smallBlind) return { field: 'fee', why: FEE };
  return null;
}

/** Whether the blinds may chop now: the one check behind both ChopBlinds and the legal actions. */
export function chopCheck(state: TableState): { sb: HandPlayer; bb: HandPlayer; fee: number } | Rejection {
  const rules = state.rules!;
  const option = rules.houseOptions.chop;
  if (!option) return rejection('OPTION_NOT_ENABLED', 'Chopping the blinds is not allowed at this table.');
  if (!handInProgress(state)) return rejection('HAND_NOT_IN_PROGRESS', 'No hand is in progress.');
  const hand = state.hand!;
  const notNow = (why: string) => rejection('OPTION_NOT_ALLOWED_NOW', `The blinds cannot be chopped: ${why}.`);
  if (hand.phase !== 'betting' || hand.round.street !== 'preflop') return notNow('only before the flop, once the cards are out');
  const sb = hand.smallBlindSeat === null ? undefined : playerInHand(hand, hand.smallBlindSeat);
  const bb = playerInHand(hand, hand.bigBlindSeat);
  if (!sb || !bb) return notNow('there is no small blind in this hand');
  if (hand.players.length === 2 && !option.allowHeadsUp) return notNow('the house does not chop heads-up');
  if (hand.players.some((p) => p !== sb && p !== bb && !p.folded)) return notNow('not everyone else has folded');
  if (sb.acted || bb.acted || hand.round.fullRaises > 1) return notNow('the blinds have already acted');
  // Straddles and kills are other modules' slices (straddle.ts, kill-game.ts, kill-pot.ts).
  if (
    hand.house.straddles.length > 0 ||
    hand.house.killSeat !== null ||
    hand.players.some((p) => p !== sb && p !== bb && p.forced - p.dead > 0)
  )
    return notNow('another live forced bet is in the pot');
  if (hand.players.some((p) => p.dead > 0)) return notNow('there is dead money in the pot');
  return { sb, bb, fee: Math.min(option.fee, sb.live) };
}

function decideChop(command: ChopCommand, state: TableState): Decision<TableEvent, Rejection> {
  const check = chopCheck(state);
  if ('code' in check) return reject(check);
  const { sb, bb, fee } = check;
  const consents = Array.isArray(command.consents) ? command.consents : [];
  const by = (seat: number) => {
    const consent = consents.find((c) => c && c.seat === seat);
    return consent && typeof consent.by === 'string' && consent.by.trim() !== '' ? consent.by.trim() : null;
  };
  for (const seat of [sb.seat, bb.seat]) {
    if (by(seat) === null)
      return reject(rejection('CONSENT_MISSING', `Seat ${seat} has not agreed to chop; both blinds must consent.`, 'consents'));
  }
  return {
    ok: true,
    events: [
      {
        type: 'BlindsChopped',
        consents: [sb.seat, bb.seat].map((seat) => ({ seat, by: by(seat)! })),
        returned: [
          { seat: sb.seat, amount: sb.live - fee },
          { seat: bb.seat, amount: bb.live },
        ],
        fee,
      },
    ],
  };
}

/**
 * Each blind takes back what it posted (the small blind less the house's fee); the pot is then empty and the hand
 * goes to the showdown phase with nobody to show. The fee left the players' commitments here, so it is not in the
 * rake slice's `raked` (chips still inside the pots), only in the house's take.
 */
function blindsChopped(state: TableState, e: BlindsChoppedEvent): TableState {
  const hand = state.hand!;
  const players = hand.players.map((p) => {
    const r = e.returned.find((x) => x.seat === p.seat);
    return r ? playerWith(p, { stack: p.stack + r.amount, committed: 0, live: 0 }) : p;
  });
  for (const r of e.returned)
    if (!players.some((p) => p.seat === r.seat)) throw new Error(`corrupt stream: seat ${r.seat} is not in the hand`);
  const chopped = handWith(hand, { players, phase: 'showdown', showdownOrder: NO_SEATS, house: { ...hand.house, chopped: true } });
  return tableWith(state, { hand: chopped });
}

export const chop = ruleModule<ChopOption>({
  eventSchemas: CHOP_EVENTS,
  formats: CHOP_RECORD,
  recordedWhenOff: true,
  name: 'chop',
  handSliceStart: { chopped: false },
  where: 'houseOptions',
  params: (rules) => rules.houseOptions.chop,
  defaults: DEFAULT_CHOP,
  schema: CHOP_SCHEMA,
  validate: (o, ctx) => validateChop(o, ctx),
  commandSchemas: CHOP_COMMANDS,
  commandFor: (first) => (first.type === 'BlindsChopped' ? { type: 'ChopBlinds', consents: first.consents } : null),
  commands: {
    ChopBlinds: {
      actsForHandSeat: false,
      // The floor approves a chop: the blinds' consent and the house's fee are theirs to record.
      sentBy: 'floor-only',
      decide: (command, state) => decideChop(command as ChopCommand, state),
      commandFor: (action) => {
        const a = action as ChopLegalAction;
        return {
          type: 'ChopBlinds',
          consents: [
            { seat: a.seat, by: `player-${a.seat}` },
            { seat: a.bigBlindSeat, by: `player-${a.bigBlindSeat}` },
          ],
        };
      },
    },
  },
  evolve: { BlindsChopped: blindsChopped },
  legalActions: (state, moment) => {
    if (moment !== 'player-to-act') return NO_ACTIONS;
    const check = chopCheck(state);
    return 'code' in check ? NO_ACTIONS : [{ type: 'ChopBlinds', seat: check.sb.seat, bigBlindSeat: check.bb.seat, fee: check.fee }];
  },
  // A chopped hand deals no more board: it settles as it is.
  runout: (_state, hand) => (hand.house.chopped ? STOP : null),
});

const STOP = Object.freeze({ kind: 'stop' as const });
const NO_ACTIONS: readonly ChopLegalAction[] = Object.freeze([]);
const NO_SEATS: readonly number[] = Object.freeze([]);

/** This module's part of the core's records (table/extensions.ts): declaration merging, so the core imports no module. */
/* eslint-disable @typescript-eslint/no-empty-object-type -- an interface merged with this module's slice */
declare module '../table/extensions' {
  interface HouseCommands {
    chop: ChopCommand;
  }
  interface HouseEvents {
    chop: BlindsChoppedEvent;
  }
  interface HouseLegalActions {
    chop: ChopLegalAction;
  }
  interface HouseHandSlice extends ChopHandSlice {}
  interface HouseOptions {
    readonly chop: ChopOption | null;
  }
}
