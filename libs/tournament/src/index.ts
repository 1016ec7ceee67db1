/**
 * @felt/tournament — a live poker tournament as a pure decider: structure, registration, the seat draw, the clock,
 * hands reported by tables, bust-outs, balancing and breaking, the prize pool and payouts. No clock, no randomness,
 * no I/O: time and random draws come in on commands. docs/tournaments.md is the guide.
 */
export { tournamentDecider } from './tournament-decider';
export { decideTournament, type TournamentDecision } from './decide';
export { evolveTournament } from './evolve';
export { type TournamentCommand, type TournamentCommandType } from './commands';
export {
  type TournamentEvent,
  type TournamentEventType,
  type SeatRef,
  type MoveReason,
  type DealShare,
  TOURNAMENT_EVENT_TYPES,
  TOURNAMENT_EVENT_SCHEMA_VERSION,
} from './events';
export { TOURNAMENT_EVENT_SCHEMAS, tournamentDataSchemaOf, type TournamentContractEventType } from './event-schemas';
export {
  PUBLIC_TOURNAMENT_RULES,
  PUBLIC_TOURNAMENT_DATA_SCHEMAS,
  EMPTY_PSEUDONYM_BOOK,
  entryPseudonym,
  publicRulesOf,
  publicTournamentEventData,
  publicTournamentMetadata,
  withRegistration,
  type FieldClass,
  type FieldRule,
  type FieldRules,
  type PseudonymBook,
} from './public-events';
export { type TournamentRejection, type TournamentRejectionCode, TOURNAMENT_REJECTION_CODES, tournamentRejection } from './rejections';
export {
  type TournamentState,
  type TournamentTable,
  type TournamentClock,
  type Entry,
  type EntryStatus,
  type PendingMove,
  INITIAL_TOURNAMENT_STATE,
  chipsInPlay,
  isAlive,
  registrationOpen,
  seatedAt,
} from './state';
export {
  structureSchema,
  feesSchema,
  parseStructure,
  priceOf,
  type TournamentStructure,
  type TournamentStructureInput,
  type Fees,
  type Level,
} from './structure';
export { prizePoolOf, placePrizes, payoutsOf, payoutShares, type PrizePool, type BuyIns, type FinishGroup } from './payouts';
export { rebalance, activeTables, effectiveCount, openSeats, worstOpenSeat, lateEntrySeat } from './balancing';
export { dealAmounts, icmEquities, chipChopEquities, reducedPrizes, DEAL_METHODS, type DealMethod } from './deals';
export { chipRace, raceTickets, type OddChips, type RaceResult } from './chip-race';
export { clockBoard, tableNeeds, floorTournament, type ClockBoard } from './board';
export { LEVEL_DEADLINE_EVENT_TYPES } from './clock';
export {
  TOURNAMENT_STREAM_PREFIX,
  TOURNAMENT_STREAM_CATEGORY,
  tournamentStreamIdOf,
  tournamentIdOf,
  toNewTournamentEvent,
  toTournamentEvent,
} from './tournament-stream';
export {
  tableOrdersFor,
  tableRulesAt,
  tablePlayerId,
  entryIdOfTablePlayer,
  recordHandOf,
  withArrivals,
  sameStakes,
  dealingStep,
  stepDealtAt,
  type TableOrder,
  type TableOrderCommand,
} from './table-link';
export { decideHandEnds, type TableHandEnd, type HandEndDecision } from './hand-ends';
export { tournamentReport, tournamentResultsCsv } from './results-export';
