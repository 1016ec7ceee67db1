import type { TableRulesInput } from './rules';
import type { ForcedBetKind, Prng } from './events';
import type { HouseCommand } from './extensions';
import type { PlainCoreCommand } from './command-schemas';

export type { ForcedBetKind } from './events';

/**
 * Commands: what floor staff ask of a table. Seats are numbered 1..maxSeats. The deck (or a seed) arrives on
 * StartHand and DrawForButton, with StartHand's salt for the deck's commitment (random, from the API; a script
 * may leave it out, and its commitment then hides nothing); the engine never shuffles on its own. Actor, time and command id travel in the
 * envelope the application keeps beside the command (they end up in each event's metadata).
 */
export type DeckSource =
  /** The dealer's deck order, top card first, as card codes ("As", "Td", ...). All 52 cards, each once. */
  | { readonly deck: readonly string[]; readonly seed?: undefined; readonly prng?: undefined; readonly salt?: string }
  /**
   * A seed for a named deck derivation (table/deck.ts): 64 lower-case hex digits for the house's
   * "hmac-drbg-sha256-fisher-yates" (the API draws them from the operating system's CSPRNG), or a whole number
   * below 2^32 for "mulberry32-fisher-yates", which table scripts, tests and demos use and which anyone can
   * predict. `prng` may name the derivation; the seed's form must fit it.
   */
  | { readonly seed: string | number; readonly prng?: Prng; readonly deck?: undefined; readonly salt?: string }
  /** Live-cards tables: nothing; the cards are entered as they are dealt (table/live-cards.ts). */
  | { readonly deck?: undefined; readonly seed?: undefined; readonly prng?: undefined; readonly salt?: string };

export type BoardStreet = 'flop' | 'turn' | 'river';

/** The house options' commands are declared in their modules (merged into table/extensions.ts's HouseCommands). */
export type TableCommand = (CoreCommand | HouseCommand) & CommandTime;

/**
 * When the command was given, as an ISO-8601 UTC time ("2026-01-02T03:04:05.678Z"): the API stamps every command
 * from its own clock (a client cannot send it), and a rule replay takes it from the events' metadata. Table scripts
 * and logs written before it have none; then nothing that needs the time happens (a house option's clock).
 */
export interface CommandTime {
  readonly at?: string;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

/** The command's time in milliseconds since the epoch; null when it has none. `at` is checked by decide first. */
export function commandTime(command: CommandTime): number | null {
  return command.at === undefined ? null : Date.parse(command.at);
}

/** Whether a command's `at` is a time decide accepts: ISO-8601 UTC, to the millisecond at most. */
export function isCommandTime(at: unknown): boolean {
  return typeof at === 'string' && INSTANT.test(at) && Number.isFinite(Date.parse(at));
}

/**
 * The core's commands: those of one shape everywhere are the types of their zod schemas (command-schemas.ts);
 * these keep a shape of the engine's own (a deck source, the rules with the options' parts, a script's other way
 * of naming an action to correct).
 */
type CoreCommand =
  | PlainCoreCommand
  | { readonly type: 'OpenTable'; readonly tableId: string; readonly rules: TableRulesInput }
  | ({ readonly type: 'DrawForButton' } & DeckSource)
  | ({ readonly type: 'StartHand' } & DeckSource)
  | { readonly type: 'PostBlind'; readonly seat: number; readonly blind?: ForcedBetKind }
  /** Floor only, between hands: new rules from the next hand on (a new game for the kill button). */
  | { readonly type: 'ChangeRules'; readonly rules: TableRulesInput }
  /** Floor only: takes back the hand's `action`-th standing betting action and every one after it (table/corrections.ts). */
  | { readonly type: 'CorrectAction'; readonly action: number; readonly reason: string };

export type TableCommandType = TableCommand['type'];

/** The core's command types (an engine's whole list adds its modules' commands: table-decider.ts commandTypes). */
export const CORE_COMMAND_TYPES: readonly CoreCommand['type'][] = Object.freeze([
  'OpenTable',
  'CloseTable',
  'SeatPlayer',
  'LeaveTable',
  'SitOut',
  'SitIn',
  'AddChips',
  'DrawForButton',
  'PlaceButton',
  'StartHand',
  'PostBlind',
  'Deal',
  'ChangeRules',
  'Fold',
  'Check',
  'Call',
  'Bet',
  'Raise',
  'ShowHand',
  'MuckHand',
  'VoidHand',
  'DealBoard',
  'ReportHoleCards',
  'ChangeSeat',
  'CorrectAction',
]);
