/**
 * Straddle (docs/rules.md Part A "Straddle"; Part B H1). A live blind bet before the deal by the player left of the
 * big blind (or, as the house allows, the button or any seat: Mississippi), twice the previous forced bet.
 * The straddler acts last preflop and may raise; the next player acts first. Off in tournaments and, by
 * default, in limit games (RRoP).
 *
 * As a rule module: the `Straddle` command (a BlindPosted of kind "straddle"), offered before the deal, so the
 * dealer says Deal; the preflop order starts left of the last straddler; the straddle is the new bring-in.
 * With a kill (kill-game.ts, kill-pot.ts): a straddle doubles the kill blind, the previous forced bet.
 */
import { z } from 'zod';
import { flag, oneOf, optionVersion, wholeNumber } from './option-schema';
import { seatField } from '../table/command-schemas';
import type { InferEach } from '../table/schema-types';
import { accept, reject, type Decision } from '../decider';
import { rejection, type Rejection } from '../table/rejections';
import { handInProgress, houseWith, playerInHand, type HandState, type TableState } from '../table/state';
import type { TableEvent } from '../table/events';
import { clockwiseAfter } from '../betting/round';
import { ruleModule } from './rule-module';

/** The straddlers of the hand, in the order they posted (HandState.house). */
export interface StraddleHandSlice {
  readonly straddles: readonly number[];
}

/** Its command: a seat posts a straddle before the deal. */
export const STRADDLE_COMMANDS = Object.freeze({ Straddle: z.strictObject({ type: z.literal('Straddle'), seat: seatField() }) });
export type StraddleCommand = InferEach<typeof STRADDLE_COMMANDS>;
export type StraddleLegalAction = { readonly type: 'Straddle'; readonly seat: number; readonly amount: number };
/** The option's parameters, their checks and their defaults (the floor's sentence for each field). */
export const STRADDLE_SCHEMA = z.strictObject({
  version: optionVersion('the straddle option version is 1'),
  /** utg: left of the big blind (RRoP); utg-or-button adds the button straddle; any: Mississippi (any non-blind seat). */
  positions: oneOf(['utg', 'utg-or-button', 'any'], 'positions is utg, utg-or-button or any').default('utg'),
  /** Straddles allowed in one hand, counting re-straddles (RRoP: one). */
  maxStraddles: wholeNumber('from 1 to 8 straddles', 1, 8).default(1),
  /** No straddle with fewer players dealt (LTH: none three-handed). */
  minPlayersDealt: wholeNumber('from 2 to 10 players', 2, 10).default(4),
  /** Each straddle is this many times the previous forced bet. */
  sizeMultiple: wholeNumber('a straddle must be a whole multiple (at least 2) of the big blind', 2).default(2),
  /** left-of-straddler: the player left of the straddler starts (PN-MS); normal-skip: normal order, straddler last (LJ). */
  buttonStraddleOrder: oneOf(['left-of-straddler', 'normal-skip'], 'left-of-straddler or normal-skip').default('left-of-straddler'),
  /** straddle: the straddle is the new bring-in, so the minimum raise is twice it (RRoP); big-blind: pokerkit's reading. */
  minRaiseBasis: oneOf(['straddle', 'big-blind'], 'straddle or big-blind').default('straddle'),
  /** RRoP: no live straddle at limit "except in specified games". */
  allowInLimit: flag().default(false),
});
export type StraddleOption = Readonly<z.output<typeof STRADDLE_SCHEMA>>;

export const DEFAULT_STRADDLE: StraddleOption = Object.freeze(STRADDLE_SCHEMA.parse({}));

/** What the schema cannot know: the rest of the rules. */
export function validateStraddle(o: StraddleOption, ctx: { limit: boolean; tournament: boolean }): { field: string; why: string } | null {
  if (ctx.tournament) return { field: '', why: 'straddles are not played in tournaments' };
  if (ctx.limit && !o.allowInLimit)
    return { field: 'allowInLimit', why: 'a live straddle is not allowed at limit unless allowInLimit is set' };
  return null;
}

/**
 * Which seat may straddle next, given the dealing order (from the button's left), the blinds and the
 * straddles already posted. Returns the allowed seats (empty when none may).
 */
export function straddleSeats(
  o: StraddleOption,
  hand: {
    dealingOrder: readonly number[];
    button: number;
    smallBlindSeat: number | null;
    bigBlindSeat: number;
    straddles: readonly number[];
  },
): number[] {
  const order = hand.dealingOrder;
  if (order.length < o.minPlayersDealt || hand.straddles.length >= o.maxStraddles) return [];
  const blinds = new Set([hand.smallBlindSeat, hand.bigBlindSeat]);
  const after = (seat: number) => order[(order.indexOf(seat) + 1) % order.length];
  if (hand.straddles.length > 0) {
    // A re-straddle comes from the player left of the last straddler.
    const next = after(hand.straddles[hand.straddles.length - 1]);
    return blinds.has(next) || hand.straddles.includes(next) ? [] : [next];
  }
  const utg = after(hand.bigBlindSeat);
  const seats = new Set<number>();
  if (!blinds.has(utg)) seats.add(utg);
  if (o.positions === 'utg-or-button' && !blinds.has(hand.button) && order.includes(hand.button)) seats.add(hand.button);
  if (o.positions === 'any') for (const s of order) if (!blinds.has(s)) seats.add(s);
  return [...seats];
}

/** Seats that may straddle now (empty when none): shared by Straddle and the legal actions. */
export function straddleSeatsNow(state: TableState): number[] {
  const option = state.rules?.houseOptions.straddle;
  const hand = state.hand;
  if (!option || !hand || hand.phase !== 'forced-bets') return [];
  return straddleSeats(option, {
    dealingOrder: [...clockwiseAfter(hand.players, hand.button)].map((p) => p.seat),
    button: hand.button,
    smallBlindSeat: hand.smallBlindSeat,
    bigBlindSeat: hand.bigBlindSeat,
    straddles: hand.house.straddles,
  });
}

/** The chips a straddle costs now. */
export function straddleAmount(state: TableState): number {
  const hand = state.hand!;
  // The previous forced bet: the last straddle, else the bring-in — a kill blind when the pot is killed, so a
  // limit straddle in a kill game is a full raise at the killed limit (docs/rules.md section 5).
  const straddles = hand.house.straddles;
  let previous = state.rules!.bigBlind;
  if (straddles.length > 0) previous = playerInHand(hand, straddles[straddles.length - 1])!.live;
  else {
    for (const p of hand.players) previous = Math.max(previous, p.live);
    for (const f of hand.forcedBetsDue) if (f.live && f.kind === 'kill-blind') previous = Math.max(previous, f.amount);
  }
  return previous * state.rules!.houseOptions.straddle!.sizeMultiple;
}

const no = (code: Rejection['code'], message: string, field?: string) => reject(rejection(code, message, field));

function decideStraddle(command: StraddleCommand, state: TableState, option: StraddleOption | null): Decision<TableEvent, Rejection> {
  if (!option) return no('OPTION_NOT_ENABLED', 'Straddles are not played at this table.');
  if (!handInProgress(state)) return no('HAND_NOT_IN_PROGRESS', 'No hand is in progress.');
  const hand = state.hand!;
  if (hand.phase !== 'forced-bets') return no('OPTION_NOT_ALLOWED_NOW', 'A straddle is posted before the cards are dealt.');
  const player = playerInHand(hand, command.seat);
  if (!player) return no('NOT_IN_HAND', `Seat ${command.seat} is not in this hand.`, 'seat');
  const seats = straddleSeatsNow(state);
  if (!seats.includes(command.seat))
    return no(
      'STRADDLE_OUT_OF_TURN',
      seats.length ? `Only seat ${seats.join(' or ')} may straddle now.` : 'No straddle is allowed now.',
      'seat',
    );
  const amount = straddleAmount(state);
  if (player.stack < amount)
    return no('INSUFFICIENT_CHIPS', `A straddle here is ${amount}; seat ${command.seat} has ${player.stack}.`, 'seat');
  return accept([{ type: 'BlindPosted', seat: command.seat, kind: 'straddle', amount, live: true, allIn: amount === player.stack }]);
}

function lastStraddler(hand: HandState): number | null {
  const straddles = hand.house.straddles;
  return straddles.length > 0 ? straddles[straddles.length - 1] : null;
}

/** A button straddle in "normal-skip" order keeps the normal start and moves the straddler last (LJ). */
function skipsToLast(hand: HandState, seat: number, o: StraddleOption): boolean {
  return seat === hand.button && o.buttonStraddleOrder === 'normal-skip';
}

export const straddle = ruleModule<StraddleOption>({
  forcedBetKinds: ['straddle'],
  // PHH and OHH have straddles of their own: nothing to note.
  formats: { forcedBets: { straddle: { ohh: 'Straddle', note: null } } },
  recordedWhenOff: true,
  name: 'straddle',
  handSliceStart: { straddles: Object.freeze([]) as readonly number[] },
  rejectionCodes: ['STRADDLE_OUT_OF_TURN'],
  where: 'houseOptions',
  params: (rules) => rules.houseOptions.straddle,
  defaults: DEFAULT_STRADDLE,
  schema: STRADDLE_SCHEMA,
  validate: (o, ctx) =>
    validateStraddle(o, { limit: ctx.structure === 'fixed-limit' || ctx.structure === 'spread-limit', tournament: ctx.tournament }),
  commandSchemas: STRADDLE_COMMANDS,
  // A straddle is the core's BlindPosted of this module's kind.
  commandFor: (first) => (first.type === 'BlindPosted' && first.kind === 'straddle' ? { type: 'Straddle', seat: first.seat } : null),
  commands: {
    Straddle: {
      actsForHandSeat: true,
      outOfTurn: true,
      decide: (command, state, o) => decideStraddle(command as StraddleCommand, state, o),
      commandFor: (action) => ({ type: 'Straddle', seat: action.seat! }),
    },
  },
  evolve: {
    BlindPosted: (state, e) => (e.kind === 'straddle' ? houseWith(state, { straddles: [...state.hand!.house.straddles, e.seat] }) : state),
  },
  dealerDeals: () => true,
  legalActions: (state, moment) => {
    if (moment !== 'before-deal') return NO_ACTIONS;
    const actions: StraddleLegalAction[] = [];
    for (const seat of straddleSeatsNow(state)) {
      const amount = straddleAmount(state);
      if (playerInHand(state.hand!, seat)!.stack >= amount) actions.push({ type: 'Straddle', seat, amount });
    }
    return actions;
  },
  preflop: (hand, rules, setup, o) => {
    const seat = lastStraddler(hand);
    const round = setup.round;
    return {
      // The action starts left of the last straddler, who acts last (RRoP NL #2); a button straddler in
      // normal-skip order keeps the anchor and moves to the end instead.
      anchor: seat === null || skipsToLast(hand, seat, o) ? setup.anchor : seat,
      last: seat !== null && skipsToLast(hand, seat, o) ? [...setup.last, seat] : setup.last,
      // A straddle is the new bring-in, so the next raise adds at least the straddle (RRoP NL #2), unless the house
      // follows pokerkit's big-blind basis; a limit straddle counts toward the cap (docs/rules.md section 5).
      round: {
        currentBet: round.currentBet,
        lastFullIncrement: o.minRaiseBasis === 'big-blind' ? rules.bigBlind : round.lastFullIncrement,
        lastFullLevel: round.lastFullLevel,
        fullRaises: round.fullRaises + hand.house.straddles.length,
      },
      skipBetting: setup.skipBetting,
    };
  },
});

const NO_ACTIONS: readonly StraddleLegalAction[] = Object.freeze([]);

/** This module's part of the core's records (table/extensions.ts): declaration merging, so the core imports no module. */
/* eslint-disable @typescript-eslint/no-empty-object-type -- an interface merged with this module's slice */
declare module '../table/extensions' {
  interface HouseCommands {
    straddle: StraddleCommand;
  }
  interface HouseLegalActions {
    straddle: StraddleLegalAction;
  }
  interface HouseForcedBetKinds {
    straddle: 'straddle';
  }
  interface HouseRejectionCodes {
    straddle: 'STRADDLE_OUT_OF_TURN';
  }
  interface HouseHandSlice extends StraddleHandSlice {}
  interface HouseOptions {
    readonly straddle: StraddleOption | null;
  }
}
