/**
 * Kill game, triggered (docs/rules.md Part A "Kill game"; Part B H2; RRoP §13). A player who wins two pots in a row
 * (the kill button marks the first leg) kills the next hand: the limits go up 2x (full kill) or 1.5x (half
 * kill) and the killer posts a live kill blind equal to the new lower limit, which replaces their own blind
 * when one is due. The killer acts last preflop (the seeds' default) or in turn.
 * Limit games only: a kill has no limits to scale in no limit or pot limit (section 5), so such a table is refused.
 *
 * As a rule module: the kill button is this module's table slice (`kill`, carried from hand to hand, moved by
 * KillButtonChanged after the awards); the kill blind is its forced bet before the deal and `kill` its field of
 * HandStarted; the killer's seat (`killSeat`, this module's: it records kill-pot.ts's killer too, one kill per deal) and the limits
 * (`limitPercent`) are set when HandStarted is folded. A new player may not play a killed pot; the killer may not
 * leave or sit out before posting. With chop (chop.ts): a chopped hand leaves the kill button as it was; a chop
 * is refused while a kill is in. With a straddle: the straddle doubles the kill blind (straddle.ts).
 */
import { z } from 'zod';
import { flag, oneOf, optionVersion, wholeNumber } from './option-schema';
import { rejection } from '../table/rejections';
import { handWith, houseWith, tableWith, type HandState, type SeatState, type TableState } from '../table/state';
import type { TableRules } from '../table/rules';
import type { PotAward } from '../betting/showdown';
import type { TableEvent } from '../table/events';
import { ruleModule } from './rule-module';
import type { InferEach, InferShape } from '../table/schema-types';
import { seatSchema } from '../table/event-schemas';

/** The kill button, carried from hand to hand (TableState). */
export interface KillTableSlice {
  readonly kill: KillState;
}

/** The killer of this hand, triggered or voluntary (kill-pot.ts), who acts last preflop unless the house says in turn (HandState.house). */
export interface KillHandSlice {
  readonly killSeat: number | null;
}

/** HandStarted's field: a triggered kill, the killer and the limits as a percentage of the table's (200 full, 150 half). */
const KILL_STARTED = Object.freeze({ kill: z.strictObject({ seat: seatSchema(), limitPercent: z.int() }).nullable() });
export type KillHandStarted = InferShape<typeof KILL_STARTED>;

/** Its events, as recorded and as published on the queue (nothing in them is secret): their types are these. */
export const KILL_GAME_EVENTS = Object.freeze({
  KillButtonChanged: z.strictObject({
    type: z.literal('KillButtonChanged'),
    holder: seatSchema().nullable(),
    killer: seatSchema().nullable(),
  }),
});
export type KillButtonChangedEvent = InferEach<typeof KILL_GAME_EVENTS>;

/** The option's parameters, their checks and their defaults (the floor's sentence for each field). */
export const KILL_GAME_SCHEMA = z.strictObject({
  version: optionVersion('the kill option version is 1'),
  /** full: limits x2 (kill blind 2 big blinds); half: x1.5. */
  mode: oneOf(['full', 'half'], 'the kill is full or half').default('full'),
  /** consecutive-pots: two pots in a row (default); pot-size: a single pot of at least `minPotInBigBets` big bets. */
  trigger: oneOf(['consecutive-pots', 'pot-size'], 'the trigger is consecutive-pots or pot-size').default('consecutive-pots'),
  /** The second leg must win at least this many full bets (small bets) of other players' money, blinds not counted (RRoP #3). */
  secondLegMinBets: wholeNumber('a whole number of bets', 0).default(1),
  minPotInBigBets: wholeNumber('a whole number of big bets, at least 1', 1).default(10),
  /** Only pots where a flop was seen count (AZ, PSS). */
  requireFlop: flag().default(false),
  /** last: the killer acts last preflop (seeds, default); in-turn: normal order (RRoP #2). */
  killerAction: oneOf(['last', 'in-turn'], 'last or in-turn').default('last'),
  /** No kill with fewer players dealt (section 5 recommends 3). */
  minPlayers: wholeNumber('from 2 to 10 players', 2, 10).default(3),
});
export type KillGameOption = Readonly<z.output<typeof KILL_GAME_SCHEMA>>;

export const DEFAULT_KILL_GAME: KillGameOption = Object.freeze(KILL_GAME_SCHEMA.parse({}));

/** What the schema cannot know: the rest of the rules. */
export function validateKillGame(_o: KillGameOption, ctx: { structure: string }): { field: string; why: string } | null {
  if (ctx.structure !== 'fixed-limit' && ctx.structure !== 'spread-limit')
    return { field: '', why: 'a kill game needs limits to scale: use fixed or spread limit (no limit and pot limit have none)' };
  return null;
}

/** Limits as a percentage of the table's: 200 for a full kill, 150 for a half kill. */
export function killLimitPercent(o: KillGameOption): number {
  return o.mode === 'full' ? 200 : 150;
}

/** The kill button: who holds a leg, and who kills the next hand. */
export interface KillState {
  readonly holder: { readonly seat: number; readonly playerId: string } | null;
  readonly killer: { readonly seat: number; readonly playerId: string } | null;
}

export const NO_KILL: KillState = Object.freeze({ holder: null, killer: null });

export interface HandResult {
  /** Every seat that won chips from a pot. */
  readonly winners: readonly { readonly seat: number; readonly playerId: string }[];
  /** Whether one player took every pot (a scoop). */
  readonly scooped: boolean;
  readonly flopSeen: boolean;
  /** Other players' voluntary money the winner won (their contributions less their forced bets). */
  readonly othersVoluntary: number;
  readonly potTotal: number;
  /** The killer of the hand just played, if it was killed. */
  readonly killedBy: number | null;
}

/** The kill button after a hand (RRoP §13 #1, #3, #4, #7). */
export function killStateAfterHand(o: KillGameOption, before: KillState, r: HandResult, smallBet: number, bigBet: number): KillState {
  if (!r.scooped) {
    // A split: the holder keeps the leg and a killer kills again; otherwise the button goes neutral (#1, #4).
    const winnerSeats = new Set(r.winners.map((w) => w.seat));
    const holder = before.holder && winnerSeats.has(before.holder.seat) ? before.holder : null;
    const killer = r.killedBy !== null && winnerSeats.has(r.killedBy) ? r.winners.find((w) => w.seat === r.killedBy)! : null;
    return { holder: killer ?? holder, killer };
  }
  const w = r.winners[0];
  const qualifies = !o.requireFlop || r.flopSeen;
  if (r.killedBy === w.seat) return { holder: w, killer: w }; // a killer who wins again kills again (#7)
  if (o.trigger === 'pot-size') return { holder: null, killer: qualifies && r.potTotal >= o.minPotInBigBets * bigBet ? w : null };
  if (!qualifies) return { holder: before.holder?.seat === w.seat ? before.holder : null, killer: null };
  if (before.holder?.seat === w.seat && before.holder.playerId === w.playerId && r.killedBy === null) {
    const secondLeg = r.othersVoluntary >= o.secondLegMinBets * smallBet;
    // A second pot that is too small keeps the leg without killing (a design choice; docs/rules.md §7).
    return { holder: w, killer: secondLeg ? w : null };
  }
  return { holder: w, killer: null };
}

/** The small and big bet a kill scales (big-bet games: one and two big blinds). */
function limitBets(rules: TableRules): { smallBet: number; bigBet: number } {
  const s = rules.structure;
  if (s.kind === 'fixed-limit') return { smallBet: s.smallBet, bigBet: s.bigBet };
  if (s.kind === 'spread-limit') return { smallBet: s.min, bigBet: s.max };
  return { smallBet: rules.bigBlind, bigBet: rules.bigBlind * 2 };
}

/** Whether the kill is on for the next hand: the killer is still in the seat and ready to play. */
function killOn(state: TableState): boolean {
  const killer = state.kill.killer;
  if (killer === null) return false;
  const seat = state.seats[killer.seat - 1] ?? null;
  return seat !== null && seat.playerId === killer.playerId && !seat.sittingOut && seat.stack > 0;
}

/** The kill button after the awards of a hand, as an event when it moved. */
function killButtonAfter(state: TableState, hand: HandState, awards: readonly PotAward[], o: KillGameOption): readonly TableEvent[] {
  if (hand.house.chopped) return NO_EVENTS;
  const winners = new Map<number, string>();
  for (const a of awards)
    for (const w of a.winners) if (w.amount > 0) winners.set(w.seat, hand.players.find((p) => p.seat === w.seat)!.playerId);
  const winnerSeats = [...winners.keys()];
  const others = hand.players.filter((p) => winnerSeats.length === 1 && p.seat !== winnerSeats[0]);
  const { smallBet, bigBet } = limitBets(state.rules!);
  const next = killStateAfterHand(
    o,
    state.kill,
    {
      winners: [...winners].map(([seat, playerId]) => ({ seat, playerId })),
      scooped: winners.size === 1,
      flopSeen: hand.board.length >= 3,
      othersVoluntary: others.reduce((sum, p) => sum + p.committed - p.forced, 0),
      potTotal: awards.reduce((sum, a) => sum + a.amount, 0),
      killedBy: hand.house.killSeat,
    },
    smallBet,
    bigBet,
  );
  if (next.holder?.seat === state.kill.holder?.seat && next.killer?.seat === state.kill.killer?.seat) return NO_EVENTS;
  return [{ type: 'KillButtonChanged', holder: next.holder?.seat ?? null, killer: next.killer?.seat ?? null }];
}

export const killGame = ruleModule<KillGameOption>({
  forcedBetKinds: ['kill-blind'],
  formats: {
    forcedBets: {
      'kill-blind': {
        owed: true,
        note: {
          kind: 'kill',
          replaysDifferently: true,
          text: (player, amount) =>
            `${player} posts a kill blind of ${amount}, written as a blind; PHH has no kill (nor a kill's raised limits)`,
        },
      },
    },
  },
  startedSchema: KILL_STARTED,
  eventSchemas: KILL_GAME_EVENTS,
  recordedWhenOff: true,
  name: 'killGame',
  handSliceStart: { killSeat: null },
  rejectionCodes: ['KILL_BLIND_OWED'],
  where: 'houseOptions',
  params: (rules) => rules.houseOptions.killGame,
  defaults: DEFAULT_KILL_GAME,
  schema: KILL_GAME_SCHEMA,
  validate: (o, ctx) => validateKillGame(o, ctx),
  evolve: {
    KillButtonChanged: (state, e) => {
      const who = (seat: number | null) => (seat === null ? null : { seat, playerId: state.seats[seat - 1]!.playerId });
      return tableWith(state, { kill: { holder: who(e.holder), killer: who(e.killer) } });
    },
    // New rules are a new game: the kill button goes neutral (RRoP §13 #1).
    RulesChanged: (state) => tableWith(state, { kill: NO_KILL }),
    // The kill button goes neutral when its holder quits (RRoP §13 #1).
    // The kill button goes with its holder to a new seat at the same table.
    SeatChanged: (state, e) =>
      state.kill.holder?.seat === e.from
        ? tableWith(state, { kill: { holder: { seat: e.to, playerId: state.kill.holder.playerId }, killer: state.kill.killer } })
        : state,
    PlayerLeft: (state, e) =>
      state.kill.holder?.seat === e.seat ? tableWith(state, { kill: { holder: null, killer: state.kill.killer } }) : state,
    // The killer's seat is this module's slice, whoever kills: a kill pot's killer too (kill-pot.ts, one kill per deal).
    KillPotPosted: (state, e) => houseWith(state, { killSeat: e.seat }),
    HandStarted: (state, e) => {
      const kill = (e as Partial<KillHandStarted>).kill;
      if (!kill) return state;
      const killed = houseWith(state, { killSeat: kill.seat });
      return tableWith(killed, { hand: handWith(killed.hand!, { limitPercent: kill.limitPercent }) });
    },
  },
  // A new player may not play a killed pot (RRoP §13 #12).
  seatEntry: (seat: SeatState, ctx) => (seat.isNew && ctx.gameRunning && killOn(ctx.state) ? OUT : null),
  startedDefaults: Object.freeze({ kill: null }),
  forcedBets: (ctx, forcedBets, o) => {
    const killer = ctx.state.kill.killer;
    if (!killOn(ctx.state) || !ctx.isDealt(killer!.seat) || ctx.dealt.length < o.minPlayers) return null;
    const limitPercent = killLimitPercent(o);
    // The kill blind is the new lower limit and replaces the killer's own blind (Fandom, PSS, LVA).
    const bets = forcedBets.slice();
    const blindIndex = bets.findIndex((f) => f.seat === killer!.seat && (f.kind === 'small-blind' || f.kind === 'big-blind'));
    if (blindIndex >= 0) bets.splice(blindIndex, 1);
    bets.push({ seat: killer!.seat, kind: 'kill-blind', amount: Math.floor((ctx.rules.bigBlind * limitPercent) / 100), live: true });
    return { forcedBets: bets, started: { kill: { seat: killer!.seat, limitPercent } } };
  },
  // The killer posts the kill blind even to leave (RRoP kill rule 6).
  seatMayGo: (state, seat, how) =>
    state.kill.killer?.seat === seat
      ? rejection(
          'KILL_BLIND_OWED',
          `Seat ${seat} must post the kill blind before ${HOW[how]} (RRoP kill rule 6).`,
          how === 'change-seat' ? 'from' : 'seat',
        )
      : null,
  preflop: (hand, _rules, setup, o) =>
    hand.house.killSeat !== null && o.killerAction === 'last' ? { ...setup, last: [...setup.last, hand.house.killSeat] } : setup,
  settle: (state, hand, s, o) => {
    if (s.step !== 'after') return s;
    const changed = killButtonAfter(state, hand, s.awards, o);
    return changed === NO_EVENTS ? s : { ...s, events: [...s.events, ...changed] };
  },
});

const HOW = Object.freeze({ leave: 'leaving', 'sit-out': 'sitting out', 'change-seat': 'changing seats' });
const OUT = Object.freeze({ kind: 'out' as const });
const NO_EVENTS: readonly TableEvent[] = Object.freeze([]);

/** This module's part of the core's records (table/extensions.ts): declaration merging, so the core imports no module. */
/* eslint-disable @typescript-eslint/no-empty-object-type -- an interface merged with this module's slice */
declare module '../table/extensions' {
  interface HouseEvents {
    killGame: KillButtonChangedEvent;
  }
  interface HouseForcedBetKinds {
    killGame: 'kill-blind';
  }
  interface HouseRejectionCodes {
    killGame: 'KILL_BLIND_OWED';
  }
  interface HouseHandStarted extends KillHandStarted {}
  interface HouseHandSlice extends KillHandSlice {}
  interface HouseTableSlice extends KillTableSlice {}
  interface HouseOptions {
    readonly killGame: KillGameOption | null;
  }
}
