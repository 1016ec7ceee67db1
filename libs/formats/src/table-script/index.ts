/** Table scripts: a table's rules, players and commands as JSON, run through the engine (docs/table-scripts.md). */
export {
  tableScriptSchema,
  scriptCommandSchema,
  scriptSchemasFor,
  parseTableScript,
  parseTableScriptJson,
  formatPath,
  SCRIPT_COMMAND_TYPES,
  type TableScript,
  type ScriptCommand,
  type TableScriptExpectations,
  type ParsedTableScript,
  type ScriptIssue,
} from './schema';
export { rulesSchema } from './rules-schema';
export {
  runTableScript,
  toEngineCommand,
  correctionFor,
  describeCommand,
  describeFailure,
  formatLegalAction,
  type TableScriptRun,
  type ScriptFailure,
  type RejectionRecord,
} from './runner';
export { checkExpectations } from './expectations';
export { planSetup, positionProblems, type SetupPlan, type SetupStep } from './setup';
export { summarizeHands, type HandSummary, type PotSummary, type ActionSummary } from './summary';
export { buildDeck, boardPositions, type DeckRequest, type DeckResult } from './deck-builder';
export { tableView, tableViewProblems, eventOrderProblems, eventMatches, eventsByHand, type TableView } from './table-view';
