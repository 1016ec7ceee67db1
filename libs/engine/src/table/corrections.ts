import { accept, reject, type Decision } from '../decider';
import type { TableCommand } from './commands';
import { MAX_CORRECTION_REASON } from './command-schemas';
import type { BettingActionEvent, TableEvent } from './events';
import { rejection, type Rejection } from './rejections';
import {
  cloneHand,
  cloneTable,
  handInProgress,
  playerWith,
  seatAt,
  type ActionCheckpoint,
  type HandPlayer,
  type HandState,
  type TableState,
} from './state';

/**
 * Floor corrections (docs/house-options.md, "Corrections"): a mis-keyed betting action, and every action after it,
 * taken back within the hand in progress without voiding it. The log keeps the mistaken events; ActionCorrected
 * says which were taken back and why, and the hand is again exactly as it was just before the mistake. Never past
 * cards the players have seen (a board card, a hand shown or mucked), never once the pot is awarded.
 *
 * Every betting action remembers the hand it was taken on (HandState.lastAction, a chain back to the first action),
 * so a correction restores a recorded state rather than undoing arithmetic.
 */

export function isBettingActionEvent(event: TableEvent): event is BettingActionEvent {
  switch (event.type) {
    case 'PlayerFolded':
    case 'PlayerChecked':
    case 'PlayerCalled':
    case 'BetPlaced':
    case 'RaisePlaced':
      return true;
    default:
      return false;
  }
}

/** The hand's standing betting actions, first to last. */
export function standingActions(hand: HandState): ActionCheckpoint[] {
  const actions: ActionCheckpoint[] = [];
  for (let c = hand.lastAction ?? null; c !== null; c = c.before.lastAction ?? null) actions.push(c);
  return actions.reverse();
}

type Result = Decision<TableEvent, Rejection>;
const no = (code: Rejection['code'], message: string, field?: string): Result => reject(rejection(code, message, field));

export function correctAction(command: Extract<TableCommand, { type: 'CorrectAction' }>, state: TableState): Result {
  const { action, reason } = command as { action: unknown; reason: unknown };
  if (typeof reason !== 'string' || reason.trim().length === 0 || reason.length > MAX_CORRECTION_REASON)
    return no('INVALID_COMMAND', `Say why the action is corrected (1 to ${MAX_CORRECTION_REASON} characters).`, 'reason');
  if (typeof action !== 'number' || !Number.isInteger(action) || action < 1)
    return no('INVALID_COMMAND', 'Name the action to take back by its number in the hand (1 is the first).', 'action');
  if (!handInProgress(state)) return no('NO_ACTION_TO_CORRECT', 'No hand is in progress: a hand whose pot was awarded is final.');
  const hand = state.hand!;
  const standing = standingActions(hand);
  if (standing.length === 0) return no('NO_ACTION_TO_CORRECT', 'Nobody has acted in this hand yet: there is nothing to take back.');
  if (action > standing.length)
    return no(
      'ACTION_NOT_FOUND',
      `This hand has ${standing.length} action${standing.length === 1 ? '' : 's'} standing; there is no action ${action}.`,
      'action',
    );
  const before = standing[action - 1].before;
  const seen = cardsSeenSince(before, hand);
  if (seen !== null)
    return no(
      'CORRECTION_PAST_CARDS',
      `${seen} after that action; the floor may not back up the action past cards the players have seen.`,
      'action',
    );
  for (const p of before.players) {
    if (p.folded) continue;
    const seat = seatAt(state, p.seat);
    if (seat === null || seat.playerId !== p.playerId)
      return no(
        'CORRECTION_PLAYER_LEFT',
        `Player ${p.playerId} has left seat ${p.seat} since that action; it cannot be taken back.`,
        'action',
      );
  }
  const retracted = standing.slice(action - 1).map((c) => c.action);
  return accept([{ type: 'ActionCorrected', handNumber: hand.handNumber, action, retracted, reason: reason.trim() }]);
}

/** What the players have seen since `before`, as the start of a sentence, or null. */
function cardsSeenSince(before: HandState, now: HandState): string | null {
  if (now.board.length > before.board.length)
    return before.board.length === 0 ? 'The flop was dealt' : before.board.length === 3 ? 'The turn was dealt' : 'The river was dealt';
  for (const p of now.players) {
    const then = before.players.find((b) => b.seat === p.seat)!;
    if (p.shown && !then.shown) return `Seat ${p.seat} showed their hand`;
    if (p.mucked && !then.mucked) return `Seat ${p.seat} mucked`;
  }
  return null;
}

/** evolve for ActionCorrected: the hand as it was before the action; hole cards learnt since (a reader's) are kept. */
export function correctedTable(state: TableState, event: Extract<TableEvent, { type: 'ActionCorrected' }>): TableState {
  const hand = state.hand;
  if (hand === null || hand.handNumber !== event.handNumber)
    throw new Error(`corrupt stream: ActionCorrected for hand ${event.handNumber} out of place`);
  const target = standingActions(hand)[event.action - 1];
  if (target === undefined) throw new Error(`corrupt stream: hand ${event.handNumber} has no action ${event.action} to correct`);
  const restored = cloneHand(target.before);
  restored.players = target.before.players.map((p) => withKnownCards(p, hand));
  const next = cloneTable(state);
  next.hand = restored;
  return next;
}

function withKnownCards(p: HandPlayer, now: HandState): HandPlayer {
  const current = now.players.find((q) => q.seat === p.seat)!;
  return current.holeCards === p.holeCards ? p : playerWith(p, { holeCards: current.holeCards });
}

/**
 * The number (1 = first) that CorrectAction takes for the action recorded at stream version `version`, from the
 * hand's recorded events (HandStarted onwards, with their versions, in order): for the API and the script runner,
 * which know versions where the engine does not. A string says why there is none.
 */
export function actionNumberAt(
  handEvents: readonly { readonly version: number; readonly event: TableEvent }[],
  version: number,
): number | string {
  const standing: number[] = [];
  let started = false;
  for (const { version: v, event } of handEvents) {
    if (event.type === 'HandStarted') {
      standing.length = 0;
      started = true;
    } else if (isBettingActionEvent(event)) standing.push(v);
    else if (event.type === 'ActionCorrected') standing.length = event.action - 1;
  }
  if (!started) return 'no hand has started';
  const i = standing.indexOf(version);
  return i < 0 ? `event ${version} is not a betting action still standing in the hand in progress` : i + 1;
}

/** The stream versions of the betting actions a correction took back, from a hand's recorded events in order. */
export function retractedVersions(handEvents: readonly { readonly version: number; readonly event: TableEvent }[]): Set<number> {
  const standing: number[] = [];
  const retracted = new Set<number>();
  for (const { version, event } of handEvents) {
    if (event.type === 'HandStarted') standing.length = 0;
    else if (isBettingActionEvent(event)) standing.push(version);
    else if (event.type === 'ActionCorrected') for (const v of standing.splice(event.action - 1)) retracted.add(v);
  }
  return retracted;
}

/**
 * The events as the hand was finally played: every betting action a correction took back left out (the
 * ActionCorrected events themselves stay, for exports to note). For hand-history formats, which know no retraction.
 */
export function withoutRetracted(events: readonly TableEvent[]): TableEvent[] {
  const recorded = events.map((event, version) => ({ version, event }));
  const retracted = retractedVersions(recorded);
  return retracted.size === 0 ? events.slice() : events.filter((_, i) => !retracted.has(i));
}
