import { randomBytes } from 'node:crypto';
import { DRBG_PRNG, isLiveCards, rejection, type Rejection, type TableCommand, type TableRulesInput, type TableState } from '@felt/engine';
import { toEngineCommand, type ScriptCommand } from '@felt/formats';
import type { CommandRequest } from './command-request';
import type { OpenTableBody } from './table-command-schema';

/** Bytes of the house seed (256 bits, HMAC_DRBG's security strength) and of each hand's commitment salt. */
const SEED_BYTES = 32;
const SALT_BYTES = 16;

/**
 * The engine command for a request body, given the table's state: a StartHand's holeCards/board become a full deck
 * in the engine's dealing order (as for table scripts). A StartHand or DrawForButton with no deck, seed or cards is
 * shuffled by the house: a 256-bit seed from the operating system's CSPRNG for "hmac-drbg-sha256-fisher-yates". Every
 * StartHand gets a fresh random salt for its deck's commitment. The seed and the deck stay sealed in DeckSealed until
 * the hand is over. (A numeric seed, which a table script may send, names mulberry32: anyone can try all 2^32 of
 * them, so it is for demos only.)
 */
export function engineCommandFor(command: CommandRequest['command'], state: TableState): { command: TableCommand } | { rejection: Rejection } {
  if (command.type === 'OpenTable') {
    const open = command as OpenTableBody;
    return { command: { type: 'OpenTable', tableId: open.tableId, rules: open.rules as TableRulesInput } };
  }
  // Live tables shuffle nothing: their StartHand goes on as it is (the engine refuses a deck, seed or salt there).
  if (command.type === 'StartHand' && isLiveCards(state.rules)) {
    if (command.holeCards === undefined && command.board === undefined && command.secondRun === undefined) return toEngineCommand(command as ScriptCommand, state) as { command: TableCommand };
    const field = command.holeCards !== undefined ? 'holeCards' : command.board !== undefined ? 'board' : 'secondRun';
    return { rejection: rejection('DECK_NOT_ALLOWED', 'This table plays live cards: the board is entered as it is dealt (DealBoard) and shown hands at the showdown.', field) };
  }
  const dealing = command.type === 'StartHand' || command.type === 'DrawForButton';
  if (dealing && command.deck === undefined && command.seed === undefined && (command.type !== 'StartHand' || (command.holeCards === undefined && command.board === undefined && command.secondRun === undefined))) {
    const seed = randomBytes(SEED_BYTES).toString('hex');
    return { command: command.type === 'StartHand' ? { type: 'StartHand', seed, prng: DRBG_PRNG, salt: salt() } : { type: 'DrawForButton', seed, prng: DRBG_PRNG } };
  }
  const built = toEngineCommand(command as ScriptCommand, state);
  if ('why' in built) return { rejection: rejection('INVALID_DECK', `The cards asked for cannot be dealt: ${built.why}.`, 'holeCards') };
  if (built.command.type === 'StartHand') return { command: { ...built.command, salt: salt() } };
  return built;
}

function salt(): string {
  return randomBytes(SALT_BYTES).toString('hex');
}
