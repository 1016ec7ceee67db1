/**
 * @felt/projections — the read models as pure folds over the global event log (no database here). This file
 * is the table of contents; README.md says how a runner keeps them.
 */

// The contract every view follows, and the table events inside recorded ones.
export { type Projection, project } from './projection';
export { isDeckSealed, tableEventOf, tableIdOfStream, TABLE_STREAM_PREFIX } from './table-event';
// The house's drops (jackpot, promotion) as the tables record them: house modules' events every view reads.
export { type DropTaken, isDropTaken, recordedDropOf } from './house-drops';
// Who sees which card, and when: the one rule every read path applies (docs/security.md).
export {
  type Audience,
  type AudienceContext,
  type ViewerRole,
  type HoleCardsOf,
  audienceOf,
  audienceKey,
  maySeeHoleCards,
  maySeeDeck,
  eventDataFor,
  publicEventData,
  shuffleWithoutSeed,
  SECRET_BEARING_EVENTS,
} from './audience';

// Table view: seats, stacks, blinds due, the hand in progress, pots, board, whose turn; hole cards per audience.
export {
  type TableView,
  type TableViews,
  type TableRow,
  type SeatRow,
  type HandRow,
  type PotRow,
  tableViews,
  initialTableView,
  evolveTableView,
  evolveTableEngine,
  tableRowOf,
} from './table-view';
export { tableViewFor, tableRowFor, publicTableView, publicTableViews, withShownCards } from './table-view-for';
// The table as the API answers it (GET /tables/:id, /live) and the console reads it: one shape for both.
export {
  type FoldedTableState,
  type TableStateView,
  type SeatStateView,
  type HandStateView,
  type HandPlayerStateView,
  tableStateView,
} from './table-state-view';

// The hand record: the one fold of a hand's events, which the hand history and the exports (libs/formats) render.
export {
  type HandRecord,
  type HandAction,
  type HandPlayerRecord,
  type HandPot,
  type HandDeal,
  type HandBoard,
  type HandEventMeta,
  type PostToTotal,
  startHandRecord,
  evolveHandRecord,
  postsToTotal,
} from './hand-record';
export { type TableHand, type HandStep, handSteps, tableHands } from './table-hands';
// The house options' parts of the folds (their `formats.record` and `formats.deals`), by event type.
export { moduleFold, houseTake, type ModuleFold } from './module-fold';
// Where another engine would replay a hand differently: one rule for every export.
export {
  handNotes,
  houseRuleNotes,
  sortByPlace,
  notePlace,
  END as NOTE_END,
  REPLAYS_DIFFERENTLY,
  replaysDifferently,
  forcedBetFormats,
  moduleNotes,
  type HandNote,
  type HandNoteKind,
  type ModuleNoteKind,
} from './hand-notes';

// Hand history: one record per hand, and the recall of a table's last hands for the regulator.
export { type HandHistory, handHistory, handHistoryOf, recallHands, handRecordFor, publicHandHistory } from './hand-history';

// Player session ledger: seat to leave, buy-in, add-ons, per-hand results, cash-out; chips in = chips out + rake.
export {
  type SessionLedger,
  type TableLedger,
  type PlayerSession,
  type HandResult,
  sessionLedger,
  sessionLedgerOf,
  sessionNet,
  ledgerChipsBehind,
  ledgerDiscrepancy,
} from './session-ledger';

// Lobby: open tables, their game and stakes, seats taken and free, players seated.
export { type Lobby, type LobbyTable, lobby, openTables } from './lobby';

// The room: each game of the room (libs/room) with its public board.
export { type RoomGames, type RoomGameRow, roomGames, evolveRoomGame, publicBoard } from './room-games';
