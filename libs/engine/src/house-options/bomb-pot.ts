import { z } from 'zod';
import { optionVersion, wholeNumber } from './option-schema';
import { accept, reject } from '../decider';
import type { ForcedBetDue } from '../table/events';
import { rejection } from '../table/rejections';
import { handInProgress, houseWith, tableWith } from '../table/state';
import type { TableRules } from '../table/rules';
import { ruleModule } from './rule-module';
import { chipsSchema } from '../table/event-schemas';
import type { InferEach, InferShape } from '../table/schema-types';

/**
 * Bomb pot (docs/house-options.md "Bomb pot"). By table rule (every Nth hand) or the floor's call (`CallBombPot`),
 * every player dealt in posts the same ante, nobody posts a blind, there is no preflop betting and the flop comes at
 * once. The bomb pot counts as a hand: the button and blind positions move on as after any hand. A player who owes
 * a post to come in pays it too, dead (there is no preflop betting for a live post to count in). Cash games only.
 *
 * Interactions: refused with straddles, the kill game and the kill pot (house-options.ts conflicts: a bomb pot has no
 * preflop betting to straddle or kill). The table's own antes are still added by the core (docs/house-options.md).
 */
const ANTE = 'the ante is a whole number of chips above zero, or null for one big blind';
const EVERY = 'a bomb pot comes every 2nd hand or less often, or only when the floor calls one (null)';

/** The option's parameters, their checks and their defaults (the floor's sentence for each field). */
export const BOMB_POT_SCHEMA = z.strictObject({
  version: optionVersion('the bomb pot option version is 1'),
  /** Chips each player puts in; null: one big blind. */
  ante: wholeNumber(ANTE, 1).nullable().default(null),
  /** Every hand whose number is a multiple of this is a bomb pot; null: only when the floor calls one. */
  everyNthHand: wholeNumber(EVERY, 2).nullable().default(null),
});
export type BombPotOption = Readonly<z.output<typeof BOMB_POT_SCHEMA>>;

export const DEFAULT_BOMB_POT: BombPotOption = Object.freeze(BOMB_POT_SCHEMA.parse({}));

/** The forced-bet kind a bomb pot's ante is posted as. */
export const BOMB_POT_ANTE = 'bomb-pot' as const;

/** What the schema cannot know: the rest of the rules. */
export function validateBombPot(_o: BombPotOption, ctx: { tournament: boolean }): { field: string; why: string } | null {
  return ctx.tournament ? { field: '', why: 'bomb pots are a cash-game custom, not dealt in tournaments' } : null;
}

/** The ante each player owes in a bomb pot. */
export function bombPotAnte(o: BombPotOption, bigBlind: number): number {
  return o.ante ?? bigBlind;
}

/** Whether hand `handNumber` is a bomb pot: by the table's interval, or because the floor called one. */
export function isBombPotHand(o: BombPotOption, handNumber: number, called: boolean): boolean {
  return called || (o.everyNthHand !== null && handNumber % o.everyNthHand === 0);
}

/** Forced bets of a player coming in (new player, missed blinds): paid dead in a bomb pot. */
const ENTRY_POSTS: readonly string[] = Object.freeze(['new-player', 'make-up-big', 'make-up-small']);
const BLINDS: readonly string[] = Object.freeze(['small-blind', 'big-blind']);

/** Its command: the floor calls a bomb pot for the next hand. */
export const BOMB_POT_COMMANDS = Object.freeze({ CallBombPot: z.strictObject({ type: z.literal('CallBombPot') }) });
export type CallBombPotCommand = InferEach<typeof BOMB_POT_COMMANDS>;

/** Its events, as recorded and as published on the queue (nothing in them is secret): their types are these. */
export const BOMB_POT_EVENTS = Object.freeze({
  BombPotCalled: z
    .strictObject({ type: z.literal('BombPotCalled'), handNumber: z.int() })
    .describe('the floor called a bomb pot for this (the next) hand'),
});
export type BombPotEvent = InferEach<typeof BOMB_POT_EVENTS>;

/** HandStarted's field for a bomb pot (absent on every other hand, and in every log before the option): its type is this. */
const BOMB_POT_STARTED = Object.freeze({
  bombPot: z
    .strictObject({ ante: chipsSchema() })
    .optional()
    .describe('a bomb pot: every player posts this ante, no blinds, no preflop betting'),
});
export type BombPotStarted = InferShape<typeof BOMB_POT_STARTED>;

/** Table slice: the floor called a bomb pot for the next hand. */
export interface BombPotTableSlice {
  readonly bombPotCalled: boolean;
}

/** Hand slice: this hand is a bomb pot, with this ante (null: a regular hand). */
export interface BombPotHandSlice {
  readonly bombPot: { readonly ante: number } | null;
}

function paramsOf(rules: TableRules): BombPotOption | null {
  return rules.houseOptions.bombPot ?? null;
}

export const bombPotModule = ruleModule<BombPotOption>({
  forcedBetKinds: [BOMB_POT_ANTE],
  // Live, as at the table: PHH's antes are dead money any player may win, so a short player all in for less than the
  // ante would win everyone's whole ante; written as a blind from every player, it keeps the side pot.
  formats: {
    forcedBets: {
      [BOMB_POT_ANTE]: {
        name: 'the bomb-pot ante',
        ohh: 'Post Ante',
        live: true,
        note: null,
        dealNote: {
          kind: 'bomb-pot',
          text: (ante) =>
            `a bomb pot: each player's live ante of ${ante} as a blind, and a check from each player with chips before the flop (the table has no preflop betting in a bomb pot)`,
        },
      },
    },
  },
  startedSchema: BOMB_POT_STARTED,
  eventSchemas: BOMB_POT_EVENTS,
  // No preflop betting to straddle or kill.
  conflicts: (options) => {
    for (const other of ['straddle', 'killGame', 'killPot'])
      if (options[other])
        return {
          field: 'bombPot',
          why: `a bomb pot has no preflop betting: it is not played with ${other === 'straddle' ? 'straddles' : 'kills'}`,
        };
    return null;
  },
  name: 'bombPot',
  handSliceStart: { bombPot: null },
  where: 'houseOptions',
  params: paramsOf,
  defaults: DEFAULT_BOMB_POT,
  schema: BOMB_POT_SCHEMA,
  validate: (o, ctx) => validateBombPot(o, ctx),
  commandSchemas: BOMB_POT_COMMANDS,
  commandFor: (first) => (first.type === 'BombPotCalled' ? { type: 'CallBombPot' } : null),
  commands: {
    CallBombPot: {
      actsForHandSeat: false,
      // The house calls a bomb pot (it changes the next hand's terms), not the dealer.
      sentBy: 'floor-only',
      decide(_command, state, params) {
        if (params === null) return reject(rejection('OPTION_NOT_ENABLED', 'Bomb pots are not played at this table.'));
        if (handInProgress(state)) return reject(rejection('HAND_IN_PROGRESS', 'A bomb pot is called between hands, for the next hand.'));
        // Called twice before the hand is dealt: one bomb pot, nothing more to record (a double tap on the console).
        if (state.bombPotCalled) return accept([]);
        return accept([{ type: 'BombPotCalled', handNumber: state.handsPlayed + 1 }]);
      },
    },
  },
  evolve: {
    BombPotCalled: (state) => tableWith(state, { bombPotCalled: true }),
    // The call is used up by the hand it was for; the hand remembers that it is a bomb pot.
    HandStarted: (state, event) => {
      const bombPot = event.bombPot ?? null;
      if (bombPot === null && !state.bombPotCalled) return state;
      const next = bombPot === null ? state : houseWith(state, { bombPot: { ante: bombPot.ante } });
      return next.bombPotCalled ? tableWith(next, { bombPotCalled: false }) : next;
    },
  },
  forcedBets(ctx, forcedBets, params) {
    if (!isBombPotHand(params, ctx.state.handsPlayed + 1, ctx.state.bombPotCalled)) return null;
    const ante = bombPotAnte(params, ctx.rules.bigBlind);
    const bets: ForcedBetDue[] = ctx.dealt.map((seat) => ({ seat, kind: BOMB_POT_ANTE, amount: ante, live: true }));
    // No blinds; what a player owes to come in is paid, dead, besides the ante.
    for (const f of forcedBets)
      if (ENTRY_POSTS.includes(f.kind)) bets.push({ seat: f.seat, kind: f.kind, amount: f.amount, live: false });
      else if (!BLINDS.includes(f.kind)) bets.push(f);
    return { forcedBets: bets, started: { bombPot: { ante } } };
  },
  preflop: (hand, _rules, setup) => (hand.house.bombPot !== null ? { ...setup, skipBetting: true } : setup),
});

/** This module's part of the core's records (table/extensions.ts): declaration merging, so the core imports no module. */
/* eslint-disable @typescript-eslint/no-empty-object-type -- an interface merged with this module's slice */
declare module '../table/extensions' {
  interface HouseCommands {
    bombPot: CallBombPotCommand;
  }
  interface HouseEvents {
    bombPot: BombPotEvent;
  }
  interface HouseForcedBetKinds {
    bombPot: typeof BOMB_POT_ANTE;
  }
  interface HouseHandStarted extends BombPotStarted {}
  interface HouseHandSlice extends BombPotHandSlice {}
  interface HouseTableSlice extends BombPotTableSlice {}
  /** Absent in rules recorded before the option existed: read as off. */
  interface HouseOptions {
    readonly bombPot?: BombPotOption | null;
  }
}
