import { reject } from '../decider';
import type { TableCommand } from './commands';
import type { TableEvent } from './events';
import { rejection, type Rejection } from './rejections';
import type { DeckSourceRule } from './rules';
import { handInProgress, playerInHand, seatAt, type HandPlayer, type HandState, type TableState } from './state';
import { planNextHand } from './positions';
import { resolveDeck, shuffleMethod, deckSourceCheck } from './deck';
import { deckCommitment, isSalt } from '../shuffle/deck-commitment';
import { bettingOptions, callAmount, mayCheck, isBounds, isFullRaise } from '../betting/limits';
import { playerToAct } from '../betting/round';
import { isLiveCards, liveStartCheck, shownCards } from './live-cards';
import type { TableHooks } from './hooks';
import type { HouseHandStarted } from './extensions';
import { no, type Result } from './decided';
import { holeCardsDealt, withFollowUps, withReveal } from './dealer';

/** A hand's commands: starting it, the forced bets, the deal, the betting, the showdown and voiding it. */

export function startHand(h: TableHooks, command: Extract<TableCommand, { type: 'StartHand' }>, state: TableState): Result {
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
  const dealt = plan.dealt;
  const players: { seat: number; playerId: string; stack: number }[] = new Array(dealt.length);
  for (let i = 0; i < dealt.length; i++) {
    const s = seatAt(state, dealt[i])!;
    players[i] = { seat: dealt[i], playerId: s.playerId, stack: s.stack };
  }
  const core: Omit<HandStartedEvent, keyof HouseHandStarted> = {
    type: 'HandStarted',
    handNumber: state.handsPlayed + 1,
    button: plan.button,
    smallBlindSeat: plan.smallBlindSeat,
    bigBlindSeat: plan.bigBlindSeat,
    players,
    forcedBets: plan.forcedBets,
    // A live table's deck is known to nobody: nothing to commit to, and nothing to seal.
    shuffle: deck ? shuffleMethod(deck.shuffle) : { kind: 'live' },
    deckCommitment: deck ? deckCommitment(salt, deck.deck) : null,
  };
  // The house options' fields (the blinds missed, a kill), planned with the forced bets, after the core's in their
  // order (as a spread would put them: the recorded JSON keeps its key order). A loop, since a spread at the end of
  // a literal takes V8's slow path.
  const house = plan.started as unknown as Record<string, unknown>;
  const record = core as unknown as Record<string, unknown>;
  for (const key in house) record[key] = house[key];
  const started = core as HandStartedEvent;
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

export function postBlind(h: TableHooks, command: Extract<TableCommand, { type: 'PostBlind' }>, state: TableState): Result {
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

export function deal(h: TableHooks, state: TableState): Result {
  const hand = currentHand(state);
  if ('ok' in hand) return hand;
  if (hand.phase !== 'forced-bets') return no('OPTION_NOT_ALLOWED_NOW', 'The cards are already dealt.');
  if (hand.forcedBetsDue.length > 0) return no('BLINDS_PENDING', `Seat ${hand.forcedBetsDue[0].seat} still owes a forced bet.`);
  return withFollowUps(h, state, [holeCardsDealt(h, state, hand)]);
}

type HandStartedEvent = Extract<TableEvent, { type: 'HandStarted' }>;
type BettingCommand = Extract<TableCommand, { type: 'Fold' | 'Check' | 'Call' | 'Bet' | 'Raise' }>;

/** The checks shared by every betting action: the hand, the phase, the seat and the turn. */
export function actingPlayer(state: TableState, seat: number): HandPlayer | Rejection {
  if (!handInProgress(state)) return rejection('HAND_NOT_IN_PROGRESS', 'No hand is in progress.');
  const hand = state.hand!;
  if (hand.phase === 'forced-bets') return rejection('BLINDS_PENDING', 'The forced bets have not all been posted yet.');
  if (hand.phase !== 'betting') return rejection('BETTING_OVER', 'The betting is over; the hand is at the showdown.');
  // Whose turn first: the player to act is the answer (no search for the seat) on every accepted action.
  const toAct = playerToAct(hand);
  if (toAct !== null && toAct.seat === seat) return toAct;
  const player = playerInHand(hand, seat);
  if (!player || player.folded) return rejection('NOT_IN_HAND', `Seat ${seat} is not in this hand.`, 'seat');
  return rejection(
    'NOT_YOUR_TURN',
    toAct ? `It is seat ${toAct.seat}'s turn to act, not seat ${seat}'s.` : `Seat ${seat} has no action to take.`,
    'seat',
  );
}

export function bettingAction(h: TableHooks, command: BettingCommand, state: TableState): Result {
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

export function showdownAction(
  h: TableHooks,
  command: Extract<TableCommand, { type: 'ShowHand' | 'MuckHand' }>,
  state: TableState,
): Result {
  const hand = currentHand(state);
  if ('ok' in hand) return hand;
  if (hand.phase !== 'showdown') return no('NOT_SHOWDOWN', 'The hand has not reached the showdown.');
  // The first contender still to table or muck, and whether this seat is one (no list of them: a show per player).
  let first = -1;
  let undecided = false;
  for (const seat of hand.showdownOrder) {
    const p = playerInHand(hand, seat)!;
    if (p.shown || p.mucked || p.folded) continue;
    if (first === -1) first = seat;
    if (seat === command.seat) undecided = true;
  }
  if (!undecided) return no('NOT_IN_HAND', `Seat ${command.seat} has no hand to show or muck.`, 'seat');
  if (command.type === 'ShowHand') {
    // Any contender may table their hand at any time during the showdown.
    const cards = shownCards(command, state, playerInHand(hand, command.seat)!);
    if ('code' in cards) return reject(cards);
    return withFollowUps(h, state, [{ type: 'HandShown', seat: command.seat, cards }]);
  }
  if (first !== command.seat) return no('NOT_YOUR_TURN_TO_SHOW', `Seat ${first} tables or mucks first.`, 'seat');
  return withFollowUps(h, state, [{ type: 'HandMucked', seat: command.seat }]);
}

export function voidHand(h: TableHooks, command: Extract<TableCommand, { type: 'VoidHand' }>, state: TableState): Result {
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
