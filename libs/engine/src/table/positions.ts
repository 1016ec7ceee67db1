import type { ForcedBetDue } from './events';
import type { SeatState, TableState } from './state';
import { rulesVersion, type TableRules } from './rules';
import { seatAfter, countBetween } from './seat-order';
import type { TableHooks } from './hooks';
import type { SeatEntry } from '../house-options/rule-module';
import type { HouseHandStarted } from './extensions';

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
  /** The house options' fields of HandStarted (merged into table/extensions.ts). */
  readonly started: HouseHandStarted;
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

/** How far the planner goes to deal a hand: the usual way, posters let in anywhere (version 5), a new game (version 4). */
type Planning = 'usual' | 'posters-anywhere' | 'new-game';

export function planNextHand(h: TableHooks, state: TableState): HandPlan | { problem: 'BUTTON_NOT_PLACED' | 'NOT_ENOUGH_PLAYERS' } {
  const version = rulesVersion(state.rules as TableRules);
  let plan = planHand(h, state, 'usual');
  const stuck = () => 'problem' in plan && plan.problem === 'NOT_ENOUGH_PLAYERS';
  // Rules version 5: a player who posts what they owe may come in on the button or between it and the big blind
  // when otherwise no hand could be dealt (keeping them out protects a game that is not running).
  if (stuck() && version >= 5) plan = planHand(h, state, 'posters-anywhere');
  // Rules version 4: every player able to play is new here or waiting (they all came after the last hand: a table
  // refilled, tournament players moved in), and waiting for a big blind that only one of them can take would never
  // deal. A new game starts instead, everyone dealt in with no entry post owed.
  if (stuck() && version >= 4) plan = planHand(h, state, 'new-game');
  return plan;
}

/** Whether the seat's standing (a bit flag above) is one of `kinds`. */
function is(standings: readonly number[], n: number, kinds: number): boolean {
  return (standings[n] & kinds) !== 0;
}

/** The first seat clockwise after `seat` (ending with `seat` itself) standing as one of `kinds`. */
function nextAfter(standings: readonly number[], seat: number, kinds: number, max: number): number | null {
  for (let i = 1; i <= max; i++) {
    const n = seatAfter(seat, i, max);
    if ((standings[n] & kinds) !== 0) return n;
  }
  return null;
}

function eligible(s: SeatState | null | undefined): s is SeatState {
  return s != null && !s.sittingOut && s.stack > 0;
}

/** Bit n of `mask` for seat n: the seat sets below are masks, and this the test (no closure per hand). */
function inMask(mask: number, n: number): boolean {
  return (mask & (1 << n)) !== 0;
}

/** The lowest dealt seat other than `seat` (heads-up), or `seat` itself when there is none. */
function lowestDealtExcept(dealtMask: number, seat: number, max: number): number {
  for (let n = 1; n <= max; n++) if (inMask(dealtMask, n) && n !== seat) return n;
  return seat;
}

function planHand(
  h: TableHooks,
  state: TableState,
  planning: Planning,
): HandPlan | { problem: 'BUTTON_NOT_PLACED' | 'NOT_ENOUGH_PLAYERS' } {
  const rules = state.rules as TableRules;
  const v2 = rulesVersion(rules) >= 2;
  const max = rules.maxSeats;
  const seats = state.seats;
  let eligibleCount = 0;
  for (let i = 0; i < seats.length; i++) if (eligible(seats[i])) eligibleCount++;
  const gameRunning = state.handsPlayed > 0 && eligibleCount > 2;
  // How each ready seat enters, as the house options see it (owed blinds, a killed pot): null, dealt in as usual.
  // By seat number (index 0 unused).
  const entries: (SeatEntry | null)[] = new Array(max + 1);
  const standings: number[] = new Array(max + 1);
  entries[0] = null;
  standings[0] = OUT;
  for (let n = 1; n <= max; n++) {
    const s = seats[n - 1] ?? null;
    if (!eligible(s)) {
      entries[n] = null;
      standings[n] = OUT;
      continue;
    }
    const asked = h.seatEntry(s, state, gameRunning);
    const entry = planning === 'new-game' && asked?.kind !== 'out' ? null : asked;
    entries[n] = entry;
    if (entry?.kind === 'out') standings[n] = OUT;
    else if (entry === null) standings[n] = REGULAR;
    else if (entry.kind === 'wait-for-big-blind' || s.waitForBigBlind) standings[n] = WAITER;
    else standings[n] = POSTER;
  }

  let button: number;
  let sbPosition: number;
  let bb: number;
  const last = state.lastPositions;
  if (last === null) {
    if (state.initialButton === null) return { problem: 'BUTTON_NOT_PLACED' };
    const b = is(standings, state.initialButton, REGULAR) ? state.initialButton : nextAfter(standings, state.initialButton, REGULAR, max);
    if (b === null) return { problem: 'NOT_ENOUGH_PLAYERS' };
    button = b;
    sbPosition = nextAfter(standings, button, REGULAR, max) ?? button;
    bb = nextAfter(standings, sbPosition, CAN_BE_BIG_BLIND, max) ?? sbPosition;
  } else if (rules.buttonMode === 'moving') {
    const b = nextAfter(standings, last.button, REGULAR, max);
    if (b === null) return { problem: 'NOT_ENOUGH_PLAYERS' };
    button = b;
    sbPosition = nextAfter(standings, button, REGULAR, max) ?? button;
    bb = nextAfter(standings, sbPosition, CAN_BE_BIG_BLIND, max) ?? sbPosition;
  } else {
    const next = nextAfter(standings, last.bigBlind, CAN_BE_BIG_BLIND, max);
    if (next === null) return { problem: 'NOT_ENOUGH_PLAYERS' };
    bb = next;
    sbPosition = last.bigBlind;
    button = last.smallBlind;
    // Rules version 5: out of heads-up (where the button posted the small blind) the button would land on the big
    // blind's seat; it goes to the seat before the small blind's position, dead if nobody plays there (DB-1).
    if (rulesVersion(rules) >= 5 && button === bb) button = seatAfter(sbPosition, max - 1, max);
  }

  // Posters whose entry says so may not come in between the big blind and the button (RRoP #7).
  // Seat sets as bit masks (bit n for seat n).
  let between = 1 << button;
  for (let i = 1, k = countBetween(button, bb, max); i <= k; i++) between |= 1 << seatAfter(button, i, max);
  let dealtMask = 0;
  let dealtCount = 0;
  for (let n = 1; n <= max; n++) {
    const entry = entries[n];
    const barred = entry?.kind === 'posts' && entry.barredBetweenBlindsAndButton && planning === 'usual' && inMask(between, n);
    if ((n === bb && !is(standings, n, OUT)) || is(standings, n, REGULAR) || (is(standings, n, POSTER) && !barred)) {
      dealtMask |= 1 << n;
      dealtCount++;
    }
  }
  if (dealtCount < 2) return { problem: 'NOT_ENOUGH_PLAYERS' };

  let smallBlindSeat: number | null = is(standings, sbPosition, REGULAR) && sbPosition !== bb ? sbPosition : null;
  if (dealtCount === 2) {
    // Heads-up: the other player has the button and posts the small blind.
    // On the first hand and with a moving button the button stays where it was placed or moved to (the big blind found
    // above wrapped round onto it), so the big blind is the other player; a dead button follows the big blind instead.
    if ((last === null || rules.buttonMode === 'moving') && inMask(dealtMask, button)) bb = lowestDealtExcept(dealtMask, button, max);
    // Going heads-up the button is adjusted so nobody has the big blind twice in a row (TDA 34-B; rules version 2).
    if (v2 && rules.buttonMode === 'moving' && last !== null && bb === last.bigBlind) bb = lowestDealtExcept(dealtMask, bb, max);
    const other = lowestDealtExcept(dealtMask, bb, max);
    button = other;
    sbPosition = other;
    smallBlindSeat = other;
  }
  const dealt: number[] = [];
  for (let i = 1; i <= max; i++) {
    const n = seatAfter(button, i, max);
    if (inMask(dealtMask, n)) dealt.push(n);
  }

  // Moving button (rules version 2): a player the big blind jumped over, because a seat ahead of them emptied, owes
  // the blinds skipped and posts them on this deal, so there may be more than one big blind (RRoP Blinds #1a and
  // Explanations #1). In the small-blind seat they post a big blind instead of the small; elsewhere a big blind live
  // and the small blind dead, as for missed blinds.
  let skipped = 0;
  if (v2 && rules.buttonMode === 'moving' && last !== null && dealtCount > 2) {
    for (let i = 1, k = countBetween(last.bigBlind, bb, max); i <= k; i++) {
      const n = seatAfter(last.bigBlind, i, max);
      if (inMask(dealtMask, n) && entries[n] === null && n !== last.bigBlind) skipped |= 1 << n;
    }
  }
  const forcedBets: ForcedBetDue[] = [];
  if (smallBlindSeat !== null && inMask(skipped, smallBlindSeat))
    forcedBets.push({ seat: smallBlindSeat, kind: 'make-up-big', amount: rules.bigBlind, live: true });
  else if (smallBlindSeat !== null && rules.smallBlind > 0)
    forcedBets.push({ seat: smallBlindSeat, kind: 'small-blind', amount: rules.smallBlind, live: true });
  forcedBets.push({ seat: bb, kind: 'big-blind', amount: rules.bigBlind, live: true });
  for (const n of dealt) {
    if (!inMask(skipped, n) || n === smallBlindSeat) continue;
    forcedBets.push({ seat: n, kind: 'make-up-big', amount: rules.bigBlind, live: true });
    if (rules.smallBlind > 0) forcedBets.push({ seat: n, kind: 'make-up-small', amount: rules.smallBlind, live: false });
  }
  for (const n of dealt) {
    const entry = entries[n];
    if (n === bb || n === smallBlindSeat || entry === null || entry.kind !== 'posts') continue;
    for (const post of entry.posts) forcedBets.push({ seat: n, kind: post.kind, amount: post.amount, live: post.live });
  }
  // The house options' forced bets (a kill blind), and their fields of HandStarted (the blinds missed, the kill).
  const house = h.houseForcedBets(
    {
      state,
      rules,
      button,
      smallBlindPosition: sbPosition,
      smallBlindSeat,
      bigBlindSeat: bb,
      dealt,
      isDealt: (n: number) => inMask(dealtMask, n),
      last,
    },
    forcedBets,
  );
  const allBets = house.forcedBets.slice();
  if (rules.ante.kind === 'everyone')
    for (const n of dealt) allBets.push({ seat: n, kind: 'ante', amount: rules.ante.amount, live: false });
  else if (rules.ante.kind === 'big-blind') allBets.push({ seat: bb, kind: 'ante', amount: rules.ante.amount, live: false });
  else if (rules.ante.kind === 'button' && inMask(dealtMask, button))
    allBets.push({ seat: button, kind: 'ante', amount: rules.ante.amount, live: false });

  return { button, smallBlindPosition: sbPosition, smallBlindSeat, bigBlindSeat: bb, dealt, forcedBets: allBets, started: house.started };
}
