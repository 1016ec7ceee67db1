/**
 * @felt/formats — reading other systems' hand formats into the engine. Uses only the engine's public API.
 */

// PHH (Poker Hand History, pokerkit's TOML format): parse, replay through the engine, compare final stacks.
export {
  parsePhh,
  parsePhhHand,
  handLabel,
  decimalsOf,
  decimalsOfText,
  PhhError,
  SUPPORTED_VARIANTS,
  type PhhHand,
  type PhhAction,
  type PhhCard,
  type PhhEntry,
  type PhhVariant,
} from './phh/parse';
export { replayPhhHand, type PhhReplayResult, type PhhReplayOptions, type PhhStatus } from './phh/replay';
export { collectPhhFiles, replayPhhFile, replayPhhText, replayPhhFiles, summarize, type PhhSummary, type PhhRunReport } from './phh/files';

// Table scripts: a table's rules, players and commands as JSON, run through the engine (docs/table-scripts.md).
export * from './table-script';

// PHH export: a table's hands from its events, as PHH text that `felt phh` (and pokerkit) read back.
export {
  phhHandsFromEvents,
  phhHandToml,
  toPhhText,
  EQUIVALENT_NOTE_KINDS,
  type PhhExport,
  type PhhExportHand,
  type PhhExportSkip,
  type PhhExportNote,
  type PhhNoteKind,
  type PhhSkipKind,
} from './phh/export';

// OHH export: Open Hand History JSON, one object per hand, for analysts.
export {
  ohhHandsFromEvents,
  ohhExportFromEvents,
  toOhhText,
  OHH_SPEC_VERSION,
  type OhhExport,
  type OhhExportSkip,
  type OhhHand,
  type OhhRound,
  type OhhAction,
  type OhhPot,
  type OhhExportOptions,
} from './ohh/export';
