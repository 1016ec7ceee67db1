import { reject, type Decision } from '../decider';
import { isCommandTime, type TableCommand } from './commands';
import type { TableEvent, Street } from './events';
import { rejection, type Rejection, type RejectionCode } from './rejections';
import { normalizeRules, isChipAmount, rulesVersion, type DeckSourceRule } from './rules';
import { handInProgress, playerInHand, seatAt, type HandPlayer, type HandState, type TableState } from './state';
import { evolve } from './evolve';
import { planNextHand } from './positions';
import { resolveDeck, holeCardsFromDeck, shuffleMethod, deckSourceCheck } from './deck';
import { deckCommitment, isSalt } from '../shuffle/deck-commitment';
import { bettingOptions, callAmount, mayCheck, isBounds, isFullRaise } from '../betting/limits';
import { playerToAct, contenderCount, activeCount, indexAfter, NEXT_STREET, BOARD_CARDS } from '../betting/round';
import type { Card } from '../cards/card';
import { uncalledBet } from '../betting/pots';
import { awardPots, showdownOrder } from '../betting/showdown';
import { isLiveCards, liveBoardLeft, liveStartCheck, dealBoard, reportHoleCards, shownCards, readerRecordStands } from './live-cards';
import type { TableHooks } from './hooks';
import { correctAction } from './corrections';
import { changeSeat } from './seat-change';

/**
 * An accepted command comes with the state its events lead to (`state`), so a caller folds nothing twice: the
 * engine keeps no cache between calls (docs/architecture.md, "A pure engine").
 */
export type TableDecision =
  | { readonly ok: true; readonly events: readonly TableEvent[]; readonly state: TableState }
  | { readonly ok: false; readonly rejection: Rejection };
type Result = TableDecision;

const no = (code: RejectionCode, message: string, field?: string): Result => reject(rejection(code, message, field));

/**
 * decide: may this command happen, and what happens if it does. A rule violation is a rejection value; the
 * accepted command's own event is followed by what the dealer does automatically (deal, return an uncalled
 * bet, start the showdown, award pots), derived from the state the event leads to. An accepted decision also
 * carries that state.
 */
export function decide(h: TableHooks, command: TableCommand, state: TableState): Result {
  const decided = decideCommand(h, command, state);
  if (!decided.ok || decided.events.length === 0) return decided;
  // What the house options add after any command that recorded something (a clock for the player to act).
  const after = h.houseAfterCommand(command, state, decided.state, (st, e) => evolve(h, st, e));
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

/** A decision made elsewhere in table/ (a correction, a seat change), with the state its events lead to. */
function followedUp(h: TableHooks, decision: Decision<TableEvent, Rejection>, state: TableState): Result {
  if (!decision.ok) return decision;
  let s = state;
  for (const e of decision.events) s = evolve(h, s, e);
  return { ok: true, events: decision.events, state: s };
}

/** Accepted with nothing to record: the state stays as it is. */
function unchanged(state: TableState): Result {
  return { ok: true, events: NOTHING, state };
}

/** Commands that act for a seat in the hand: the seat need not still be occupied (a player may have left). */
function actsForHandSeat(h: TableHooks, type: TableCommand['type']): boolean {
  switch (type) {
    case 'Fold':
    case 'Check':
    case 'Call':
    case 'Bet':
    case 'Raise':
    case 'ShowHand':
    case 'MuckHand':
    case 'PostBlind':
    case 'ReportHoleCards':
      return true;
    case 'SeatPlayer':
    case 'LeaveTable':
    case 'SitOut':
    case 'SitIn':
    case 'AddChips':
    case 'PlaceButton':
      return false;
    default:
      return h.houseCommand(type)?.spec.actsForHandSeat ?? false;
  }
}

/** The chip amount a command carries, if any (a switch: a lookup table keyed by the type missed for most commands). */
function amountField(
  h: TableHooks,
  type: TableCommand['type'],
): { field: 'amount' | 'to' | 'buyIn'; name: string; optional?: true } | null {
  switch (type) {
    case 'Bet':
    case 'AddChips':
      return AMOUNT;
    case 'Raise':
      return RAISE_TOTAL;
    case 'SeatPlayer':
      return BUY_IN;
    // The other core commands carry no amount (listed so the hot ones never look in the registry).
    case 'Fold':
    case 'Check':
    case 'Call':
    case 'PostBlind':
    case 'ShowHand':
    case 'MuckHand':
    case 'StartHand':
    case 'Deal':
    case 'DealBoard':
    case 'ReportHoleCards':
    case 'OpenTable':
    case 'CloseTable':
    case 'LeaveTable':
    case 'SitOut':
    case 'SitIn':
    case 'DrawForButton':
    case 'PlaceButton':
    case 'ChangeRules':
    case 'VoidHand':
      return null;
    default:
      return (h.houseCommand(type)?.spec.amount as ReturnType<typeof amountField> | undefined) ?? null;
  }
}
const AMOUNT = { field: 'amount', name: 'amount' } as const;
const RAISE_TOTAL = { field: 'to', name: 'raise total' } as const;
const BUY_IN = { field: 'buyIn', name: 'buy-in' } as const;

/** Shape checks for JSON that did not come through a typed client: seats and amounts must be whole numbers. */
function checkFields(h: TableHooks, command: TableCommand, state: TableState): Result | null {
  const c = command as unknown as Record<string, unknown>;
  if (c.at !== undefined && !isCommandTime(c.at))
    return no('INVALID_COMMAND', "The command's time (at) must be an ISO-8601 UTC time such as 2026-01-02T03:04:05.678Z.", 'at');
  const seat = c.seat;
  if (seat !== undefined || 'seat' in command) {
    const max = state.rules?.maxSeats ?? 10;
    if (typeof seat !== 'number' || !Number.isInteger(seat) || seat < 1 || seat > max)
      return no('SEAT_OUT_OF_RANGE', `Seat must be a whole number from 1 to ${max}.`, 'seat');
    if (command.type !== 'SeatPlayer' && !actsForHandSeat(h, command.type) && seatAt(state, seat) === null)
      return no('SEAT_EMPTY', `Nobody sits in seat ${seat}.`, 'seat');
  }
  const amount = amountField(h, command.type);
  if (amount !== null) {
    const value = c[amount.field];
    if (!(value === undefined && amount.optional) && !(isChipAmount(value) && value > 0))
      return no('INVALID_AMOUNT', `The ${amount.name} must be a whole number of chips above zero.`, amount.field);
  }
  if (command.type === 'SitIn' && c.waitForBigBlind !== undefined && typeof c.waitForBigBlind !== 'boolean')
    return no('INVALID_COMMAND', 'waitForBigBlind must be true or false.', 'waitForBigBlind');
  if (command.type === 'SeatPlayer' && c.postToEnter !== undefined && typeof c.postToEnter !== 'boolean')
    return no('INVALID_COMMAND', 'postToEnter must be true or false.', 'postToEnter');
  return null;
}

function openTable(h: TableHooks, command: Extract<TableCommand, { type: 'OpenTable' }>, state: TableState): Result {
  if (state.status !== 'unopened') return no('TABLE_ALREADY_OPEN', 'This table was already opened.');
  if (typeof command.tableId !== 'string' || !/^[A-Za-z0-9_.:-]{1,64}$/.test(command.tableId))
    return no('INVALID_COMMAND', 'The table id must be 1 to 64 letters, digits or - _ . :', 'tableId');
  const normalized = normalizeRules(h, command.rules);
  if (!normalized.ok) return reject(normalized.rejection);
  return withFollowUps(h, state, [{ type: 'TableOpened', tableId: command.tableId, rules: normalized.rules }]);
}

function closeTable(h: TableHooks, state: TableState): Result {
  if (handInProgress(state)) return no('HAND_IN_PROGRESS', 'Finish or void the hand in progress before closing the table.');
  const events: TableEvent[] = [];
  for (const s of state.seats) if (s) events.push({ type: 'PlayerLeft', seat: s.seat, playerId: s.playerId, cashOut: s.stack });
  events.push({ type: 'TableClosed' });
  return withFollowUps(h, state, events);
}

function seatPlayer(h: TableHooks, command: Extract<TableCommand, { type: 'SeatPlayer' }>, state: TableState): Result {
  if (seatAt(state, command.seat) !== null) return no('SEAT_TAKEN', `Seat ${command.seat} is taken.`, 'seat');
  if (typeof command.playerId !== 'string' || command.playerId.length === 0 || command.playerId.length > 64)
    return no('INVALID_COMMAND', 'The player id must be 1 to 64 characters.', 'playerId');
  if (isSeated(state, command.playerId))
    return no('PLAYER_ALREADY_SEATED', `Player ${command.playerId} already has a seat at this table.`, 'playerId');
  const range = state.rules!.buyIn;
  if (range && (command.buyIn < range.min || command.buyIn > range.max))
    return no('BUY_IN_OUT_OF_RANGE', `The buy-in must be from ${range.min} to ${range.max}.`, 'buyIn');
  return withFollowUps(h, state, [
    {
      type: 'PlayerSeated',
      seat: command.seat,
      playerId: command.playerId,
      buyIn: command.buyIn,
      postToEnter: command.postToEnter === true,
    },
  ]);
}

function isSeated(state: TableState, playerId: string): boolean {
  for (const s of state.seats) if (s !== null && s.playerId === playerId) return true;
  return false;
}

function dealtIn(state: TableState, seat: number): HandPlayer | undefined {
  if (!handInProgress(state)) return undefined;
  const p = playerInHand(state.hand!, seat);
  return p && p.playerId === seatAt(state, seat)?.playerId ? p : undefined;
}

function leaveTable(h: TableHooks, command: Extract<TableCommand, { type: 'LeaveTable' }>, state: TableState): Result {
  const seat = seatAt(state, command.seat)!;
  const objection = h.seatMayGo(state, command.seat, 'leave');
  if (objection) return reject(objection);
  const inHand = dealtIn(state, command.seat);
  if (inHand && !inHand.folded) return no('PLAYER_IN_HAND', `Seat ${command.seat} is still in the hand; fold or finish it first.`, 'seat');
  return withFollowUps(h, state, [
    { type: 'PlayerLeft', seat: command.seat, playerId: seat.playerId, cashOut: inHand ? inHand.stack : seat.stack },
  ]);
}

/**
 * Sitting out cannot dodge a forced bet that is due (rules version 2): a house option may object (a forced bet it
 * owes the next hand), and a seat with a forced bet due in the hand now being dealt posts it first. Version 1
 * accepted both.
 */
function sitOut(h: TableHooks, command: Extract<TableCommand, { type: 'SitOut' }>, state: TableState): Result {
  if (seatAt(state, command.seat)!.sittingOut) return unchanged(state);
  if (rulesVersion(state.rules!) >= 2) {
    const objection = h.seatMayGo(state, command.seat, 'sit-out');
    if (objection) return reject(objection);
    const hand = state.hand;
    const due =
      hand && hand.phase === 'forced-bets' && dealtIn(state, command.seat)
        ? hand.forcedBetsDue.find((f) => f.seat === command.seat)
        : undefined;
    if (due)
      return no(
        'BLINDS_PENDING',
        `Seat ${command.seat} owes the ${due.kind.replace(/-/g, ' ')} of ${due.amount} in this hand; post it before sitting out.`,
        'seat',
      );
  }
  return withFollowUps(h, state, [{ type: 'PlayerSatOut', seat: command.seat }]);
}

function addChips(h: TableHooks, command: Extract<TableCommand, { type: 'AddChips' }>, state: TableState): Result {
  if (dealtIn(state, command.seat))
    return no('PLAYER_IN_HAND', `Seat ${command.seat} is in the hand; chips can be added after it ends.`, 'seat');
  const seat = seatAt(state, command.seat)!;
  const max = state.rules!.buyIn?.max;
  if (max !== undefined && seat.stack + command.amount > max)
    return no('BUY_IN_OUT_OF_RANGE', `Seat ${command.seat} may have at most ${max} on the table.`, 'amount');
  return withFollowUps(h, state, [{ type: 'ChipsAdded', seat: command.seat, amount: command.amount }]);
}

function drawForButton(h: TableHooks, command: Extract<TableCommand, { type: 'DrawForButton' }>, state: TableState): Result {
  if (state.handsPlayed > 0 || state.initialButton !== null) return no('BUTTON_ALREADY_PLACED', 'The button has already been placed.');
  const seats = state.seats.filter((s) => s !== null && !s.sittingOut);
  if (seats.length < 2) return no('NOT_ENOUGH_PLAYERS', 'At least two seated players are needed to draw for the button.');
  const refusedSource = deckSourceCheck(state.rules!, command, 'draw');
  if (refusedSource) return reject(refusedSource);
  const deck = resolveDeck(command);
  if (!deck.ok) return no('INVALID_DECK', `The deck is invalid: ${deck.why}.`, deck.field);
  // One card each, clockwise from seat 1; the highest card wins, suits breaking ties in bridge order (the card
  // numbering already orders clubs < diamonds < hearts < spades within a rank).
  const draws = seats.map((s, i) => ({ seat: s!.seat, card: deck.deck[i] }));
  const button = draws.reduce((best, d) => (d.card > best.card ? d : best)).seat;
  return withFollowUps(h, state, [{ type: 'ButtonDrawn', draws, button, shuffle: deck.shuffle }]);
}

function startHand(h: TableHooks, command: Extract<TableCommand, { type: 'StartHand' }>, state: TableState): Result {
  if (handInProgress(state)) return no('HAND_IN_PROGRESS', `Hand ${state.hand!.handNumber} is still in progress.`);
  const live = isLiveCards(state.rules);
  const refusedDeck = live ? liveStartCheck(command) : deckSourceCheck(state.rules!, command, 'hand');
  if (refusedDeck) return reject(refusedDeck);
  const deck = live ? null : resolveDeck(command);
  if (deck && !deck.ok) return no('INVALID_DECK', `The deck is invalid: ${deck.why}.`, deck.field);
  const salt = command.salt ?? '';
  if (command.salt !== undefined && !isSalt(salt))
    return no('INVALID_DECK', 'The deck is invalid: the salt is 16 to 64 bytes as lower-case hex digits.', 'salt');
  const plan = planNextHand(h, state);
  if ('problem' in plan)
    return plan.problem === 'BUTTON_NOT_PLACED'
      ? no('BUTTON_NOT_PLACED', 'Draw for the button (or place it) before the first hand.')
      : no('NOT_ENOUGH_PLAYERS', 'At least two players with chips must be ready to play.');
  const started: TableEvent = {
    type: 'HandStarted',
    handNumber: state.handsPlayed + 1,
    button: plan.button,
    smallBlindSeat: plan.smallBlindSeat,
    bigBlindSeat: plan.bigBlindSeat,
    players: plan.dealt.map((seat) => {
      const s = seatAt(state, seat)!;
      return { seat, playerId: s.playerId, stack: s.stack };
    }),
    forcedBets: plan.forcedBets,
    // A live table's deck is known to nobody: nothing to commit to, and nothing to seal.
    shuffle: deck ? shuffleMethod(deck.shuffle) : { kind: 'live' },
    deckCommitment: deck ? deckCommitment(salt, deck.deck) : null,
    // The house options' fields (the blinds missed, a kill): planned with the forced bets.
    ...plan.started,
  };
  // Every hand's record says where its deck came from (a training table's above all), where the rules say it.
  const source = state.rules!.deckSource;
  if (source !== undefined) (started as { deckSource?: DeckSourceRule }).deckSource = source;
  if (deck === null) return withFollowUps(h, state, [started]);
  const sealed: TableEvent = { type: 'DeckSealed', handNumber: started.handNumber, deck: deck.deck, shuffle: deck.shuffle, salt };
  return withFollowUps(h, state, [started, sealed]);
}

function currentHand(state: TableState): HandState | Result {
  if (!handInProgress(state)) return no('HAND_NOT_IN_PROGRESS', 'No hand is in progress.');
  return state.hand!;
}

function postBlind(h: TableHooks, command: Extract<TableCommand, { type: 'PostBlind' }>, state: TableState): Result {
  const hand = currentHand(state);
  if ('ok' in hand) return hand;
  const due =
    hand.phase === 'forced-bets'
      ? hand.forcedBetsDue.find((f) => f.seat === command.seat && (command.blind === undefined || f.kind === command.blind))
      : undefined;
  if (!due)
    return no(
      'BLIND_NOT_DUE',
      `Seat ${command.seat} owes no ${command.blind ?? 'forced bet'} now.`,
      command.blind === undefined ? 'seat' : 'blind',
    );
  // Blind first, then ante (TDA RP-11): a short big blind's chips go to the live blind before the dead ante.
  if (due.kind === 'ante' && hand.forcedBetsDue.some((f) => f.seat === command.seat && f.kind !== 'ante'))
    return no('BLIND_NOT_DUE', `Seat ${command.seat} posts the blind before the ante.`, 'blind');
  const player = playerInHand(hand, command.seat)!;
  const amount = Math.min(due.amount, player.stack);
  return withFollowUps(h, state, [
    { type: 'BlindPosted', seat: command.seat, kind: due.kind, amount, live: due.live, allIn: amount === player.stack },
  ]);
}

type BettingCommand = Extract<TableCommand, { type: 'Fold' | 'Check' | 'Call' | 'Bet' | 'Raise' }>;

/** The checks shared by every betting action: the hand, the phase, the seat and the turn. */
export function actingPlayer(state: TableState, seat: number): HandPlayer | Rejection {
  if (!handInProgress(state)) return rejection('HAND_NOT_IN_PROGRESS', 'No hand is in progress.');
  const hand = state.hand!;
  if (hand.phase === 'forced-bets') return rejection('BLINDS_PENDING', 'The forced bets have not all been posted yet.');
  if (hand.phase !== 'betting') return rejection('BETTING_OVER', 'The betting is over; the hand is at the showdown.');
  const player = playerInHand(hand, seat);
  if (!player || player.folded) return rejection('NOT_IN_HAND', `Seat ${seat} is not in this hand.`, 'seat');
  const toAct = playerToAct(hand);
  if (!toAct || toAct.seat !== seat)
    return rejection(
      'NOT_YOUR_TURN',
      toAct ? `It is seat ${toAct.seat}'s turn to act, not seat ${seat}'s.` : `Seat ${seat} has no action to take.`,
      'seat',
    );
  return player;
}

function bettingAction(h: TableHooks, command: BettingCommand, state: TableState): Result {
  const player = actingPlayer(state, command.seat);
  if ('code' in player) return reject(player);
  const seat = command.seat;
  // A fold is always open to the player to act: no betting options to work out.
  if (command.type === 'Fold') return withFollowUps(h, state, [{ type: 'PlayerFolded', seat }]);
  const hand = state.hand!;
  // Check and Call need only their part of the betting options (the same functions bettingOptions uses).
  if (command.type === 'Check') {
    if (!mayCheck(hand, player))
      return no('CANNOT_CHECK', `Seat ${seat} faces a bet of ${callAmount(hand, player)} more and cannot check.`);
    return withFollowUps(h, state, [{ type: 'PlayerChecked', seat }]);
  }
  if (command.type === 'Call') {
    const toCall = callAmount(hand, player);
    if (toCall === 0) return no('NOTHING_TO_CALL', `Seat ${seat} has nothing to call; check instead.`);
    return withFollowUps(h, state, [{ type: 'PlayerCalled', seat, amount: toCall, allIn: toCall === player.stack }]);
  }
  const rules = state.rules!;
  const options = bettingOptions(rules, hand, player);
  switch (command.type) {
    case 'Bet': {
      if (!isBounds(options.bet)) return no(options.bet.blocked, `Seat ${seat} cannot bet: ${options.bet.why}.`);
      if (command.amount < options.bet.min) return no('BET_BELOW_MINIMUM', `The bet must be at least ${options.bet.min}.`, 'amount');
      if (command.amount > options.bet.max)
        return no(
          command.amount > player.stack ? 'INSUFFICIENT_CHIPS' : 'BET_ABOVE_MAXIMUM',
          `The bet may be at most ${options.bet.max}.`,
          'amount',
        );
      const full = isFullRaise(rules, hand, command.amount);
      return withFollowUps(h, state, [{ type: 'BetPlaced', seat, amount: command.amount, allIn: command.amount === player.stack, full }]);
    }
    case 'Raise': {
      if (!isBounds(options.raise)) return no(options.raise.blocked, `Seat ${seat} cannot raise: ${options.raise.why}.`);
      if (command.to < options.raise.min) return no('RAISE_BELOW_MINIMUM', `The raise must be to at least ${options.raise.min}.`, 'to');
      if (command.to > options.raise.max)
        return no(
          command.to > player.live + player.stack ? 'INSUFFICIENT_CHIPS' : 'RAISE_ABOVE_MAXIMUM',
          `The raise may be to at most ${options.raise.max}.`,
          'to',
        );
      const allIn = command.to === player.live + player.stack;
      const full = isFullRaise(rules, hand, command.to);
      return withFollowUps(h, state, [{ type: 'RaisePlaced', seat, to: command.to, allIn, full }]);
    }
  }
}

/** Contenders that still have to table or muck, in showdown order. */
export function undecidedAtShowdown(hand: HandState): number[] {
  const undecided: number[] = [];
  for (const seat of hand.showdownOrder) if (isUndecided(playerInHand(hand, seat)!)) undecided.push(seat);
  return undecided;
}

function isUndecided(p: HandPlayer): boolean {
  return !p.shown && !p.mucked && !p.folded;
}

function showdownAction(h: TableHooks, command: Extract<TableCommand, { type: 'ShowHand' | 'MuckHand' }>, state: TableState): Result {
  const hand = currentHand(state);
  if ('ok' in hand) return hand;
  if (hand.phase !== 'showdown') return no('NOT_SHOWDOWN', 'The hand has not reached the showdown.');
  const undecided = undecidedAtShowdown(hand);
  if (!undecided.includes(command.seat)) return no('NOT_IN_HAND', `Seat ${command.seat} has no hand to show or muck.`, 'seat');
  if (command.type === 'ShowHand') {
    // Any contender may table their hand at any time during the showdown.
    const cards = shownCards(command, state, playerInHand(hand, command.seat)!);
    if ('code' in cards) return reject(cards);
    return withFollowUps(h, state, [{ type: 'HandShown', seat: command.seat, cards }]);
  }
  if (undecided[0] !== command.seat) return no('NOT_YOUR_TURN_TO_SHOW', `Seat ${undecided[0]} tables or mucks first.`, 'seat');
  return withFollowUps(h, state, [{ type: 'HandMucked', seat: command.seat }]);
}

function voidHand(h: TableHooks, command: Extract<TableCommand, { type: 'VoidHand' }>, state: TableState): Result {
  const hand = currentHand(state);
  if ('ok' in hand) return hand;
  if (typeof command.reason !== 'string' || command.reason.trim().length === 0 || command.reason.length > 500)
    return no('INVALID_COMMAND', 'Say why the hand is voided (1 to 500 characters).', 'reason');
  const refunds = hand.players.filter((p) => p.committed > 0).map((p) => ({ seat: p.seat, amount: p.committed }));
  return withFollowUps(
    h,
    state,
    withReveal(hand, [{ type: 'HandVoided', handNumber: hand.handNumber, reason: command.reason.trim(), refunds }]),
  );
}

/**
 * Appends what the dealer does next without being asked, as long as the state calls for it. `events` is the
 * caller's fresh array: the follow-ups are pushed onto it.
 */
function withFollowUps(h: TableHooks, state: TableState, events: TableEvent[]): Result {
  let s = state;
  for (let i = 0; i < events.length; i++) s = evolve(h, s, events[i]);
  for (let guard = 0; guard < 64; guard++) {
    const next = automaticEvent(h, s);
    if (next === null) return { ok: true, events, state: s };
    if (isEventList(next)) {
      for (const e of next) {
        events.push(e);
        s = evolve(h, s, e);
      }
    } else {
      events.push(next);
      s = evolve(h, s, next);
    }
  }
  throw new Error('bug: the dealer did not settle after 64 automatic events');
}

function isEventList(next: TableEvent | readonly TableEvent[]): next is readonly TableEvent[] {
  return Array.isArray(next);
}

const NOTHING: readonly TableEvent[] = Object.freeze([]);

/** What the dealer does next without being asked (nothing when the hand waits for a command). */
export function automaticEvents(h: TableHooks, state: TableState): readonly TableEvent[] {
  const next = automaticEvent(h, state);
  return next === null ? NOTHING : isEventList(next) ? next : [next];
}

function automaticEvent(h: TableHooks, state: TableState): TableEvent | readonly TableEvent[] | null {
  const hand = state.hand;
  if (hand === null || hand.phase === 'complete') return null;
  switch (hand.phase) {
    case 'forced-bets': {
      if (hand.forcedBetsDue.length > 0 || h.dealerDeals(state.rules!)) return null;
      return holeCardsDealt(h, state, hand);
    }
    case 'betting': {
      if (contenderCount(hand) === 1) return settle(h, state, hand);
      if (playerToAct(hand) !== null) return null;
      const uncalled = uncalledBet(hand.players);
      if (uncalled) return { type: 'UncalledBetReturned', seat: uncalled.seat, amount: uncalled.amount };
      const street = NEXT_STREET[hand.round.street];
      if (street === null) return { type: 'ShowdownStarted', order: showdownOrder(hand) };
      // Rules version 2: once a player is all-in and nobody can bet any more, the hands are tabled before the rest
      // of the board is dealt (TDA 16); version 1 dealt the board first.
      if (rulesVersion(state.rules!) >= 2 && activeCount(hand) <= 1) return { type: 'ShowdownStarted', order: showdownOrder(hand) };
      // Live cards: the dealer enters the street as it is dealt (DealBoard).
      if (isLiveCards(state.rules)) return null;
      // Nobody can bet any more (rules version 1 deals the rest of the board before the showdown): a house option
      // may run it its own way.
      if (activeCount(hand) <= 1) {
        const runout = h.houseRunout(state, hand);
        if (runout !== null)
          return runout.kind === 'events'
            ? runout.events
            : runout.kind === 'wait'
              ? null
              : { type: 'ShowdownStarted', order: showdownOrder(hand) };
      }
      return nextBoard(hand, street);
    }
    case 'showdown': {
      // The first undecided contender whose cards are known: always the first one when dealt from a deck; on a
      // live table, the first whose reader's record stands (the others are tabled by the dealer's entry).
      const live = isLiveCards(state.rules);
      let firstKnown = -1;
      let undecided = 0;
      for (const seat of hand.showdownOrder) {
        const p = playerInHand(hand, seat)!;
        if (!isUndecided(p)) continue;
        if (firstKnown === -1 && (live ? readerRecordStands(hand, p) : p.holeCards.length > 0)) firstKnown = seat;
        undecided++;
      }
      let someoneShown = false;
      let someoneAllIn = false;
      for (const p of hand.players) {
        if (p.folded) continue;
        if (p.shown && !p.mucked) someoneShown = true;
        if (p.allIn) someoneAllIn = true;
      }
      // All-in showdowns are tabled at once (TDA 16).
      if (undecided > 0 && someoneAllIn && firstKnown !== -1)
        return { type: 'HandShown', seat: firstKnown, cards: playerInHand(hand, firstKnown)!.holeCards };
      // Tabled before the runout (rules version 2): the rest of the board now, then the award. On a live table the
      // dealer enters it (DealBoard, once every hand is tabled: liveBoardLeft), unless nobody is left to contest the pot.
      if (live) {
        if (liveBoardLeft(h, state, hand) && !(undecided === 1 && !someoneShown)) return null;
      } else {
        const street = NEXT_STREET[hand.round.street];
        if (street !== null) {
          // Betting is over for good: a house option may stop the board (a chop), wait for a command, or deal it.
          const runout = h.houseRunout(state, hand);
          if (runout === null) return nextBoard(hand, street);
          if (runout.kind === 'wait') return null;
          if (runout.kind === 'events') return runout.events;
        }
      }
      if (undecided === 0 || (undecided === 1 && !someoneShown)) return settle(h, state, hand);
      return null;
    }
  }
}

const NO_EVENTS: readonly TableEvent[] = Object.freeze([]);

/** The next street's board cards, after a burn. */
function nextBoard(hand: HandState, street: Exclude<Street, 'preflop'>): TableEvent {
  const start = hand.deckPosition + 1; // burn one
  return { type: 'BoardDealt', street, cards: hand.deck.slice(start, start + BOARD_CARDS[street]) };
}

/**
 * The end of a hand: the uncalled bet back, what the house options take first (the rake), then each pot awarded
 * (side pots first), the house options' hand-end events (the kill button) and the hand ended, in one step since
 * they follow from the same awards. The modules shape each step through their `settle` (house-options/rule-module.ts
 * Settlement).
 */
function settle(h: TableHooks, state: TableState, hand: HandState): TableEvent | TableEvent[] {
  const uncalled = uncalledBet(hand.players);
  if (uncalled && hand.potsAwarded === 0) return { type: 'UncalledBetReturned', seat: uncalled.seat, amount: uncalled.amount };
  if (hand.potsAwarded === 0) {
    const taken = h.settle(state, hand, { step: 'take', events: NO_EVENTS }).events;
    // One at a time: the first is recorded and the step asked again, so each module sees the earlier ones folded.
    if (taken.length > 0) return taken[0];
  }
  const held = h.heldFromPots(state, hand);
  const { awards } = h.settle(state, hand, { step: 'award', awards: awardPots(hand, held), held });
  const events: TableEvent[] = awards.map((a) => ({
    type: 'PotAwarded',
    pot: a.pot,
    amount: a.amount,
    eligible: a.eligible,
    winners: a.winners,
  }));
  const won = new Map<number, number>();
  for (const a of awards) for (const w of a.winners) won.set(w.seat, (won.get(w.seat) ?? 0) + w.amount);
  const awarded = events.length;
  for (const e of h.settle(state, hand, { step: 'after', awards, events: NO_EVENTS }).events) events.push(e);
  // A module's events after the awards may move chips (a bounty): then the stacks are those its events lead to.
  let after: HandState | null = null;
  if (events.length > awarded) {
    let s = state;
    for (const e of events) s = evolve(h, s, e);
    after = s.hand!;
  }
  const stacks: { seat: number; stack: number }[] = new Array(hand.players.length);
  for (let i = 0; i < stacks.length; i++) {
    const p = hand.players[i];
    stacks[i] = { seat: p.seat, stack: after === null ? p.stack + (won.get(p.seat) ?? 0) : after.players[i].stack };
  }
  events.push({ type: 'HandEnded', handNumber: hand.handNumber, stacks });
  return withReveal(hand, events);
}

/** The hand's end, then its sealed deck revealed (hands of old logs had no seal: their deck was in HandStarted). */
function withReveal(hand: HandState, events: TableEvent[]): TableEvent[] {
  if (hand.seal !== null)
    events.push({ type: 'DeckRevealed', handNumber: hand.handNumber, deck: hand.deck, shuffle: hand.seal.shuffle, salt: hand.seal.salt });
  return events;
}

function holeCardsDealt(h: TableHooks, state: TableState, hand: HandState): TableEvent {
  const players = hand.players;
  const n = players.length;
  const start = indexAfter(players, hand.button);
  // Live cards go out face down from a shoe nobody reads: unknown until a reader reports or a player shows.
  const cards = isLiveCards(state.rules) ? null : holeCardsFromDeck(hand.deck, n);
  const hands: { seat: number; cards: Card[] | null }[] = new Array(n);
  for (let i = 0; i < n; i++) hands[i] = { seat: players[(start + i) % n].seat, cards: cards === null ? null : cards[i] };
  return { type: 'HoleCardsDealt', hands };
}

function deal(h: TableHooks, state: TableState): Result {
  const hand = currentHand(state);
  if ('ok' in hand) return hand;
  if (hand.phase !== 'forced-bets') return no('OPTION_NOT_ALLOWED_NOW', 'The cards are already dealt.');
  if (hand.forcedBetsDue.length > 0) return no('BLINDS_PENDING', `Seat ${hand.forcedBetsDue[0].seat} still owes a forced bet.`);
  return withFollowUps(h, state, [holeCardsDealt(h, state, hand)]);
}

function changeRules(h: TableHooks, command: Extract<TableCommand, { type: 'ChangeRules' }>, state: TableState): Result {
  if (handInProgress(state)) return no('HAND_IN_PROGRESS', 'Rules change between hands; finish or void the hand first.');
  const normalized = normalizeRules(h, command.rules);
  if (!normalized.ok) return reject(normalized.rejection);
  const occupied = state.seats.filter((s) => s !== null && s.seat > normalized.rules.maxSeats);
  if (occupied.length > 0)
    return no('INVALID_RULES', `Seat ${occupied[0]!.seat} is occupied; the table cannot shrink below it.`, 'rules.maxSeats');
  return withFollowUps(h, state, [{ type: 'RulesChanged', rules: normalized.rules }]);
}
