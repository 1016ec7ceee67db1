/**
 * How the core asks the house options: `tableHooks(modules)` turns a list of rule modules into the one function per
 * hook the core calls (table/, betting/ name no option and import no module; they are handed these by
 * createTableDecider). The list's order is part of the rules (house-options/default-modules.ts says why for the
 * default set). How each hook combines the modules' answers (first answer, all answers, a chain) is said at its
 * function here and in docs/architecture.md. Only enabled modules are asked (params non-null), except for evolve,
 * which folds every recorded event of its types whatever the rules now say. Which modules are enabled is composed
 * once per rules record (`composed`), so an option that is off costs no call at all.
 */
import type { Decision } from '../decider';
import type { TableRules } from './rules';
import type { HandState, SeatState, TableState } from './state';
import type { ForcedBetDue, TableEvent } from './events';
import type { TableCommand } from './commands';
import type { Rejection } from './rejections';
import type { LegalAction } from './legal-action';
import type {
  AnyRuleModule,
  HandPlanContext,
  LegalMoment,
  ModuleCommand,
  PreflopRound,
  PreflopSetup,
  Runout,
  RulesContext,
  SeatEntry,
  Settlement,
} from '../house-options/rule-module';
import type { HouseHandSlice, HouseHandStarted, HouseRulesInput } from './extensions';
import { CORE_EVENT_TYPES } from './events';
import { normalizeHouseRules } from '../house-options/house-options';

// --- Commands --------------------------------------------------------------------------------------------------

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Command = { readonly type: string; readonly module: AnyRuleModule; readonly spec: ModuleCommand<any> };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EventHandler = (state: TableState, event: any, params: any) => TableState;
/**
 * A module's handler of one event type; `skipWhenOff`: a core event's handler of a module idle when off. Its
 * parameters are read from the composition by `index` (every handler has one shape; reading `module.params` at
 * every event was a megamorphic lookup).
 */
type Handler = {
  readonly module: AnyRuleModule;
  /** The module's place in the list: its parameters' index in a Composition. */
  readonly index: number;
  readonly evolve: EventHandler;
  readonly skipWhenOff: boolean;
};
/** What the modules do with events of one type: whether one of them owns the type, and their handlers in order. */
export interface HouseEvolution {
  readonly owned: boolean;
  readonly handlers: readonly Handler[];
}
const NO_SEATS: readonly number[] = Object.freeze([]);

/**
 * The modules enabled under one rules record, with their parameters: each hook's list holds only the modules that
 * answer it and are on, in the list's order, so the hooks of an option that is off are never called.
 */
interface Composition {
  /** Each module's parameters by its place in the list; null when it is off. */
  readonly params: readonly unknown[];
  readonly seatEntry: readonly Enabled[];
  readonly forcedBets: readonly Enabled[];
  readonly dealerDeals: readonly Enabled[];
  readonly seatMayGo: readonly Enabled[];
  readonly preflop: readonly Enabled[];
  readonly legalActions: readonly Enabled[];
  readonly runout: readonly Enabled[];
  readonly settle: readonly Enabled[];
  readonly afterCommand: readonly Enabled[];
  /** By event type, the handlers that fold it under these rules (enabledEvolution). */
  readonly evolutions: ReadonlyMap<string, HouseEvolution>;
  readonly onChecked: HouseEvolution | undefined;
  readonly onCalled: HouseEvolution | undefined;
  readonly onShown: HouseEvolution | undefined;
  readonly onBoard: HouseEvolution | undefined;
}
/** An enabled module at one hook, with its parameters under the rules composed. */
interface Enabled {
  readonly module: AnyRuleModule;
  readonly params: unknown;
}
/** The lifecycle hooks a module may answer (the contract's stages, docs/architecture.md). */
export const HOOKS = [
  'seatEntry',
  'forcedBets',
  'dealerDeals',
  'seatMayGo',
  'preflop',
  'legalActions',
  'runout',
  'settle',
  'afterCommand',
] as const;

/** The hooks of these modules, asked in this order. */
export function tableHooks(modules: readonly AnyRuleModule[]) {
  const STARTED_DEFAULTS: Readonly<Record<string, unknown>> = Object.freeze(
    Object.assign({}, ...modules.map((m) => m.startedDefaults ?? {})),
  );
  /**
   * A hand's slices at HandStarted, before the modules' HandStarted handlers: each module's starting values in one
   * shared record, so a hand no option touches allocates nothing for them (a module that changes its fields copies
   * it, state.ts houseWith).
   */
  const HAND_SLICE_START = Object.freeze(Object.assign({}, ...modules.map((m) => m.handSliceStart ?? {}))) as HouseHandSlice;

  const COMMANDS: readonly Command[] = Object.freeze(
    modules.flatMap((module) => Object.entries(module.commands ?? {}).map(([type, spec]) => Object.freeze({ type, module, spec }))),
  );

  /** The module command of this type, if a module declares one. */
  function houseCommand(type: string): Command | undefined {
    for (const c of COMMANDS) if (c.type === type) return c;
    return undefined;
  }

  /** A module's command decided by its module (params null when the option is off at this table). */
  function decideHouseCommand(c: Command, command: TableCommand, state: TableState): Decision<TableEvent, Rejection> {
    return c.spec.decide(command, state, c.module.params(state.rules!));
  }

  /** The command a bot sends for a module's legal action; null for the core's actions. */
  function houseCommandFor(action: LegalAction): TableCommand | null {
    const c = houseCommand(action.type);
    return c?.spec.commandFor ? c.spec.commandFor(action) : null;
  }

  // --- Events ----------------------------------------------------------------------------------------------------

  /**
   * By event type, one lookup per event. A Map, never changed once built: a dictionary object read with every event's
   * type was a megamorphic keyed load, slower by about a twentieth of a check/call hand.
   */
  const EVOLUTIONS: ReadonlyMap<string, HouseEvolution> = modules.reduce((byType, module, index) => {
    for (const [type, evolve] of Object.entries(module.evolve ?? {})) {
      // A type the core does not fold is the module's own (declared in the engine or not: examples/house-rules/).
      const owned = !(CORE_EVENT_TYPES as readonly string[]).includes(type);
      if (!byType.has(type)) byType.set(type, { owned, handlers: [] });
      byType
        .get(type)!
        .handlers.push(Object.freeze({ module, index, evolve: evolve!, skipWhenOff: module.idleWhenOff === true && !owned }));
    }
    return byType;
  }, new Map<string, { owned: boolean; handlers: Handler[] }>());

  /** Every module's evolution of this event type, whatever the rules; undefined when no module folds it. */
  function houseEvolution(type: string): HouseEvolution | undefined {
    return EVOLUTIONS.get(type);
  }

  /** The modules enabled under these rules (none before the table opens), at each hook. */
  function compose(rules: TableRules | null): Composition {
    const params = Object.freeze(modules.map((m) => (rules === null ? null : m.params(rules))));
    const at = (hook: (typeof HOOKS)[number]): readonly Enabled[] =>
      Object.freeze(
        modules.flatMap((m, i) => (m[hook] !== undefined && params[i] !== null ? [Object.freeze({ module: m, params: params[i] })] : [])),
      );
    const evolutions = new Map<string, HouseEvolution>();
    for (const [type, evolution] of EVOLUTIONS) {
      const handlers = evolution.handlers.filter((h) => !(h.skipWhenOff && params[h.index] === null));
      if (evolution.owned || handlers.length > 0) evolutions.set(type, Object.freeze({ owned: evolution.owned, handlers }));
    }
    return Object.freeze({
      params,
      ...(Object.fromEntries(HOOKS.map((hook) => [hook, at(hook)])) as Pick<Composition, (typeof HOOKS)[number]>),
      evolutions,
      onChecked: evolutions.get('PlayerChecked'),
      onCalled: evolutions.get('PlayerCalled'),
      onShown: evolutions.get('HandShown'),
      onBoard: evolutions.get('BoardDealt'),
    });
  }
  const UNOPENED = compose(null);
  /**
   * Compositions by rules record. Rules change only at OpenTable and ChangeRules, and a recorded rules record is never
   * changed (every state after it shares it), so its composition is computed once: a cache of what `params(rules)`
   * answers, which changes no result. The last one asked is kept beside the map, so the common call (one table's
   * commands in a row) costs a comparison.
   */
  const byRules = new WeakMap<TableRules, Composition>();
  let lastRules: TableRules | null = null;
  let last = UNOPENED;
  function composed(rules: TableRules | null): Composition {
    if (rules === lastRules) return last;
    let c = rules === null ? UNOPENED : byRules.get(rules);
    if (c === undefined) byRules.set(rules!, (c = compose(rules)));
    lastRules = rules;
    last = c;
    return c;
  }

  /**
   * The modules' evolution of this event type under these rules: without the handlers of modules idle when off that
   * are off; undefined when none is left to fold it. The events every hand records most (a betting round's and the
   * showdown's) are answered by a string switch, a pointer comparison where the Map lookup cost a twentieth of a
   * check/call hand.
   */
  function enabledEvolution(type: string, rules: TableRules | null): HouseEvolution | undefined {
    const c = composed(rules);
    switch (type) {
      case 'PlayerChecked':
        return c.onChecked;
      case 'PlayerCalled':
        return c.onCalled;
      case 'HandShown':
        return c.onShown;
      case 'BoardDealt':
        return c.onBoard;
      default:
        return c.evolutions.get(type);
    }
  }

  /**
   * The modules' part of folding this event, after the core's (for a module's own event, all of it). A module idle
   * when off is not asked about a core event at a table where it is off (`skipIdle`, false only for the spec that
   * checks that skipping changes nothing). Indexed loops: this runs for most events of every table.
   */
  function evolveHouse(state: TableState, event: TableEvent, evolution: HouseEvolution, skipIdle = true): TableState {
    const handlers = evolution.handlers;
    let s = state;
    for (let i = 0; i < handlers.length; i++) {
      const h = handlers[i];
      const p = composed(s.rules).params[h.index];
      if (p === null && skipIdle && h.skipWhenOff) continue;
      s = h.evolve(s, event, p);
    }
    return s;
  }

  // --- Before the deal -------------------------------------------------------------------------------------------

  /** How a seat enters the next hand: the first module with an answer decides; null when none has one. */
  function seatEntry(seat: SeatState, state: TableState, gameRunning: boolean): SeatEntry | null {
    const enabled = composed(state.rules).seatEntry;
    let ctx: { readonly state: TableState; readonly gameRunning: boolean } | null = null;
    for (let i = 0; i < enabled.length; i++) {
      const entry = enabled[i].module.seatEntry!(seat, (ctx ??= { state, gameRunning }), enabled[i].params);
      if (entry !== null) return entry;
    }
    return null;
  }

  /** The modules' forced bets, chained in registry order, and their fields of HandStarted (defaults first). */
  function houseForcedBets(
    ctx: HandPlanContext,
    forcedBets: ForcedBetDue[],
  ): { forcedBets: readonly ForcedBetDue[]; started: HouseHandStarted } {
    let bets: readonly ForcedBetDue[] = forcedBets;
    const started: Record<string, unknown> = { ...STARTED_DEFAULTS };
    for (const { module, params } of composed(ctx.rules).forcedBets) {
      const change = module.forcedBets!(ctx, bets, params);
      if (change === null) continue;
      bets = change.forcedBets;
      // for-in, not Object.keys: no array of keys for every hand (the fields are the module's own, never inherited).
      if (change.started) for (const key in change.started) started[key] = change.started[key];
    }
    return { forcedBets: bets, started: started as unknown as HouseHandStarted };
  }

  /** Whether the dealer says Deal at this table: some enabled option posts voluntarily before the deal. */
  function dealerDeals(rules: TableRules): boolean {
    for (const { module, params } of composed(rules).dealerDeals) if (module.dealerDeals!(params)) return true;
    return false;
  }

  /** Why this seat may not leave or sit out now: the first module's objection. */
  function seatMayGo(state: TableState, seat: number, how: 'leave' | 'sit-out' | 'change-seat'): Rejection | null {
    for (const { module, params } of composed(state.rules).seatMayGo) {
      const objection = module.seatMayGo!(state, seat, how, params);
      if (objection !== null) return objection;
    }
    return null;
  }

  // --- Preflop ---------------------------------------------------------------------------------------------------

  /**
   * The preflop round as the enabled modules shape it: the last anchor given wins, the seats moved last are
   * concatenated in registry order, the round's amounts are chained, and any module may skip the betting.
   */
  function preflopSetup(hand: HandState, rules: TableRules, round: PreflopRound): PreflopSetup {
    let setup: PreflopSetup = { anchor: hand.bigBlindSeat, last: NO_SEATS, round, skipBetting: false };
    for (const { module, params } of composed(rules).preflop) setup = module.preflop!(hand, rules, setup, params);
    return setup;
  }

  // --- During the hand -------------------------------------------------------------------------------------------

  /** Appends the enabled modules' legal actions at this moment, in registry order. */
  function houseLegalActions(state: TableState, moment: LegalMoment, into: LegalAction[]): void {
    for (const { module, params } of composed(state.rules).legalActions)
      for (const action of module.legalActions!(state, moment, params)) into.push(action);
  }

  /** What happens before the core deals the rest of the board once betting is over: the first answer; null: deal. */
  function houseRunout(state: TableState, hand: HandState): Runout | null {
    for (const { module, params } of composed(state.rules).runout) {
      const r = module.runout!(state, hand, params);
      if (r !== null) return r;
    }
    return null;
  }

  // --- Settlement ------------------------------------------------------------------------------------------------

  /**
   * One step of the settlement as the enabled modules shape it: each, in the list's order, gets the answer so far
   * and returns it (the same object when it has nothing to say, so the common case allocates nothing).
   */
  function settle<S extends Settlement>(state: TableState, hand: HandState, settlement: S): S {
    const enabled = composed(state.rules).settle;
    let s: Settlement = settlement;
    for (let i = 0; i < enabled.length; i++) s = enabled[i].module.settle!(state, hand, s, enabled[i].params);
    return s as S;
  }

  /** Chips already held back from each pot (the rake): the settlement's `held` step (none: an empty list). */
  function heldFromPots(state: TableState, hand: HandState): readonly number[] {
    return settle(state, hand, { step: 'held', held: NO_SEATS }).held;
  }

  // --- After any command -----------------------------------------------------------------------------------------

  /**
   * The modules' events after an accepted command that recorded something (a clock for the player to act), folded
   * one by one onto `after`; null when no module adds any (the common case: nothing is copied).
   */
  function houseAfterCommand(
    command: TableCommand,
    before: TableState,
    after: TableState,
    evolve: (state: TableState, event: TableEvent) => TableState,
  ): { events: readonly TableEvent[]; state: TableState } | null {
    const enabled = composed(after.rules).afterCommand;
    if (enabled.length === 0) return null;
    let added: TableEvent[] | null = null;
    let s = after;
    for (let i = 0; i < enabled.length; i++) {
      for (const e of enabled[i].module.afterCommand!(command, before, s, enabled[i].params)) {
        (added ??= []).push(e);
        s = evolve(s, e);
      }
    }
    return added === null ? null : { events: added, state: s };
  }

  /** Every module's parameters for recorded rules, or what is wrong (house-options/house-options.ts). */
  function houseRules(input: HouseRulesInput, ctx: RulesContext): ReturnType<typeof normalizeHouseRules> {
    return normalizeHouseRules(modules, input, ctx);
  }

  return Object.freeze({
    modules,
    handSliceStart: HAND_SLICE_START,
    houseRules,
    houseCommand,
    decideHouseCommand,
    houseCommandFor,
    houseEvolution,
    enabledEvolution,
    evolveHouse,
    seatEntry,
    houseForcedBets,
    dealerDeals,
    seatMayGo,
    preflopSetup,
    houseLegalActions,
    houseRunout,
    settle,
    heldFromPots,
    houseAfterCommand,
  });
}

/** The one function per hook the core calls, for one list of modules. */
export type TableHooks = ReturnType<typeof tableHooks>;
