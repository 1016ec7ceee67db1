import { randomBytes } from 'node:crypto';
import {
  cardSourceOf,
  deckSourceOf,
  DRBG_PRNG,
  isLiveCards,
  rejection,
  type Rejection,
  type TableCommand,
  type TableRules,
  type TableRulesInput,
  type TableState,
} from '@felt/engine';
import { toEngineCommand, type ScriptCommand } from '@felt/formats';
import type { CommandRequest } from './command-envelope';
import type { OpenTableBody } from './table-command-schema';

/** Bytes of the house seed (256 bits, HMAC_DRBG's security strength) and of each hand's commitment salt. */
const SEED_BYTES = 32;
const SALT_BYTES = 16;

/** The request fields that choose cards (StartHand's helpers included): on a house table no request may carry one. */
const CHOOSING_FIELDS = ['deck', 'seed', 'prng', 'holeCards', 'board', 'secondRun'] as const;

/** Who sent the command, as far as choosing a deck goes: a certified shuffler device bound to the table (TableAccess checked the binding). */
export interface DeckSender {
  readonly shuffler: boolean;
}

/** A command the sender may not send to this table (403), as the handler reports it. */
export interface SenderRefusal {
  readonly code: 'SHUFFLER_DEVICE_REQUIRED';
  readonly detail: string;
}

export type EngineCommandResult = { command: TableCommand } | { rejection: Rejection } | { forbidden: SenderRefusal };

/**
 * The engine command for a request body, given the table's state (docs/security.md "Insiders", row 1):
 * - OpenTable and ChangeRules of a deck table get `deckSource: house` unless the request names one;
 * - house tables (and deck tables whose rules record no source, opened before the rule): a request that carries a
 *   deck, a seed or chosen cards is refused (DECK_SOURCE_HOUSE) for every role; StartHand and DrawForButton are
 *   shuffled by the house, a 256-bit seed from the OS CSPRNG for hmac-drbg-sha256-fisher-yates;
 * - shuffler tables: only the table's shuffler device sends a deck (403 SHUFFLER_DEVICE_REQUIRED for anyone else);
 *   the house may draw for the button;
 * - training tables: a StartHand's holeCards/board become a full deck (as for table scripts), decks and demo seeds
 *   are taken as sent.
 * Every StartHand gets a fresh random salt for its deck's commitment. Live tables shuffle nothing.
 */
export function engineCommandFor(command: CommandRequest['command'], state: TableState, sender: DeckSender): EngineCommandResult {
  if (command.type === 'OpenTable') {
    const open = command as OpenTableBody;
    return { command: { type: 'OpenTable', tableId: open.tableId, rules: withHouseShuffle(open.rules as TableRulesInput) } };
  }
  if (command.type === 'ChangeRules')
    return { command: { type: 'ChangeRules', rules: withHouseShuffle((command as unknown as { rules: TableRulesInput }).rules) } };
  if (command.type !== 'StartHand' && command.type !== 'DrawForButton')
    return toEngineCommand(command as ScriptCommand, state) as { command: TableCommand };
  // Live tables shuffle nothing: their StartHand goes on as it is (the engine refuses a deck, seed or salt there).
  if (command.type === 'StartHand' && isLiveCards(state.rules)) {
    const field = (['holeCards', 'board', 'secondRun'] as const).find((key) => command[key] !== undefined);
    if (field === undefined) return toEngineCommand(command as ScriptCommand, state) as { command: TableCommand };
    return {
      rejection: rejection(
        'DECK_NOT_ALLOWED',
        'This table plays live cards: the board is entered as it is dealt (DealBoard) and shown hands at the showdown.',
        field,
      ),
    };
  }
  const chosen = CHOOSING_FIELDS.find((key) => (command as Record<string, unknown>)[key] !== undefined);
  const source = state.rules === null || isLiveCards(state.rules) ? 'house' : (deckSourceOf(state.rules) ?? 'house');
  if (source === 'training') return trainingCommand(command, state);
  if (source === 'shuffler' && chosen !== undefined) return shufflerCommand(command, sender, chosen);
  if (chosen !== undefined)
    return {
      rejection: rejection(
        'DECK_SOURCE_HOUSE',
        'This table is shuffled by the house: nobody may choose its deck or seed; send the command without them.',
        chosen,
      ),
    };
  // A shuffler table's hand waits for its shuffler's deck: the engine says so (no house seed is drawn for it).
  if (source === 'shuffler' && command.type === 'StartHand') return { command: { type: 'StartHand', salt: salt() } };
  return houseShuffled(command.type);
}

/** The house shuffle: a 256-bit seed from the OS CSPRNG for the house's derivation (and a salt for a hand). */
function houseShuffled(type: 'StartHand' | 'DrawForButton'): EngineCommandResult {
  const seed = randomBytes(SEED_BYTES).toString('hex');
  return {
    command:
      type === 'StartHand' ? { type: 'StartHand', seed, prng: DRBG_PRNG, salt: salt() } : { type: 'DrawForButton', seed, prng: DRBG_PRNG },
  };
}

/** A deck table's rules as the API records them: the house shuffle unless the request names a deck source. */
function withHouseShuffle(rules: TableRulesInput): TableRulesInput {
  if (typeof rules !== 'object' || rules === null || rules.deckSource !== undefined || cardSourceOf(rules as TableRules) !== 'deck')
    return rules;
  return { ...rules, deckSource: 'house' };
}

/** A shuffler table: a full deck from its shuffler device; no seed and no chosen cards from anyone. */
function shufflerCommand(command: ScriptCommand, sender: DeckSender, chosen: (typeof CHOOSING_FIELDS)[number]): EngineCommandResult {
  if (chosen !== 'deck')
    return {
      rejection: rejection(
        'DECK_SOURCE_SHUFFLER',
        "This table's decks come from its certified shuffler: only its whole deck is taken, never a seed or chosen cards.",
        chosen,
      ),
    };
  if (!sender.shuffler)
    return {
      forbidden: {
        code: 'SHUFFLER_DEVICE_REQUIRED',
        detail: "this table's decks come from its certified shuffler: only the shuffler device registered for the table may send one",
      },
    };
  const deck = (command as { deck: string[] }).deck;
  return { command: command.type === 'StartHand' ? { type: 'StartHand', deck, salt: salt() } : { type: 'DrawForButton', deck } };
}

/** A training table: as sent (holeCards/board built into a deck); with nothing chosen, the house shuffles. */
function trainingCommand(command: ScriptCommand, state: TableState): EngineCommandResult {
  const c = command as Record<string, unknown>;
  if (CHOOSING_FIELDS.every((key) => c[key] === undefined)) return houseShuffled(command.type as 'StartHand' | 'DrawForButton');
  const built = toEngineCommand(command, state);
  if ('why' in built) return { rejection: rejection('INVALID_DECK', `The cards asked for cannot be dealt: ${built.why}.`, 'holeCards') };
  if (built.command.type === 'StartHand') return { command: { ...built.command, salt: salt() } };
  return built;
}

function salt(): string {
  return randomBytes(SALT_BYTES).toString('hex');
}
