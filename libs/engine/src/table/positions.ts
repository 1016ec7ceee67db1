import { entryObligation, type EntryObligation } from '../house-options/missed-blinds';
import type { ForcedBetDue } from './events';
import type { SeatState, TableState } from './state';
import { rulesVersion, type TableRules } from './rules';
import { killLimitPercent } from '../house-options/kill-game';

/**
 * Where the button and blinds go for the next hand, who is dealt in and which forced bets are due
 * (docs/rules.md Part A "Blinds", Part B M5-M7). Dead button (default): the big blind moves to the next player who
 * may take it and the small blind and button follow, even onto empty seats. Moving button: the button moves to
 * the next player. Heads-up the button posts the small blind (TDA 34-B).
 */
export interface HandPlan {
  readonly button: number;
  readonly smallBlindPosition: number;
  readonly smallBlindSeat: number | null;
  readonly bigBlindSeat: number;
  /** Seats dealt in, clockwise from the first seat left of the button. */
  readonly dealt: readonly number[];
  readonly forcedBets: readonly ForcedBetDue[];
  readonly missedBlinds: readonly { readonly seat: number; readonly blind: 'small' | 'big' }[];
  readonly kill: { readonly seat: number; readonly limitPercent: number } | null;
}

/** The i-th seat clockwise after `seat` (i = 1 .. maxSeats; the last is `seat` itself). */
function seatAfter(seat: number, i: number, maxSeats: number): number {
  return ((seat - 1 + i) % maxSeats) + 1;
}

/** How many seats lie strictly between `from` and `to`, clockwise (all of them, `from` last, when `to` is not a seat). */
function countBetween(from: number, to: number, maxSeats: number): number {
  for (let i = 1; i <= maxSeats; i++) if (seatAfter(from, i, maxSeats) === to) return i - 1;
  return maxSeats;
}

/**
 * How a seat stands for the next hand, as bit flags so "any of these" is one mask test (the planner runs for
 * every hand; Maps, rest arguments and seat lists here cost a twentieth of a check/call hand).
 */
const REGULAR = 1;
const POSTER = 2;
const WAITER = 4;
const OUT = 8;
const CAN_BE_BIG_BLIND = REGULAR | POSTER | WAITER;

export function planNextHand(state: TableState): HandPlan | { problem: 'BUTTON_NOT_PLACED' | 'NOT_ENOUGH_PLAYERS' } {
  const rules = state.rules as TableRules;
  const v2 = rulesVersion(rules) >= 2;
  const max = rules.maxSeats;
  const seatOf = (n: number): SeatState | null => state.seats[n - 1] ?? null;
  const eligible = (s: SeatState | null): s is SeatState => s !== null && !s.sittingOut && s.stack > 0;
  let eligibleCount = 0;
  for (const s of state.seats) if (eligible(s)) eligibleCount++;
  const gameRunning = state.handsPlayed > 0 && eligibleCount > 2;
  // A triggered kill is on when the killer is still here and ready to play (house-options/kill-game.ts).
  const killGame = rules.houseOptions.killGame;
  const killer = state.kill.killer;
  const killOn = killGame !== null && killer !== null && seatOf(killer.seat)?.playerId === killer.playerId && eligible(seatOf(killer.seat));
  // By seat number (index 0 unused).
  const obligations: (EntryObligation | undefined)[] = new Array(max + 1);
  const standings: number[] = new Array(max + 1);
  for (let n = 1; n <= max; n++) {
    const s = seatOf(n);
    if (!eligible(s) || (killOn && s.isNew && gameRunning)) {
      // A new player may not play a killed pot (RRoP §13 #12).
      standings[n] = OUT;
      continue;
    }
    const obligation = entryObligation(
      { missedSmall: s.missedSmall, missedBig: s.missedBig, isNew: s.isNew && gameRunning },
      rules.missedBlinds,
      rules.smallBlind,
      rules.bigBlind,
    );
    obligations[n] = obligation;
    if (obligation.kind === 'none') standings[n] = REGULAR;
    else if (obligation.kind === 'wait-for-big-blind' || s.waitForBigBlind) standings[n] = WAITER;
    else standings[n] = POSTER;
  }
  const is = (n: number, kinds: number) => (standings[n] & kinds) !== 0;
  /** The first seat clockwise after `seat` (ending with `seat` itself) standing as one of `kinds`. */
  const nextAfter = (seat: number, kinds: number): number | null => {
    for (let i = 1; i <= max; i++) {
      const n = seatAfter(seat, i, max);
      if (is(n, kinds)) return n;
    }
    return null;
  };

  let button: number;
  let sbPosition: number;
  let bb: number;
  const last = state.lastPositions;
  if (last === null) {
    if (state.initialButton === null) return { problem: 'BUTTON_NOT_PLACED' };
    const b = is(state.initialButton, REGULAR) ? state.initialButton : nextAfter(state.initialButton, REGULAR);
    if (b === null) return { problem: 'NOT_ENOUGH_PLAYERS' };
    button = b;
    sbPosition = nextAfter(button, REGULAR) ?? button;
    bb = nextAfter(sbPosition, CAN_BE_BIG_BLIND) ?? sbPosition;
  } else if (rules.buttonMode === 'moving') {
    const b = nextAfter(last.button, REGULAR);
    if (b === null) return { problem: 'NOT_ENOUGH_PLAYERS' };
    button = b;
    sbPosition = nextAfter(button, REGULAR) ?? button;
    bb = nextAfter(sbPosition, CAN_BE_BIG_BLIND) ?? sbPosition;
  } else {
    const next = nextAfter(last.bigBlind, CAN_BE_BIG_BLIND);
    if (next === null) return { problem: 'NOT_ENOUGH_PLAYERS' };
    bb = next;
    sbPosition = last.bigBlind;
    button = last.smallBlind;
  }

  // Posters may not come in between the big blind and the button (RRoP #7) unless the house allows it.
  // Seat sets as bit masks (bit n for seat n).
  let barred = 0;
  if (!rules.missedBlinds.allowEntryBetweenBlindsAndButton) {
    barred = 1 << button;
    for (let i = 1, k = countBetween(button, bb, max); i <= k; i++) barred |= 1 << seatAfter(button, i, max);
  }
  let dealtMask = 0;
  let dealtCount = 0;
  for (let n = 1; n <= max; n++) {
    if ((n === bb && !is(n, OUT)) || is(n, REGULAR) || (is(n, POSTER) && (barred & (1 << n)) === 0)) {
      dealtMask |= 1 << n;
      dealtCount++;
    }
  }
  const isDealt = (n: number) => (dealtMask & (1 << n)) !== 0;
  if (dealtCount < 2) return { problem: 'NOT_ENOUGH_PLAYERS' };

  let smallBlindSeat: number | null = is(sbPosition, REGULAR) && sbPosition !== bb ? sbPosition : null;
  if (dealtCount === 2) {
    // Heads-up: the other player has the button and posts the small blind.
    // On the first hand and with a moving button the button stays where it was placed or moved to (the big blind found
    // above wrapped round onto it), so the big blind is the other player; a dead button follows the big blind instead.
    const lowestDealtExcept = (seat: number) => {
      for (let n = 1; n <= max; n++) if (isDealt(n) && n !== seat) return n;
      return seat;
    };
    if ((last === null || rules.buttonMode === 'moving') && isDealt(button)) bb = lowestDealtExcept(button);
    // Going heads-up the button is adjusted so nobody has the big blind twice in a row (TDA 34-B; rules version 2).
    if (v2 && rules.buttonMode === 'moving' && last !== null && bb === last.bigBlind) bb = lowestDealtExcept(bb);
    const other = lowestDealtExcept(bb);
    button = other;
    sbPosition = other;
    smallBlindSeat = other;
  }
  const dealt: number[] = [];
  for (let i = 1; i <= max; i++) {
    const n = seatAfter(button, i, max);
    if (isDealt(n)) dealt.push(n);
  }

  // Moving button (rules version 2): a player the big blind jumped over, because a seat ahead of them emptied, owes
  // the blinds skipped and posts them on this deal, so there may be more than one big blind (RRoP Blinds #1a and
  // Explanations #1). In the small-blind seat they post a big blind instead of the small; elsewhere a big blind live
  // and the small blind dead, as for missed blinds.
  let skipped = 0;
  if (v2 && rules.buttonMode === 'moving' && last !== null && dealtCount > 2) {
    for (let i = 1, k = countBetween(last.bigBlind, bb, max); i <= k; i++) {
      const n = seatAfter(last.bigBlind, i, max);
      if (isDealt(n) && obligations[n]?.kind === 'none' && n !== last.bigBlind) skipped |= 1 << n;
    }
  }
  const skippedBig = (n: number) => (skipped & (1 << n)) !== 0;
  const forcedBets: ForcedBetDue[] = [];
  if (smallBlindSeat !== null && skippedBig(smallBlindSeat)) forcedBets.push({ seat: smallBlindSeat, kind: 'make-up-big', amount: rules.bigBlind, live: true });
  else if (smallBlindSeat !== null && rules.smallBlind > 0) forcedBets.push({ seat: smallBlindSeat, kind: 'small-blind', amount: rules.smallBlind, live: true });
  forcedBets.push({ seat: bb, kind: 'big-blind', amount: rules.bigBlind, live: true });
  for (const n of dealt) {
    if (!skippedBig(n) || n === smallBlindSeat) continue;
    forcedBets.push({ seat: n, kind: 'make-up-big', amount: rules.bigBlind, live: true });
    if (rules.smallBlind > 0) forcedBets.push({ seat: n, kind: 'make-up-small', amount: rules.smallBlind, live: false });
  }
  for (const n of dealt) {
    const obligation = obligations[n];
    if (n === bb || n === smallBlindSeat || obligation?.kind !== 'posts') continue;
    for (const post of obligation.posts) forcedBets.push({ seat: n, kind: post.kind, amount: post.amount, live: post.live });
  }
  let kill: HandPlan['kill'] = null;
  if (killOn && isDealt(killer!.seat) && dealtCount >= killGame!.minPlayers) {
    const limitPercent = killLimitPercent(killGame!);
    // The kill blind is the new lower limit and replaces the killer's own blind (Fandom, PSS, LVA).
    const blindIndex = forcedBets.findIndex((f) => f.seat === killer!.seat && (f.kind === 'small-blind' || f.kind === 'big-blind'));
    if (blindIndex >= 0) forcedBets.splice(blindIndex, 1);
    forcedBets.push({ seat: killer!.seat, kind: 'kill-blind', amount: Math.floor((rules.bigBlind * limitPercent) / 100), live: true });
    kill = { seat: killer!.seat, limitPercent };
  }
  if (rules.ante.kind === 'everyone') for (const n of dealt) forcedBets.push({ seat: n, kind: 'ante', amount: rules.ante.amount, live: false });
  else if (rules.ante.kind === 'big-blind') forcedBets.push({ seat: bb, kind: 'ante', amount: rules.ante.amount, live: false });
  else if (rules.ante.kind === 'button' && isDealt(button)) forcedBets.push({ seat: button, kind: 'ante', amount: rules.ante.amount, live: false });

  const missedBlinds: { seat: number; blind: 'small' | 'big' }[] = [];
  if (last !== null) {
    const missable = (n: number) => {
      const s = seatOf(n);
      return s !== null && !isDealt(n) && !(s.isNew && !s.missedBig && !s.missedSmall);
    };
    for (let i = 1, k = countBetween(last.bigBlind, bb, max); i <= k; i++) {
      const n = seatAfter(last.bigBlind, i, max);
      if (missable(n)) missedBlinds.push({ seat: n, blind: 'big' });
    }
    // The seats between the last small blind and this one, then this one.
    const passedSmall = countBetween(last.smallBlind, sbPosition, max);
    for (let i = 1; i <= passedSmall + 1; i++) {
      const n = i <= passedSmall ? seatAfter(last.smallBlind, i, max) : sbPosition;
      if (n !== last.smallBlind && missable(n) && n !== bb) missedBlinds.push({ seat: n, blind: 'small' });
    }
  }
  return { button, smallBlindPosition: sbPosition, smallBlindSeat, bigBlindSeat: bb, dealt, forcedBets, missedBlinds, kill };
}
