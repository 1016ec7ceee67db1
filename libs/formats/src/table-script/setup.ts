import { isLiveCards, tableDecider, type TableCommand, type TableEngine, type TableState } from '@felt/engine';
import type { TableScript } from './schema';
import { tableView, tableViewProblems } from './table-view';

/**
 * A script's setup (docs/table-scripts.md "Setup"): the ordinary commands that put the table in the position the
 * script asks for. Without a `setup` block that is OpenTable, a SeatPlayer per player and PlaceButton. With owed
 * blinds it also plays setup hands: the owing players sit out while the blinds pass them, every hand folds round to
 * the big blind, and the buy-ins are chosen so that the chips those hands move leave everyone with the script's
 * stacks. Nothing here writes state directly: the regulator re-decides every command from the events.
 */
export interface SetupStep {
  readonly step: string;
  readonly command: TableCommand;
}

export type SetupPlan =
  { readonly ok: true; readonly steps: readonly SetupStep[]; readonly hands: number } | { readonly ok: false; readonly why: string };

/** Hands the search tries at most: enough for the blinds to go round the table twice. */
const handsToTry = (players: number) => 2 * players + 2;
/** Setup hands the search simulates at most before it calls a position unreachable. */
const SEARCH_BUDGET = 8_000;

export function planSetup(script: TableScript, engine: TableEngine = tableDecider): SetupPlan {
  const owed = Object.entries(script.setup?.owedBlinds ?? {}).filter(([, blinds]) => blinds.length > 0);
  const buyIns = new Map(script.players.map((p) => [p.playerId, p.stack]));
  const seatOf = new Map(script.players.map((p) => [p.playerId, p.seat]));
  // The kill button: the holder wins the last setup hand; a killer wins the last two, the second with a caller's money.
  const killer = script.setup?.killer ?? null;
  const holder = killer ?? script.setup?.killButton ?? null;
  const winners: (number | null)[] =
    killer !== null ? [seatOf.get(killer)!, seatOf.get(killer)!] : holder !== null ? [seatOf.get(holder)!] : [];
  if ((owed.length === 0 && winners.length === 0) || script.button === undefined)
    return { ok: true, steps: baseSteps(script, buyIns, script.button), hands: 0 };

  const seats = script.players.map((p) => p.seat).sort((a, b) => a - b);
  const owingSeats = owed.map(([player]) => seatOf.get(player)!);
  let budget = SEARCH_BUDGET;
  for (let hands = Math.max(1, winners.length); hands <= handsToTry(seats.length); hands++) {
    const plan: HandPlanSpec[] = Array.from({ length: hands }, (_, i) => {
      const fromEnd = hands - 1 - i;
      const winner = fromEnd < winners.length ? winners[winners.length - 1 - fromEnd] : null;
      return { winner, wantCaller: killer !== null && fromEnd === 0 };
    });
    for (const startButton of seats) {
      // When each owing player sits out: before hand 1..hands (every combination).
      for (const sitOutBefore of combinations(owingSeats.length, hands)) {
        budget -= hands;
        if (budget < 0) return { ok: false, why: unreachable(script, 'the search for setup hands gave up') };
        const steps = playedSteps(engine, script, buyIns, startButton, owingSeats, sitOutBefore, plan);
        if (!steps) continue;
        const run = simulate(engine, steps);
        if (!run.ok || positionProblems(script, run.state, { stacks: false }, engine).length > 0) continue; // buy-ins are fixed below
        // The setup hands moved some chips: buy in for the script's stack less what the hands brought each player.
        const adjusted = new Map(script.players.map((p) => [p.playerId, 2 * p.stack - stackOf(run.state, p.playerId)]));
        const short = [...adjusted].filter(([, chips]) => chips < 0);
        if (short.length > 0)
          return { ok: false, why: unreachable(script, `${short.map(([p]) => p).join(', ')} would need a negative buy-in`) };
        const final = playedSteps(engine, script, adjusted, startButton, owingSeats, sitOutBefore, plan);
        if (final) return { ok: true, steps: final, hands };
        // A buy-in the table refuses (its buy-in range): the runner meets the refusal and names the buy-in chosen.
        const seating = baseSteps(script, adjusted, startButton);
        if (!simulate(engine, seating).ok) return { ok: true, steps: seating, hands: 0 };
        return { ok: false, why: unreachable(script, 'the setup hands play differently with the buy-ins chosen') };
      }
    }
  }
  return { ok: false, why: unreachable(script, `no order of setup hands (up to ${handsToTry(seats.length)}) reaches it`) };
}

/** How a setup hand is played: everyone folds round to the big blind, or to `winner`, who raises; with `wantCaller` one player calls the raise and folds on the flop. */
interface HandPlanSpec {
  readonly winner: number | null;
  readonly wantCaller: boolean;
}

/** What differs between the table and the script's position (seats, stacks, next button, owed blinds); [] when it matches. */
export function positionProblems(
  script: TableScript,
  state: TableState,
  check = { stacks: true },
  engine: TableEngine = tableDecider,
): string[] {
  const problems: string[] = [];
  for (const p of script.players) {
    const seat = state.seats[p.seat - 1];
    if (!seat || seat.playerId !== p.playerId) problems.push(`seat ${p.seat} holds ${seat?.playerId ?? 'nobody'}, not ${p.playerId}`);
    else if (check.stacks && seat.stack !== p.stack) problems.push(`${p.playerId} has ${seat.stack}, not ${p.stack}`);
  }
  if (script.button !== undefined) {
    const plan = engine.planNextHand(state);
    if ('problem' in plan) problems.push(`the next hand cannot start (${plan.problem})`);
    else if (plan.button !== script.button) problems.push(`the next hand's button is seat ${plan.button}, not ${script.button}`);
  }
  const owedBlinds = script.setup?.owedBlinds ?? {};
  const killer = script.setup?.killer ?? null;
  problems.push(...tableViewProblems({ owedBlinds, killer, killButton: killer ?? script.setup?.killButton ?? null }, tableView(state)));
  for (const player of Object.keys(owedBlinds)) {
    const seat = state.seats.find((s) => s?.playerId === player);
    if (seat && !seat.sittingOut) problems.push(`${player} owes blinds but is not sitting out`);
  }
  return problems;
}

function unreachable(script: TableScript, why: string): string {
  const wanted = Object.entries(script.setup?.owedBlinds ?? {}).map(([player, blinds]) => `${player} owing ${blinds.join('+')}`);
  if (script.setup?.killer) wanted.push(`${script.setup.killer} killing the next hand`);
  else if (script.setup?.killButton) wanted.push(`${script.setup.killButton} holding the kill button`);
  return `the setup cannot reach the position asked for (${[...wanted, `button on seat ${script.button}`].join(', ')}): ${why}`;
}

function baseSteps(script: TableScript, buyIns: ReadonlyMap<string, number>, button: number | undefined): SetupStep[] {
  return [
    { step: 'rules', command: { type: 'OpenTable', tableId: script.tableId ?? 'script', rules: script.rules } },
    ...script.players.map((p, i) => {
      const buyIn = buyIns.get(p.playerId)!;
      // A buy-in the setup chose says why, for a table whose buy-in range refuses it.
      const step = buyIn === p.stack ? `players[${i}]` : `players[${i}], bought in for ${buyIn} so that the setup hands leave ${p.stack}`;
      return { step, command: { type: 'SeatPlayer', seat: p.seat, playerId: p.playerId, buyIn } as TableCommand };
    }),
    ...(button !== undefined ? [{ step: 'button', command: { type: 'PlaceButton', seat: button } as TableCommand }] : []),
  ];
}

/** The setup with its hands played out (null if a hand cannot be folded round); the runner re-applies these commands. */
function playedSteps(
  engine: TableEngine,
  script: TableScript,
  buyIns: ReadonlyMap<string, number>,
  startButton: number,
  owingSeats: readonly number[],
  sitOutBefore: readonly number[],
  plan: readonly HandPlanSpec[],
): SetupStep[] | null {
  const steps = baseSteps(script, buyIns, startButton);
  let state = simulate(engine, steps).state;
  const push = (step: string, command: TableCommand): boolean => {
    const decision = engine.decide(command, state);
    if (!decision.ok) return false;
    state = decision.state;
    steps.push({ step, command });
    return true;
  };
  for (let hand = 1; hand <= plan.length; hand++) {
    const label = `setup hand ${hand}`;
    const { winner, wantCaller } = plan[hand - 1];
    for (let i = 0; i < owingSeats.length; i++)
      if (sitOutBefore[i] === hand && !push(label, { type: 'SitOut', seat: owingSeats[i] })) return null;
    // A live-cards table takes no seed (its cards are entered as dealt; a fold-round hand needs none).
    if (!push(label, isLiveCards(state.rules) ? { type: 'StartHand' } : { type: 'StartHand', seed: hand })) return null;
    const raisedOn = new Set<string>();
    let caller: number | null = null;
    for (let guard = 0; state.hand !== null && state.hand.phase !== 'complete'; guard++) {
      const legal = engine.legalActions(state);
      const seat = legal.seat;
      const street = state.hand.round.street;
      if (seat === null || guard > 100) return null;
      const offered = (type: string) => legal.actions.find((a) => a.type === type) as { min?: number; blind?: string } | undefined;
      const fold: TableCommand | null = offered('Fold') ? { type: 'Fold', seat } : offered('Check') ? { type: 'Check', seat } : null;
      let next: TableCommand | null;
      const post = offered('PostBlind');
      if (post) next = { type: 'PostBlind', seat, blind: post.blind } as TableCommand;
      else if (seat === winner) {
        // The winner raises (or bets) once a street, then checks or calls.
        const raise = offered('Raise');
        const bet = offered('Bet');
        if (!raisedOn.has(street) && (raise || bet)) {
          raisedOn.add(street);
          next = raise ? { type: 'Raise', seat, to: raise.min! } : { type: 'Bet', seat, amount: bet!.min! };
        } else next = offered('Check') ? { type: 'Check', seat } : offered('Call') ? { type: 'Call', seat } : null;
      } else if (wantCaller && caller === null && street === 'preflop' && raisedOn.has('preflop') && offered('Call')) {
        caller = seat; // puts voluntary money in, for a second leg that counts
        next = { type: 'Call', seat };
      } else if (seat === caller && street !== 'preflop' && offered('Check')) next = { type: 'Check', seat };
      else next = fold;
      if (!next || !push(label, next)) return null;
    }
  }
  return steps;
}

function simulate(engine: TableEngine, steps: readonly SetupStep[]): { ok: boolean; state: TableState } {
  let state = engine.initialState;
  for (const { command } of steps) {
    const decision = engine.decide(command, state);
    if (!decision.ok) return { ok: false, state };
    state = decision.state;
  }
  return { ok: true, state };
}

function stackOf(state: TableState, player: string): number {
  return state.seats.find((s) => s?.playerId === player)?.stack ?? 0;
}

/** Every way to give `count` players a hand number in 1..hands (the hand they sit out before). */
function* combinations(count: number, hands: number): Generator<number[]> {
  const pick = new Array<number>(count).fill(1);
  while (true) {
    yield [...pick];
    let i = 0;
    while (i < count && pick[i] === hands) pick[i++] = 1;
    if (i === count) return;
    pick[i]++;
  }
}
