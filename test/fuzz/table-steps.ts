import { commandFor, FULL_DECK, formatCard, type LegalAction } from '@felt/engine';
import type { FuzzRandom } from './fuzz-random';
import type { Step } from './fuzz-step';
import { mutated } from './mutations';
import { BUY_IN_BIG_BLINDS, nextName, TABLE_KINDS, type Actor, type TableView, type World, type WorldTable } from './fuzz-world';

/**
 * Steps on one table, chosen from what its last answer said: during a hand, one of its legal actions (often as a
 * plausible-but-wrong variant: mutations.ts), or a floor supervisor's move (a correction, the shot clock, a void);
 * between hands, starting the next one or what the floor and dealers do between hands (seating, chips, sitting
 * out and in, seat changes, rules, a bomb pot, closing the table).
 */

/** The route of a command type: Raise → raise, PostBlind → post-blind. */
export function routeOf(type: string): string {
  return type.replace(/[A-Z]/g, (c, i: number) => (i === 0 ? c.toLowerCase() : `-${c.toLowerCase()}`));
}

/** A table command as a step: on its own route (without `type`) or on /commands, sometimes varied into a wrong one. */
export function commandStep(
  world: World,
  table: WorldTable,
  actor: Actor,
  command: Record<string, unknown>,
  random: FuzzRandom,
  wrongness = 0.25,
): Step {
  const { type, ...rest } = command;
  const generic = random.chance(0.2);
  const step: Step = {
    actor,
    method: 'POST',
    path: `/tables/${table.id}/${generic ? 'commands' : routeOf(type as string)}`,
    body: generic ? command : rest,
    headers: { 'idempotency-key': random.uuid() },
  };
  return random.chance(wrongness) ? mutated(world, table, step, random) : step;
}

const ACTION_WEIGHTS: Readonly<Record<string, number>> = { Check: 5, Call: 4, Fold: 1, Bet: 1.5, Raise: 1, ChopBlinds: 10 };
/** Where the blinds may chop, players fold to them more often, or the blinds would seldom be alone. */
const CHOP_WEIGHTS: Readonly<Record<string, number>> = { ...ACTION_WEIGHTS, Fold: 6 };

/** The floor or the table's dealer: who sends table commands. */
function dealing(world: World, random: FuzzRandom): Actor {
  return random.chance(0.5) ? world.actors.floor : world.actors['assigned dealer'];
}

const seated = (view: TableView) => view.seats.filter((s) => s !== null && s.playerId);

function unseenCards(view: TableView, count: number, random: FuzzRandom): string[] {
  const board = view.hand?.board ?? '';
  const unseen = FULL_DECK.map(formatCard).filter((c) => !board.includes(c));
  return Array.from({ length: count }, () => unseen.splice(random.int(0, unseen.length - 1), 1)[0]!);
}

/** A legal action as a command: the engine's player for amounts and house options, cards drawn here for live tables. */
function commandOfAction(action: LegalAction, view: TableView, random: FuzzRandom): Record<string, unknown> {
  const toEnter = (action as { cardsToEnter?: number }).cardsToEnter;
  if (action.type === 'DealBoard')
    return { type: 'DealBoard', street: action.street, cards: unseenCards(view, action.cardsToEnter, random) };
  if (action.type === 'ReportHoleCards')
    return { type: 'ReportHoleCards', seat: action.seat, cards: unseenCards(view, action.cardsToEnter, random) };
  if (action.type === 'ShowHand' && toEnter !== undefined)
    return { type: 'ShowHand', seat: action.seat, cards: unseenCards(view, toEnter, random) };
  return { ...commandFor(action, () => random.float()) };
}

export function tableStep(world: World, table: WorldTable, view: TableView, random: FuzzRandom): Step {
  if (view.status === 'closed')
    return commandStep(
      world,
      table,
      dealing(world, random),
      { type: 'SeatPlayer', seat: 1, playerId: nextName(world, 'p'), buyIn: 100 },
      random,
      0,
    );
  const inHand = view.hand !== null && view.hand.phase !== 'complete';
  const extra = inHand ? floorMove(world, table, view, random) : null;
  if (extra) return extra;
  if (view.legalActions.length > 0) {
    const actions = view.legalActions as unknown as LegalAction[];
    const mine = actions.filter((a) => a.seat === view.toAct || a.seat === null);
    const from = mine.length > 0 && random.chance(0.9) ? mine : actions;
    // Players who check and call more than they fold reach the river and the showdown often enough.
    const weights = table.kind === 'chop' ? CHOP_WEIGHTS : ACTION_WEIGHTS;
    const action = random.weighted(from.map((a) => [weights[a.type] ?? 3, a] as const));
    // Hole cards come from the table's reader (mostly; the others' reports are refusals to check).
    const sender = action.type === 'ReportHoleCards' && table.reader && random.chance(0.9) ? table.reader : dealing(world, random);
    return commandStep(world, table, sender, commandOfAction(action, view, random), random);
  }
  if (inHand)
    return commandStep(world, table, world.actors.floor, { type: 'VoidHand', reason: 'the fuzzer found no legal action' }, random, 0);
  return betweenHands(world, table, view, random);
}

/** During a hand, now and then, what only the floor does: a correction, the shot clock, a void. */
function floorMove(world: World, table: WorldTable, view: TableView, random: FuzzRandom): Step | null {
  const floor = world.actors.floor;
  const clock = view.clock;
  if (clock && random.chance(0.12)) {
    if (clock.remainingMs !== null) return commandStep(world, table, floor, { type: 'ResumeClock' }, random, 0.1);
    if (random.chance(0.25)) return commandStep(world, table, floor, { type: 'PauseClock' }, random, 0.1);
    // The fuzzer moves the API's clock past the deadline (sometimes not quite: CLOCK_NOT_DUE).
    if (clock.deadline !== null) world.now = Math.max(world.now, Date.parse(clock.deadline) + (random.chance(0.8) ? 1 : -5_000));
    return commandStep(
      world,
      table,
      floor,
      { type: 'ClockExpired', clock: random.chance(0.9) ? clock.clock : clock.clock + 1 },
      random,
      0.1,
    );
  }
  if (table.actionVersions.length > 0 && random.chance(0.04)) {
    const backTo = random.pick(table.actionVersions);
    return commandStep(
      world,
      table,
      floor,
      random.chance(0.5)
        ? { type: 'CorrectAction', backTo, reason: 'keyed by mistake' }
        : { type: 'CorrectAction', action: random.int(1, 3), reason: 'keyed by mistake' },
      random,
      0.2,
    );
  }
  if (random.chance(0.005)) return commandStep(world, table, floor, { type: 'VoidHand', reason: 'a misdeal' }, random, 0.2);
  return null;
}

/** Between hands: the next hand mostly, else what is done between hands. */
function betweenHands(world: World, table: WorldTable, view: TableView, random: FuzzRandom): Step {
  const kind = TABLE_KINDS[table.kind];
  const bigBlind = view.rules.bigBlind;
  const players = seated(view);
  const free = Array.from({ length: view.rules.maxSeats }, (_, i) => i + 1).filter((seat) => !players.some((p) => p.seat === seat));
  const short = players.filter((p) => p.stack < bigBlind * 10);
  const out = players.filter((p) => p.sittingOut);
  const playing = players.filter((p) => !p.sittingOut && p.stack >= bigBlind);
  const dealer = dealing(world, random);
  const floor = world.actors.floor;
  const noButton = !view.lastPositions?.button && (view as { handsPlayed?: number }).handsPlayed === 0;
  const choices: [number, () => Record<string, unknown>, Actor?][] = [
    [playing.length >= 2 ? 12 : 0, () => ({ type: 'StartHand', ...kind.deckFields(random) })],
    [short.length > 0 ? 6 : 0, () => ({ type: 'AddChips', seat: random.pick(short).seat, amount: bigBlind * BUY_IN_BIG_BLINDS })],
    // A room's table is seated from its game's list (a SeatPlayer there is LIST_AHEAD while players wait).
    [
      free.length > 0 ? (table.room ? 0.2 : players.length < 3 ? 8 : 1.5) : 0,
      () => ({
        type: 'SeatPlayer',
        seat: random.pick(free),
        playerId: nextName(world, 'p'),
        buyIn: bigBlind * BUY_IN_BIG_BLINDS,
        ...(random.chance(0.3) ? { postToEnter: true } : {}),
      }),
    ],
    [players.length > 3 ? 1 : 0, () => ({ type: 'LeaveTable', seat: random.pick(players).seat })],
    [players.length > 2 ? 1 : 0, () => ({ type: 'SitOut', seat: random.pick(players).seat })],
    [
      out.length > 0 ? 5 : 0,
      () => ({ type: 'SitIn', seat: random.pick(out).seat, ...(random.chance(0.3) ? { waitForBigBlind: true } : {}) }),
    ],
    [free.length > 0 && players.length > 0 ? 1 : 0, () => ({ type: 'ChangeSeat', from: random.pick(players).seat, to: random.pick(free) })],
    [0.4, () => ({ type: 'ChangeRules', rules: { ...kind.rules, buttonMode: random.pick(['dead', 'moving']) } }), floor],
    [table.kind === 'bomb' ? 5 : 0.1, () => ({ type: 'CallBombPot' }), floor],
    [noButton && players.length >= 2 ? 6 : 0.2, () => ({ type: 'PlaceButton', seat: players.length > 0 ? random.pick(players).seat : 1 })],
    [noButton && players.length >= 2 ? 2 : 0.1, () => ({ type: 'DrawForButton', ...kind.deckFields(random) })],
    [0.08, () => ({ type: 'CloseTable' }), floor],
  ];
  const [, make, actor] = random.weighted(choices.filter(([weight]) => weight > 0).map((c) => [c[0], c] as const));
  return commandStep(world, table, actor ?? dealer, make(), random);
}

/** What an accepted answer on a table teaches: its view, and the betting actions a correction may take back. */
export function learnFromTableAnswer(
  table: WorldTable,
  body: { table?: TableView; events?: { type: string; version: number }[] } | undefined,
): void {
  if (body?.table && typeof body.table.version === 'number') table.view = body.table;
  else table.view = null;
  for (const event of body?.events ?? []) {
    if (['PlayerFolded', 'PlayerChecked', 'PlayerCalled', 'BetPlaced', 'RaisePlaced'].includes(event.type))
      table.actionVersions.push(event.version);
    if (['HandStarted', 'BoardDealt', 'HandEnded', 'HandVoided', 'ActionCorrected'].includes(event.type)) table.actionVersions = [];
    if (event.type === 'TableClosed') table.closed = true;
  }
  if (table.view?.status === 'closed') table.closed = true;
}
