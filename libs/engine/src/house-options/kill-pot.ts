/**
 * Kill pot, voluntary (docs/rules.md Part A "Kill pot"): before the deal a player posts a live overblind of twice the
 * big blind and the limits double for the hand; some games allow a larger kill, at most half the player's
 * stack. The killer acts last preflop. In no limit and pot limit there are no limits to double, so the table
 * must opt in with `overblindOnly`: the overblind then only sets the bring-in (section 5, unsourced).
 *
 * As a rule module: the `KillPot` command (a KillPotPosted event), offered before the deal, so the dealer says
 * Deal; the killer's seat is the kill slice of kill-game.ts (one kill per deal: a table may not run both, see
 * house-options.ts) and the killer acts last preflop. With a straddle: the straddle doubles the kill (straddle.ts).
 */
import { z } from 'zod';
import { flag, oneOf, optionVersion } from './option-schema';
import { accept, reject, type Decision } from '../decider';
import { rejection, type Rejection } from '../table/rejections';
import { handInProgress, handWith, playerInHand, playerWith, tableWith, type TableState, type HandPlayer } from '../table/state';
import type { TableEvent } from '../table/events';
import { KILL_POT_RECORD } from './kill-pot-record';
import { ruleModule } from './rule-module';
import { chipsField } from '../table/rules-input';
import { seatField } from '../table/command-schemas';
import type { InferEach } from '../table/schema-types';
import { chipsSchema, seatSchema } from '../table/event-schemas';

/** Its command: a seat posts a kill before the deal (amount: the kill blind's size; the table's when left out). */
export const KILL_POT_COMMANDS = Object.freeze({
  KillPot: z.strictObject({ type: z.literal('KillPot'), seat: seatField(), amount: chipsField('amount').optional() }),
});
export type KillPotCommand = InferEach<typeof KILL_POT_COMMANDS>;
/** Its events, as recorded and as published on the queue (nothing in them is secret): their types are these. */
export const KILL_POT_EVENTS = Object.freeze({
  KillPotPosted: z.strictObject({ type: z.literal('KillPotPosted'), seat: seatSchema(), amount: chipsSchema(), limitPercent: z.int() }),
});
export type KillPotPostedEvent = InferEach<typeof KILL_POT_EVENTS>;
export type KillPotLegalAction = {
  readonly type: 'KillPot';
  readonly seat: number;
  readonly min: number;
  readonly max: number;
  readonly step: number;
};

/** The option's parameters, their checks and their defaults (the floor's sentence for each field). */
export const KILL_POT_SCHEMA = z.strictObject({
  version: optionVersion('the kill pot option version is 1'),
  /** double: exactly 2 big blinds; up-to-half-stack: any whole multiple of the big blind from 2 up to half the stack. */
  size: oneOf(['double', 'up-to-half-stack'], 'double or up-to-half-stack').default('double'),
  /** Allows the overblind in no limit / pot limit, where it changes the bring-in only. */
  overblindOnly: flag().default(false),
});
export type KillPotOption = Readonly<z.output<typeof KILL_POT_SCHEMA>>;

export const DEFAULT_KILL_POT: KillPotOption = Object.freeze(KILL_POT_SCHEMA.parse({}));

/** What the schema cannot know: the rest of the rules. */
export function validateKillPot(o: KillPotOption, ctx: { structure: string }): { field: string; why: string } | null {
  const bigBet = ctx.structure === 'no-limit' || ctx.structure === 'pot-limit';
  if (bigBet && !o.overblindOnly)
    return {
      field: 'overblindOnly',
      why: 'a kill in no limit or pot limit needs the overblindOnly option (there are no limits to double)',
    };
  return null;
}

/** The amounts a KillPot may be: [min, max] in chips, or null when the player cannot cover the smallest kill. */
export function killPotBounds(o: KillPotOption, bigBlind: number, stack: number): { min: number; max: number } | null {
  const min = 2 * bigBlind;
  if (stack < min) return null;
  if (o.size === 'double') return { min, max: min };
  const max = Math.max(min, Math.floor(Math.floor(stack / 2) / bigBlind) * bigBlind);
  return { min, max };
}

/** The amounts seat `seat` may kill for now, or a rejection: shared by KillPot and the legal actions. */
export function killPotCheck(state: TableState, seat: number): { min: number; max: number } | Rejection {
  const rules = state.rules!;
  const option = rules.houseOptions.killPot;
  if (!option) return rejection('OPTION_NOT_ENABLED', 'Kill pots are not played at this table.');
  if (!handInProgress(state)) return rejection('HAND_NOT_IN_PROGRESS', 'No hand is in progress.');
  const hand = state.hand!;
  if (hand.phase !== 'forced-bets') return rejection('OPTION_NOT_ALLOWED_NOW', 'A kill is posted before the cards are dealt.');
  if (hand.house.killSeat !== null)
    return rejection('OPTION_NOT_ALLOWED_NOW', `Seat ${hand.house.killSeat} already killed this pot; one kill per deal.`);
  const player = playerInHand(hand, seat);
  if (!player) return rejection('NOT_IN_HAND', `Seat ${seat} is not in this hand.`, 'seat');
  const bounds = killPotBounds(option, rules.bigBlind, player.stack + player.committed);
  if (!bounds || player.stack + player.live < bounds.min)
    return rejection('INSUFFICIENT_CHIPS', `A kill is at least ${2 * rules.bigBlind}; seat ${seat} cannot cover it.`, 'seat');
  return bounds;
}

function decideKillPot(command: KillPotCommand, state: TableState): Decision<TableEvent, Rejection> {
  const bounds = killPotCheck(state, command.seat);
  if ('code' in bounds) return reject(bounds);
  const rules = state.rules!;
  const amount = command.amount ?? bounds.min;
  if (amount < bounds.min || amount > bounds.max || amount % rules.bigBlind !== 0)
    return reject(
      rejection(
        'INVALID_AMOUNT',
        `The kill must be ${bounds.min === bounds.max ? bounds.min : `a multiple of ${rules.bigBlind} from ${bounds.min} to ${bounds.max}`}.`,
        'amount',
      ),
    );
  const bigBetGame = rules.structure.kind === 'no-limit' || rules.structure.kind === 'pot-limit';
  return accept([{ type: 'KillPotPosted', seat: command.seat, amount, limitPercent: bigBetGame ? 100 : (amount * 100) / rules.bigBlind }]);
}

/** The kill is the killer's live total: what they already posted counts toward it, and it replaces their blind. */
function killPosted(state: TableState, e: KillPotPostedEvent): TableState {
  const hand = state.hand!;
  const forcedBetsDue = hand.forcedBetsDue.filter((f) => !(f.seat === e.seat && (f.kind === 'small-blind' || f.kind === 'big-blind')));
  const players = hand.players.map((p) => (p.seat === e.seat ? putInKill(p, e.amount) : p));
  if (!players.some((p) => p.seat === e.seat)) throw new Error(`corrupt stream: seat ${e.seat} is not in the hand`);
  // The killer's seat is the kill game's slice (kill-game.ts records it from this event, before this handler).
  const killed = handWith(hand, { forcedBetsDue, players, limitPercent: e.limitPercent });
  return tableWith(state, { hand: killed });
}

function putInKill(p: HandPlayer, to: number): HandPlayer {
  const added = to - p.live;
  return playerWith(p, {
    stack: p.stack - added,
    live: to,
    committed: p.committed + added,
    allIn: p.stack - added === 0,
    forced: p.forced + to - p.live,
  });
}

export const killPot = ruleModule<KillPotOption>({
  forcedBetKinds: ['kill-pot'],
  formats: {
    forcedBets: {
      'kill-pot': {
        note: {
          kind: 'kill',
          replaysDifferently: true,
          text: (player, amount) => `${player} kills the pot for ${amount}, written as a straddle; PHH has no kill`,
        },
      },
    },
    ...KILL_POT_RECORD,
  },
  eventSchemas: KILL_POT_EVENTS,
  recordedWhenOff: true,
  conflicts: (options) =>
    options.killGame ? { field: 'killPot', why: 'one kill per deal: choose the triggered kill game or the voluntary kill pot' } : null,
  name: 'killPot',
  where: 'houseOptions',
  params: (rules) => rules.houseOptions.killPot,
  defaults: DEFAULT_KILL_POT,
  schema: KILL_POT_SCHEMA,
  validate: (o, ctx) => validateKillPot(o, ctx),
  commandSchemas: KILL_POT_COMMANDS,
  commandFor: (first) => (first.type === 'KillPotPosted' ? { type: 'KillPot', seat: first.seat, amount: first.amount } : null),
  commands: {
    KillPot: {
      actsForHandSeat: true,
      amount: { field: 'amount', name: 'amount', optional: true },
      outOfTurn: true,
      decide: (command, state) => decideKillPot(command as KillPotCommand, state),
      commandFor: (action) => ({ type: 'KillPot', seat: action.seat!, amount: (action as KillPotLegalAction).min }),
    },
  },
  evolve: { KillPotPosted: killPosted },
  dealerDeals: () => true,
  legalActions: (state, moment) => {
    if (moment !== 'before-deal') return NO_ACTIONS;
    const actions: KillPotLegalAction[] = [];
    for (const p of state.hand!.players) {
      const bounds = killPotCheck(state, p.seat);
      if (!('code' in bounds))
        actions.push({ type: 'KillPot', seat: p.seat, min: bounds.min, max: bounds.max, step: state.rules!.bigBlind });
    }
    return actions;
  },
  // The killer acts last preflop (kill-game.ts's killerAction does not apply: a kill pot table has no kill game).
  preflop: (hand, _rules, setup) => (hand.house.killSeat !== null ? { ...setup, last: [...setup.last, hand.house.killSeat] } : setup),
});

const NO_ACTIONS: readonly KillPotLegalAction[] = Object.freeze([]);

/** This module's part of the core's records (table/extensions.ts): declaration merging, so the core imports no module. */
declare module '../table/extensions' {
  interface HouseCommands {
    killPot: KillPotCommand;
  }
  interface HouseEvents {
    killPot: KillPotPostedEvent;
  }
  interface HouseLegalActions {
    killPot: KillPotLegalAction;
  }
  interface HouseForcedBetKinds {
    killPot: 'kill-pot';
  }
  interface HouseOptions {
    readonly killPot: KillPotOption | null;
  }
}
