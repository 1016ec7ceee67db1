/**
 * @felt/engine — the rules of casino Texas Hold'em as a pure decider. This file is the table of contents:
 * every rule is one hop from here.
 */

// The decider contract: decide (what may happen) and evolve (what happened).
export { type Decision, type Decider, fold, accept, reject } from './decider';
export { deciderSpec } from './decider-spec';

// The table: commands in, events out, state folded from events.
// createTableDecider(modules) hands the core the hooks of a list of house options; default-table.ts is the default
// list's engine, whose decide, evolve and reads are exported here by their old names.
export { createTableDecider, type TableDecider, type TableEngine } from './table/table-decider';
export {
  defaultTable,
  tableDecider,
  decide,
  evolve,
  automaticEvents,
  normalizeRules,
  legalActions,
  randomLegalCommand,
  commandFor,
  planNextHand,
  boardDue,
  chipsOnTable,
  COMMAND_TYPES,
  EVENT_TYPES,
  REJECTION_CODES,
  readsSchemaVersion,
} from './default-table';
export { type TableDecision } from './table/decide';
export { actingPlayer } from './table/hand-commands';
export { tableHooks, type TableHooks } from './table/hooks';
export {
  type TableCommand,
  type TableCommandType,
  type DeckSource,
  type ForcedBetKind,
  type BoardStreet,
  CORE_COMMAND_TYPES,
} from './table/commands';
export {
  type TableEvent,
  type TableEventType,
  type Street,
  type ForcedBetDue,
  type ShuffleRecord,
  type ShuffleMethod,
  type Prng,
  type SealedDeck,
  type HandStartedV1,
  type BettingActionEvent,
  CORE_EVENT_TYPES,
  EVENT_SCHEMA_VERSIONS,
  schemaVersionOf,
  isHandStartedV1,
} from './table/events';
// The events as the public may see them, in zod: the queue's contract of an engine (the core's and its modules').
export { publishedEventSchemas, type EventSchemas, CORE_FORCED_BET_KINDS } from './table/event-schemas';
// What of an event the public may see, as a plain function (no parse): the rule the contract above is derived from.
export { publishedEventData, secretRuleOf, shuffleWithoutSeed, type SecretRule } from './table/published-data';
export {
  type TableState,
  type SeatState,
  type HandState,
  type HandPlayer,
  type BettingRound,
  type ActionCheckpoint,
  INITIAL_TABLE_STATE,
  handInProgress,
  seatAt,
  playerInHand,
  houseWith,
  handWith,
  playerWith,
  seatWith,
  tableWith,
} from './table/state';
export { type Rejection, type RejectionCode, CORE_REJECTION_CODES, rejection } from './table/rejections';
export {
  type TableRules,
  type TableRulesInput,
  type BettingStructure,
  type StructureKind,
  type AnteKind,
  type CardSource,
  CARD_SOURCES,
  cardSourceOf,
  type DeckSourceRule,
  DECK_SOURCE_RULES,
  deckSourceOf,
  RULES_VERSION,
  rulesVersion,
} from './table/rules';
// The core's rules input in zod (its type is TableRulesInput's core part); the table-script format and the API take it.
export { CORE_RULES_INPUT_SCHEMA, type CoreRulesInput, wholeNumberField, chipsField, MAX_SEATS } from './table/rules-input';
// The core's commands in zod (their types are TableCommand's); the script format and the API extend them.
export { CORE_COMMAND_SCHEMAS, DECK_SIZE, MAX_CORRECTION_REASON, seatField, textField } from './table/command-schemas';
// Live cards: a table of physical cards, each known only once the dealer enters it or a reader reports it.
export { isLiveCards, reportCheck, unseenCards, readerRecordStands, readerConflicts, HOLE_CARDS } from './table/live-cards';
export { type LegalAction, type LegalActions } from './table/legal-actions';
export { actionNumberAt, retractedVersions, withoutRetracted, isBettingActionEvent, standingActions } from './table/corrections';
export { type HandPlan } from './table/positions';
export { resolveDeck, shuffledDeck, mulberry32, holeCardsFromDeck, shuffleMethod, deckSourceCheck, MULBERRY32_PRNG } from './table/deck';
// Who may choose or see the cards: the rule changes that widen it (two floor supervisors approve those).
export { widensCardAccess } from './table/card-access';

// The house shuffle (NIST SP 800-90A HMAC_DRBG + unbiased Fisher-Yates) and the deck's commitment.
export { HmacDrbgSha256, DRBG_PRNG, drbgShuffledDeck, isDrbgSeed, deckCommitment, isSalt } from './shuffle';

// Betting: limits per structure, the round, pots and side pots, the showdown.
export { bettingOptions, streetBetUnit, potLimitCount, isFullRaise, type BettingOptions } from './betting/limits';
export { playerToAct, clockwiseAfter } from './betting/round';
export { derivePots, uncalledBet, splitPot, type Pot } from './betting/pots';
export { showdownOrder, awardPots, handValue, type PotAward } from './betting/showdown';

// House options: rule modules. The contract (the hooks the core calls at fixed points), the default list (the
// modules in the order the core asks them) and what the modules add to the engine's records; then each option, one
// file with its spec. table/ and betting/ name no option (docs/architecture.md, "House options as rule modules").
export {
  type RuleModule,
  type AnyRuleModule,
  type ModuleCommand,
  type CommandSenders,
  type SeatEntry,
  type Runout,
  type LegalMoment,
  type PreflopRound,
  type PreflopSetup,
  type HandPlanContext,
  type RulesContext,
  type ExportNotesContext,
  type ModuleDeadline,
  type ModuleDeadlines,
  ruleModule,
} from './house-options/rule-module';
export type {
  ModuleFormats,
  ForcedBetFormat,
  ForcedBetNote,
  DealNote,
  ModuleNote,
  ModuleDeal,
  RecordChange,
} from './house-options/module-formats';
// The zod a module's option and event schemas are written with (the one the contract renders), for modules written
// outside the engine and handed it (examples/house-rules/).
export { z } from 'zod';
export { DEFAULT_MODULES, DEFAULT_MODULES as RULE_MODULES } from './house-options/default-modules';
export { DEFAULT_RECORD_PARTS, type RecordParts } from './house-options/default-record-parts';
// What the modules add to the core's records, by declaration merging (each module's file augments these).
export type {
  HouseCommands,
  HouseCommand,
  HouseEvents,
  HouseEvent,
  HouseLegalActions,
  HouseLegalAction,
  HouseForcedBetKinds,
  HouseRejectionCodes,
  HouseHandSlice,
  HouseTableSlice,
  HouseSeatSlice,
  HouseHandStarted,
  HouseRules,
  HouseRulesInput,
} from './table/extensions';
export { type HouseOptions, type HouseOptionsInput, normalizeHouseOptions, normalizeHouseRules } from './house-options/house-options';
export { type MissedBlindPolicy, DEFAULT_MISSED_BLIND_POLICY, entryObligation } from './house-options/entry-obligation';
export { missedBlinds } from './house-options/missed-blinds';
export { type StraddleOption, DEFAULT_STRADDLE, straddleSeats, straddleSeatsNow, straddle } from './house-options/straddle';
export {
  type KillGameOption,
  type KillState,
  DEFAULT_KILL_GAME,
  killStateAfterHand,
  killLimitPercent,
  killGame,
} from './house-options/kill-game';
export { type KillPotOption, DEFAULT_KILL_POT, killPotBounds, killPotCheck, killPot } from './house-options/kill-pot';
export { type ChopOption, DEFAULT_CHOP, chopCheck, chop } from './house-options/chop';
export { type RakeOption, DEFAULT_RAKE, rakeByPot, rake } from './house-options/rake';
export { type RaceChipsCommand, type ChipsRacedEvent, type RacedSeat, chipRaceModule } from './house-options/chip-race';
// Cards and the hand evaluator.
export { type Card, parseCard, parseCards, formatCard, formatCards, rankOf, suitOf, FULL_DECK, isValidCard } from './cards/card';
export {
  evaluate,
  evaluate5,
  evaluate6,
  evaluate7,
  handCategory,
  bestFive,
  HAND_CATEGORIES,
  type HandCategory,
  type HandValue,
} from './cards/evaluator';
