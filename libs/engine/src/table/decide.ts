import { reject } from '../decider';
import type { TableCommand } from './commands';
import type { TableEvent } from './events';
import { seatAt, type TableState } from './state';
import { evolve } from './evolve';
import { dealBoard, reportHoleCards } from './live-cards';
import type { TableHooks } from './hooks';
import { correctAction } from './corrections';
import { changeSeat } from './seat-change';
import { no, unchanged, followedUp, type Result } from './decided';
import { withFollowUps } from './dealer';
import { checkFields } from './command-fields';
import { openTable, closeTable, seatPlayer, leaveTable, sitOut, addChips, drawForButton, changeRules } from './table-commands';
import { startHand, postBlind, deal, bettingAction, showdownAction, voidHand } from './hand-commands';

export type { TableDecision } from './decided';

/**
 * decide: may this command happen, and what happens if it does. A rule violation is a rejection value; the
 * accepted command's own event is followed by what the dealer does automatically (deal, return an uncalled
 * bet, start the showdown, award pots), derived from the state the event leads to. An accepted decision also
 * carries that state.
 */
export function decide(
  h: TableHooks,
  command: TableCommand,
  state: TableState,
  fold: (state: TableState, event: TableEvent) => TableState = (st, e) => evolve(h, st, e),
): Result {
  const decided = decideCommand(h, command, state);
  if (!decided.ok || decided.events.length === 0) return decided;
  // What the house options add after any command that recorded something (a clock for the player to act). `fold`:
  // the engine's evolve, made once per engine by createTableDecider rather than a closure per command.
  const after = h.houseAfterCommand(command, state, decided.state, fold);
  return after === null ? decided : { ok: true, events: [...decided.events, ...after.events], state: after.state };
}

function decideCommand(h: TableHooks, command: TableCommand, state: TableState): Result {
  if (typeof command !== 'object' || command === null || typeof (command as { type?: unknown }).type !== 'string')
    return no('INVALID_COMMAND', 'The command has no type.', 'type');
  if (command.type === 'OpenTable') return openTable(h, command, state);
  if (state.status === 'unopened') return no('TABLE_NOT_OPEN', 'This table has not been opened.');
  if (state.status === 'closed') return no('TABLE_CLOSED', 'This table is closed.');
  const fieldProblem = checkFields(h, command, state);
  if (fieldProblem) return fieldProblem;
  // The betting actions come first: a string switch tests its cases in order, and they are most commands.
  switch (command.type) {
    case 'Fold':
    case 'Check':
    case 'Call':
    case 'Bet':
    case 'Raise':
      return bettingAction(h, command, state);
    case 'CloseTable':
      return closeTable(h, state);
    case 'SeatPlayer':
      return seatPlayer(h, command, state);
    case 'LeaveTable':
      return leaveTable(h, command, state);
    // Sitting out (or in) twice is a no-op, not an error: a double tap on the console changes nothing.
    case 'SitOut':
      return sitOut(h, command, state);
    case 'SitIn': {
      const seat = seatAt(state, command.seat)!;
      const wait = command.waitForBigBlind === true;
      return !seat.sittingOut && seat.waitForBigBlind === wait
        ? unchanged(state)
        : withFollowUps(h, state, [{ type: 'PlayerSatIn', seat: command.seat, waitForBigBlind: wait }]);
    }
    case 'AddChips':
      return addChips(h, command, state);
    case 'ChangeSeat':
      return followedUp(h, changeSeat(h, command, state), state);
    case 'CorrectAction':
      return followedUp(h, correctAction(command, state), state);
    case 'DrawForButton':
      return drawForButton(h, command, state);
    case 'PlaceButton':
      if (state.handsPlayed > 0) return no('BUTTON_ALREADY_PLACED', 'The button is already in play; it moves by itself after each hand.');
      return state.initialButton === command.seat
        ? unchanged(state)
        : withFollowUps(h, state, [{ type: 'ButtonPlaced', seat: command.seat }]);
    case 'StartHand':
      return startHand(h, command, state);
    case 'PostBlind':
      return postBlind(h, command, state);
    case 'Deal':
      return deal(h, state);
    case 'ChangeRules':
      return changeRules(h, command, state);
    case 'ShowHand':
    case 'MuckHand':
      return showdownAction(h, command, state);
    case 'VoidHand':
      return voidHand(h, command, state);
    case 'DealBoard': {
      const dealt = dealBoard(h, command, state);
      return 'code' in dealt ? reject(dealt) : withFollowUps(h, state, [dealt]);
    }
    case 'ReportHoleCards': {
      const reported = reportHoleCards(command, state);
      if ('code' in reported) return reject(reported);
      return reported.length === 0 ? unchanged(state) : withFollowUps(h, state, reported);
    }
    default: {
      // A house option's command: its module decides, the dealer's follow-ups come after (table/hooks.ts).
      const house = h.houseCommand(command.type);
      if (house === undefined)
        return no('INVALID_COMMAND', `"${String((command as { type: unknown }).type)}" is not a table command.`, 'type');
      const decided = h.decideHouseCommand(house, command, state);
      return decided.ok ? withFollowUps(h, state, decided.events.slice()) : decided;
    }
  }
}
