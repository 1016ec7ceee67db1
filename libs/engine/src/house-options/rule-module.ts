/**
 * The rule-module contract: how a house option plugs into the engine. The core (table/, betting/) names no option;
 * at fixed points it asks the modules of the list given to createTableDecider (table/hooks.ts), in the list's order,
 * and only those enabled on the table (`params(rules) !== null`), except the `evolve` handlers, which see every event of their type
 * whatever the rules (an event in the log is history, and the rules may have changed since), unless the module says
 * it is idle when off (`idleWhenOff`): then its handlers of core events are skipped at tables where it is off.
 *
 * A module is one file in house-options/ with its spec. It owns:
 * - its parameters (where they live in the recorded rules, their defaults, their validation);
 * - its commands (with their shape checks and their decide) and its events (with their evolve);
 * - its slices of the state: fields of TableState, HandState and SeatState that it alone writes (declared as
 *   interfaces in its file and composed into the state records by the registry);
 * - its answers at the hooks below.
 * Interactions between options (kill with straddle, chop with rake) are the modules' business, stated in the
 * module that reads another's slice.
 *
 * Rules for every hook: pure (no clock, randomness, I/O, or module-level state), total, and cheap when the option
 * has nothing to say (return null / the input unchanged). A hook never changes a recorded event's shape: a module
 * adds optional fields or events of its own, so old logs decide and fold exactly as they were recorded.
 */
import type { Decision } from '../decider';
import type { TableRules, StructureKind } from '../table/rules';
import type { TableState, HandState, SeatState } from '../table/state';
import type { ForcedBetDue, TableEvent, TableEventType } from '../table/events';
import type { TableCommand } from '../table/commands';
import type { Rejection } from '../table/rejections';
import type { LegalAction } from '../table/legal-action';
import type { HouseHandSlice } from '../table/extensions';
import type { ZodObject, ZodRawShape, ZodType } from 'zod';
import type { PotAward } from '../betting/showdown';
import type { ModuleFormats } from './module-formats';

/** What the validator knows about the rest of the table's rules. */
export interface RulesContext {
  readonly structure: StructureKind;
  readonly tournament: boolean;
  readonly smallBlind: number;
  readonly bigBlind: number;
}

/** Why a module's parameters are refused: `field` is relative to the option ('' for the option as a whole). */
export interface RulesProblem {
  readonly field: string;
  readonly why: string;
}

/**
 * Who may send a module's command through the API (apps/api TableAccess, docs/security.md): data for the API, as
 * `note` is; the core never asks it.
 * - 'dealer-and-floor': the dealer assigned to the table, or a floor supervisor (the game's own actions);
 * - 'floor-only': a floor supervisor only (it changes the game's terms: a dealer gets 403 FORBIDDEN_ROLE);
 * - 'timer-and-floor': the timer service when a deadline passes, or a floor supervisor; never a dealer.
 */
export type CommandSenders = 'dealer-and-floor' | 'floor-only' | 'timer-and-floor';

/** A module's own command: its shape checks (run by the core before decide) and its decision. */
export interface ModuleCommand<P> {
  /** Who may send it (CommandSenders); 'dealer-and-floor' when left out. */
  readonly sentBy?: CommandSenders;
  /** The seat named may be a seat of the hand that its player has since left (like the betting actions). */
  readonly actsForHandSeat: boolean;
  /** A chip amount the command carries: checked as a whole number above zero (absent allowed when optional). */
  readonly amount?: { readonly field: string; readonly name: string; readonly optional?: true };
  /** Offered to a seat out of turn (a voluntary post before the deal): bots and the random player may take it. */
  readonly outOfTurn?: true;
  /**
   * May this command happen, and its events. `params` is null when the option is off at this table: answer
   * OPTION_NOT_ENABLED. The core appends the dealer's follow-ups (automatic events) to accepted events.
   */
  decide(command: TableCommand, state: TableState, params: P | null): Decision<TableEvent, Rejection>;
  /** The command a bot sends for one of this module's legal actions (the random player, test tables). */
  commandFor?(action: LegalAction): TableCommand;
  /**
   * What its API route's description says beyond its shape and who may send it (OpenAPI): what it does, and its
   * refusals' codes.
   */
  readonly note?: string;
}

/** How a seat stands for the next hand, as a module sees it (the first module with an answer decides). */
export type SeatEntry =
  /** Not dealt in this hand (a new player in a killed pot). */
  | { readonly kind: 'out' }
  /** Dealt in only when the big blind reaches it. */
  | { readonly kind: 'wait-for-big-blind' }
  /** Dealt in once it posts these; `barredBetweenBlindsAndButton`: not while it sits between the big blind and the button. */
  | {
      readonly kind: 'posts';
      readonly posts: readonly { readonly kind: ForcedBetDue['kind']; readonly amount: number; readonly live: boolean }[];
      readonly barredBetweenBlindsAndButton: boolean;
    };

/** What the hand planner knows when it asks for forced bets (table/positions.ts). */
export interface HandPlanContext {
  readonly state: TableState;
  readonly rules: TableRules;
  readonly button: number;
  readonly smallBlindPosition: number;
  readonly smallBlindSeat: number | null;
  readonly bigBlindSeat: number;
  /** Dealt-in seats, clockwise from the button's left. */
  readonly dealt: readonly number[];
  readonly isDealt: (seat: number) => boolean;
  /** Where the button and blinds were last hand (null on the first hand). */
  readonly last: TableState['lastPositions'];
}

/** A module's change to the forced bets of the hand being planned, and the fields it adds to HandStarted. */
export interface ForcedBetsChange {
  readonly forcedBets: readonly ForcedBetDue[];
  /** Fields of HandStarted this module owns (declared in its file, composed by the registry). */
  readonly started?: Readonly<Record<string, unknown>>;
}

/** The opening of the preflop round the core is about to build (betting/round.ts newRound's amounts). */
export interface PreflopRound {
  readonly currentBet: number;
  readonly lastFullIncrement: number;
  readonly lastFullLevel: number;
  readonly fullRaises: number;
}

/** How the preflop betting is set up (the preflop hook's answer). */
export interface PreflopSetup {
  /** The seat the action starts after. */
  readonly anchor: number;
  /** Seats moved to the end of the order, in order. */
  readonly last: readonly number[];
  readonly round: PreflopRound;
  /** No preflop betting at all (nobody owes an action; the flop comes next). */
  readonly skipBetting: boolean;
}

/** Where the core asks for legal actions: modules answer only at the moments their actions belong to. */
export type LegalMoment = 'before-deal' | 'player-to-act' | 'board-due' | 'showdown';

/**
 * What happens once betting is over for good and the rest of the board would be dealt (the all-in runout, the
 * showdown's remaining streets). null: the core deals the next street as usual.
 */
export type Runout =
  /** The hand waits for a command (e.g. the players' consent to run it twice). */
  | { readonly kind: 'wait' }
  /** No more board: the hand goes to settlement as it is (e.g. the blinds chopped). */
  | { readonly kind: 'stop' }
  /** The module deals: these events now (its own events, e.g. a second board). */
  | { readonly kind: 'events'; readonly events: readonly TableEvent[] };

/**
 * Where a hand's settlement stands (table/dealer.ts settle), once the uncalled bet is back: the steps in the order
 * the core takes them, each with the answer so far, which every enabled module's `settle` returns, changed or not.
 */
export type Settlement =
  /**
   * Before any pot is awarded: events the modules record first (the rake, a drop), one at a time: the core records the
   * first of the answer and asks again, so a module sees the earlier ones folded (a drop measured after the rake).
   */
  | { readonly step: 'take'; readonly events: readonly TableEvent[] }
  /** Chips each pot has already given up (the rake), which its winners do not get: each module adds its own per pot. */
  | { readonly step: 'held'; readonly held: readonly number[] }
  /**
   * The pots' awards: the core's (each pot less what it holds back: `held`, the `held` step's answer); a module may
   * replace them (run it twice), paying out no more of each pot than the pot less `held`.
   */
  | { readonly step: 'award'; readonly awards: readonly PotAward[]; readonly held: readonly number[] }
  /** After the final awards, before HandEnded: events appended (the kill button, the runs, a bounty). */
  | { readonly step: 'after'; readonly awards: readonly PotAward[]; readonly events: readonly TableEvent[] };

/** When a table's deadline falls (ISO-8601 UTC) and the command the timer service sends then. */
export interface ModuleDeadline {
  readonly deadline: string;
  readonly command: TableCommand;
}

/**
 * The deadlines a module's events set at a table (the shot clock's), for the timer service (apps/worker): at the
 * deadline it sends the command once, unless an event that ends it came first. One deadline per table: each event of
 * `setBy` replaces the one before. Data for a reader outside the engine, as `formats` is; the core never asks it.
 */
export interface ModuleDeadlines {
  /** Its events that set the deadline, by type: it, or null where the event's fields do not say it (never guessed). */
  readonly setBy: { readonly [type: string]: (event: { readonly [field: string]: unknown }) => ModuleDeadline | null };
  /** The events (its own and the core's) after which the deadline set before no longer stands. */
  readonly endedBy: readonly string[];
}

/** What a module's exportNotes hook is given: one exported hand. */
export interface ExportNotesContext {
  /** The hand's events in log order, HandStarted to HandEnded (every module's and the core's). */
  readonly events: readonly { readonly type: string }[];
  readonly format: 'phh' | 'ohh';
  /** How the export names the player at a seat (PHH's player names, OHH's ids). */
  readonly playerOf: (seat: number) => string;
}

/**
 * A house option. Every hook is optional; the core calls only enabled modules' hooks (params non-null), in the
 * registry's order, with the module's parameters.
 */
export interface RuleModule<P> {
  /**
   * Its fields of the hand's slice (HandState.house, declared in its file by merging into table/extensions.ts's
   * HouseHandSlice) at their values when a hand starts, before its HandStarted handler (also when it is off).
   */
  readonly handSliceStart?: Partial<HouseHandSlice>;
  /**
   * Its own events' schemas for the queue's published contract (apps/worker/src/contract), by event type: a zod
   * object of the event with its `type`, as the public may see it (a module's event shows no card a player did not
   * show). Published closed: a member the schema does not declare fails every consumer's validation.
   */
  readonly eventSchemas?: { readonly [type: string]: ZodObject };
  /** Its fields of HandStarted (startedDefaults) in zod, as published: the contract's HandStarted adds them. */
  readonly startedSchema?: ZodRawShape;
  /** The forced-bet kinds it posts (declared in table/extensions.ts's HouseForcedBetKinds): the contract lists them. */
  readonly forcedBetKinds?: readonly string[];
  /**
   * A module recorded in the rules themselves (`where: 'rules'`): its parameters as recorded, for the contract's
   * rules (a module in rules.houseOptions is published with its `schema`).
   */
  readonly recordedSchema?: ZodType;
  /** Its own rejection codes (declared in its file in table/extensions.ts's HouseRejectionCodes): the engine lists them. */
  readonly rejectionCodes?: readonly string[];
  /** The option's name: its key in rules.houseOptions, or in the rules themselves (`where`). */
  readonly name: string;
  /**
   * Where its parameters are recorded: rules.houseOptions[name] (off unless the table asks for it), or
   * rules[name] (always on, with defaults: missed blinds, which came before houseOptions).
   */
  readonly where: 'houseOptions' | 'rules';
  /**
   * The module's parameters in recorded rules; null when the option is off at this table. A function of the rules
   * alone: the engine asks it once per rules record and keeps the answer (table/hooks.ts composed).
   */
  params(rules: TableRules): P | null;
  /** The parameters `true` switches on; an object given by the client overrides some of them. */
  readonly defaults: P;
  /**
   * Off, the module is at rest: its slices keep their resting values at a table whose rules leave it off, so its
   * evolve handlers of core event types would return the state they are given (its own events happen only while it
   * is on, and rules change only between hands, once it is at rest). The registry then skips those handlers
   * instead of calling them for every event of every table (the shot clock's "the running clock is over" on every
   * betting action). registry.spec.ts checks the claim over random hands. Its own events still fold whatever the
   * rules (the log is history).
   */
  readonly idleWhenOff?: true;
  /**
   * Its parameters' shape in zod, with their defaults (`defaults` is what it makes of `{}`): a strict object, so an
   * unknown parameter is refused; each check's message is the sentence the floor reads (`{ error: '…' }`). When a
   * module has one, the engine parses the parameters given (over the defaults) with it instead of its generic
   * checks of unknown parameters and kinds; `validate` then checks only what depends on the rest of the rules.
   */
  readonly schema?: ZodObject;
  /** What the parameters may not be, given the rest of the rules (and everything, for a module without a schema). */
  validate?(params: P, ctx: RulesContext): RulesProblem | null;
  /**
   * Why this option may not be played with the others switched on (`options`: each house option's parameters by
   * name, null or absent when off), with `field` relative to rules.houseOptions; asked only when this one is on, in
   * the list's order after every option's own validation. The module that knows the clash says so.
   */
  conflicts?(options: Readonly<Record<string, unknown>>): RulesProblem | null;
  /**
   * Recorded as null in rules.houseOptions when off (the options older than the others, whose rules were always
   * written so); an option without it is left out of the rules when off, so older rules read as they were recorded.
   */
  readonly recordedWhenOff?: true;
  /**
   * A line for hand histories (felt play, felt replay) about one of this module's own events, with players named by
   * `playerOf(seat)`; null for an event it has nothing to say about. Shows nothing the event does not hold.
   */
  describe?(event: { readonly type: string }, playerOf: (seat: number) => string): string | null;
  /**
   * Notes for a hand's exports (PHH, OHH) where the format cannot say what this module did (a bounty paid, an ante
   * posted by the button for everyone). The exporter (libs/formats) calls it once per exported hand in which the
   * option was on (`params`: the module's parameters from the rules the hand was played under, as every hook gets
   * them), with every event of the hand in log order (the module picks its own and the core's it cares about), the
   * format asked for, and players named by `playerOf(seat)`; it writes the lines where the format keeps free text
   * (PHH: a comment or a user-defined field; OHH: the hand's notes). Returns [] when it has nothing to say. Pure,
   * and shows nothing the events do not hold (no card a player did not show).
   */
  exportNotes?(hand: ExportNotesContext, params: P): readonly string[];
  /** How its events and forced bets read in the formats (ModuleFormats): data, asked whether the option is on or off. */
  readonly formats?: ModuleFormats;

  // --- Commands and events ------------------------------------------------------------------------------------
  /**
   * Its commands' shapes in zod, by type: strict objects with their `type`, each problem with the sentence the floor
   * reads. The module's command types are theirs (schema-types.ts InferEach, merged into HouseCommands); the
   * table-script format and the API's bodies and OpenAPI compose them (libs/formats). A module without them (a
   * casino's own) has its commands accepted with any fields there, and checked by its decide alone.
   */
  readonly commandSchemas?: { readonly [type: string]: ZodObject };
  /** The commands this module decides, by type (their types are in the registry's HouseCommand union). */
  readonly commands?: { readonly [type: string]: ModuleCommand<P> };
  /**
   * Folds events. For the module's own event types this is the whole evolve; for core event types it runs after
   * the core's evolve, on the state the core produced (e.g. HandStarted: set the module's hand slice). Runs for
   * every event of the type, whatever the rules; `params` is null when the option is off.
   */
  readonly evolve?: {
    readonly [T in TableEventType]?: (state: TableState, event: Extract<TableEvent, { type: T }>, params: P | null) => TableState;
  };
  /**
   * The command that recorded this event first (one append is one command's decision), rebuilt from the event alone,
   * so a regulator can decide it again and compare (libs/regulator command-for-events.ts). `first` is the group's
   * first event, `lastType` the type of its last. Asked, in the list's order, for every event type the core does not
   * own and for the core's BlindPosted (a forced bet of its own kind); null: not this module's, or an event its
   * dealer records by itself.
   */
  commandFor?(first: TableEvent, lastType: string): TableCommand | null;
  /**
   * The chips one of its own events puts on the table (negative: takes off) other than through a pot or the core's
   * buy-ins, add-ons and cash-outs (the chip race's colour-up); the regulator's ledger counts them. 0 otherwise.
   */
  chipsMoved?(event: TableEvent): number;
  /** The deadlines its events set for the timer service (ModuleDeadlines). */
  readonly deadlines?: ModuleDeadlines;

  // --- Before the deal ----------------------------------------------------------------------------------------
  /** How this seat enters the next hand; null: no say (the core deals a ready seat in). First answer wins. */
  seatEntry?(seat: SeatState, ctx: { readonly state: TableState; readonly gameRunning: boolean }, params: P): SeatEntry | null;
  /**
   * Forced bets before the deal: given the core's (blinds, make-ups, posts owed) before the antes, this module's
   * change. Modules chain in registry order; then the core adds the antes.
   */
  forcedBets?(ctx: HandPlanContext, forcedBets: readonly ForcedBetDue[], params: P): ForcedBetsChange | null;
  /**
   * Fields of HandStarted this module records in every hand, with their values when it has nothing to say (also
   * when it is off): every HandStarted since the module existed carries them, and a replay decides the same event.
   */
  readonly startedDefaults?: Readonly<Record<string, unknown>>;
  /** Voluntary posts exist before the deal, so the dealer says Deal (the last blind does not deal). */
  dealerDeals?(params: P): boolean;
  /** Why this seat may not leave or sit out now (e.g. it owes the kill blind); null: no objection. */
  seatMayGo?(state: TableState, seat: number, how: 'leave' | 'sit-out' | 'change-seat', params: P): Rejection | null;

  // --- Preflop ------------------------------------------------------------------------------------------------
  /**
   * The preflop order and round, when the hole cards are out: given the setup so far (the core's: after the big
   * blind, nobody moved last, the round's opening amounts, betting on), this module's. Chained in the list's order:
   * a straddle moves the anchor and the bring-in, a killer acts last, a bomb pot skips the betting.
   */
  preflop?(hand: HandState, rules: TableRules, setup: PreflopSetup, params: P): PreflopSetup;

  // --- During the hand ----------------------------------------------------------------------------------------
  /**
   * Limits for a hand: the module sets `hand.limitPercent` (betting limits as a percentage of the table's) in its
   * evolve (HandStarted, or its own event); betting/limits.ts scales by it. No hook is called per bet.
   */
  /** This module's legal actions at this moment, after the core's (exactly what its commands' decide accepts). */
  legalActions?(state: TableState, moment: LegalMoment, params: P): readonly LegalAction[];
  /** Betting is over for good and the board would be run out: see Runout. First non-null answer wins. */
  runout?(state: TableState, hand: HandState, params: P): Runout | null;

  // --- Settlement ---------------------------------------------------------------------------------------------
  /**
   * The hand's settlement, asked at each of its steps (see Settlement) with the answer so far: return it changed, or
   * as it was for a step this module has nothing to say about. Chained in the list's order, as `preflop`.
   */
  settle?(state: TableState, hand: HandState, settlement: Settlement, params: P): Settlement;

  // --- After any command --------------------------------------------------------------------------------------
  /**
   * Events that follow an accepted command that recorded something, after its own events and the dealer's
   * follow-ups: `before` is the state the command was decided on, `after` the state those events lead to (e.g. a
   * clock for the player now to act). Modules add in registry order, each seeing the others' events folded.
   * Nothing is added to a command that recorded nothing (a rule replay rebuilds a command from its first event).
   */
  afterCommand?(command: TableCommand, before: TableState, after: TableState, params: P): readonly TableEvent[];
}

/** A module of any parameters, as the registry lists them (each module's hooks get its own parameters). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRuleModule = RuleModule<any>;

/**
 * A module's file declares its object with this: it checks the object against the contract and freezes it (with
 * its commands and evolve handlers), so no module carries state from call to call.
 */
export function ruleModule<P>(module: RuleModule<P>): RuleModule<P> {
  if (module.commands) {
    for (const spec of Object.values(module.commands)) Object.freeze(spec);
    Object.freeze(module.commands);
  }
  if (module.evolve) Object.freeze(module.evolve);
  if (module.formats) {
    for (const part of Object.values(module.formats)) Object.freeze(part);
    Object.freeze(module.formats);
  }
  if (module.deadlines) {
    Object.freeze(module.deadlines.setBy);
    Object.freeze(module.deadlines.endedBy);
    Object.freeze(module.deadlines);
  }
  return Object.freeze(module);
}
