import { randomInt } from 'node:crypto';
import { isLiveCards, rejection, type Rejection, type TableCommand, type TableRulesInput, type TableState } from '@felt/engine';
import { toEngineCommand, type ScriptCommand } from '@felt/formats';
import type { CommandRequest } from './command-request';
import type { OpenTableBody } from './table-command-schema';

/**
 * The engine command for a request body, given the table's state: a StartHand's holeCards/board become a full deck
 * in the engine's dealing order (as for table scripts). A StartHand with no deck, seed or cards gets a seed drawn
 * here from the operating system's CSPRNG; the seed and the deck are recorded in HandStarted. (A table script
 * seeds such a hand with its number, which is reproducible but would let anyone predict a live table's cards.)
 */
export function engineCommandFor(command: CommandRequest['command'], state: TableState): { command: TableCommand } | { rejection: Rejection } {
  if (command.type === 'OpenTable') {
    const open = command as OpenTableBody;
    return { command: { type: 'OpenTable', tableId: open.tableId, rules: open.rules as TableRulesInput } };
  }
  if (command.type === 'StartHand' && isLiveCards(state.rules) && (command.holeCards !== undefined || command.board !== undefined)) {
    const field = command.holeCards !== undefined ? 'holeCards' : 'board';
    return { rejection: rejection('DECK_NOT_ALLOWED', 'This table plays live cards: the board is entered as it is dealt (DealBoard) and shown hands at the showdown.', field) };
  }
  // Live tables shuffle nothing: their StartHand goes on as it is (the engine refuses a deck or a seed there).
  if (command.type === 'StartHand' && !isLiveCards(state.rules) && command.deck === undefined && command.seed === undefined && command.holeCards === undefined && command.board === undefined) {
    return { command: { type: 'StartHand', seed: randomInt(0, 2 ** 32) } };
  }
  const built = toEngineCommand(command as ScriptCommand, state);
  if ('why' in built) return { rejection: rejection('INVALID_DECK', `The cards asked for cannot be dealt: ${built.why}.`, 'holeCards') };
  return built;
}
