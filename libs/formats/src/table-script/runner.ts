import { createHash } from 'node:crypto';
import {
  actionNumberAt,
  deckSourceOf,
  DRBG_PRNG,
  isLiveCards,
  tableDecider,
  type TableEngine,
  type LegalAction,
  type RejectionCode,
  type TableCommand,
  type TableEvent,
  type TableState,
} from '@felt/engine';
import { buildDeck } from './deck-builder';
import { checkExpectations, type RejectionRecord } from './expectations';

export type { RejectionRecord } from './expectations';
import type { LegalActionExpectation, ScriptCommand, TableScript } from './schema';
import { tableView, tableViewProblems } from './table-view';
import { planSetup, positionProblems } from './setup';
import { summarizeHands, type HandSummary } from './summary';

/**
 * Runs a table script through the engine's decider: opens the table with the script's rules, seats its players,
 * places the button, then applies each command in turn, folding every accepted event into the state. A refused
 * command stops the run unless the script marked it with `expectRejection`.
 */
export interface TableScriptRun {
  /** The run got through every command and every expectation held. */
  readonly ok: boolean;
  /** Why the run stopped early, or null when it got through every command. */
  readonly failure: ScriptFailure | null;
  /** Final expectations (expect.*) that did not hold; checked only when the run got through. */
  readonly expectationFailures: readonly string[];
  readonly events: readonly TableEvent[];
  readonly hands: readonly HandSummary[];
  /** Chips by player id at the end: behind, for a hand still in progress; what they took, for a player who left. */
  readonly finalStacks: Readonly<Record<string, number>>;
  /** Every refusal met, in order (the expected ones and, if the run stopped on one, the unexpected one). */
  readonly rejections: readonly RejectionRecord[];
  /** How many of the script's commands were applied or refused as expected. */
  readonly commandsRun: number;
  /** Chips the house took over all hands (house option rake). */
  readonly rake: number;
  readonly state: TableState;
  /** Hands the setup block played before the script's commands (engine hand numbers 1..setupHands); run.hands leaves them out and counts from 1 after them. */
  readonly setupHands: number;
}

export type ScriptFailure =
  /** The engine refused a command the script did not expect to be refused (index null: the setup, see `step`). */
  | {
      readonly kind: 'rejected';
      readonly index: number | null;
      readonly step: string;
      readonly command: TableCommand;
      readonly code: RejectionCode;
      readonly message: string;
    }
  /** The command was refused, but not with the code (or message) the script expected. */
  | {
      readonly kind: 'wrong-rejection';
      readonly index: number;
      readonly step: string;
      readonly command: TableCommand;
      readonly expected: string;
      readonly code: RejectionCode;
      readonly message: string;
    }
  /** The script expected a refusal and the engine accepted the command. */
  | {
      readonly kind: 'not-rejected';
      readonly index: number;
      readonly step: string;
      readonly command: TableCommand;
      readonly expected: string;
    }
  /** The setup block's position cannot be reached, or was not reached. */
  | { readonly kind: 'setup'; readonly message: string }
  /** An expectBefore check did not hold. */
  | { readonly kind: 'expectation'; readonly index: number; readonly step: string; readonly message: string }
  /** The script's helper fields could not be turned into a command (e.g. hole cards for a seat not dealt in). */
  | { readonly kind: 'invalid-command'; readonly index: number; readonly step: string; readonly message: string };

const SCRIPT_ONLY_KEYS = ['note', 'expectRejection', 'expectBefore', 'holeCards', 'board', 'secondRun'] as const;

export function runTableScript(script: TableScript, engine: TableEngine = tableDecider): TableScriptRun {
  let state = engine.initialState;
  const events: TableEvent[] = [];
  const rejections: RejectionRecord[] = [];
  let failure: ScriptFailure | null = null;
  let commandsRun = 0;

  const apply = (command: TableCommand): { ok: true } | { ok: false; code: RejectionCode; message: string } => {
    const decision = engine.decide(command, state);
    if (!decision.ok) return { ok: false, code: decision.rejection.code, message: decision.rejection.message };
    state = decision.state;
    for (const event of decision.events) events.push(event);
    return { ok: true };
  };

  const plan = planSetup(script, engine);
  if (!plan.ok) failure = { kind: 'setup', message: plan.why };
  for (const { step, command } of plan.ok ? plan.steps : []) {
    const result = apply(command);
    if (!result.ok) {
      failure = { kind: 'rejected', index: null, step, command, code: result.code, message: result.message };
      break;
    }
  }
  const setupHands = plan.ok ? plan.hands : 0;
  const setupEvents = events.length;
  if (failure === null && script.setup !== undefined) {
    const problems = positionProblems(script, state, undefined, engine);
    if (problems.length > 0) failure = { kind: 'setup', message: `the setup did not reach the position asked for: ${problems.join('; ')}` };
  }

  for (let index = 0; failure === null && index < script.commands.length; index++) {
    const entry = script.commands[index];
    const step = `commands[${index}]`;
    if (entry.expectBefore) {
      const problem = checkBefore(engine, entry.expectBefore, state);
      if (problem) {
        failure = { kind: 'expectation', index, step, message: `before ${step} (${describeCommand(entry)}): ${problem}` };
        break;
      }
    }
    const built = toEngineCommand(entry, state, events, engine);
    if ('why' in built) {
      failure = { kind: 'invalid-command', index, step, message: `${step} (${describeCommand(entry)}): ${built.why}` };
      break;
    }
    const command = built.command;
    const result = apply(command);
    const expected = entry.expectRejection;
    if (result.ok) {
      if (expected) failure = { kind: 'not-rejected', index, step, command, expected: expected.code };
    } else {
      const matches =
        expected !== undefined &&
        expected.code === result.code &&
        (expected.message === undefined || result.message.includes(expected.message));
      rejections.push({ index, code: result.code, message: result.message, expected: matches });
      if (expected && !matches)
        failure = {
          kind: 'wrong-rejection',
          index,
          step,
          command,
          expected: expected.message ? `${expected.code} ("${expected.message}")` : expected.code,
          code: result.code,
          message: result.message,
        };
      else if (!expected) failure = { kind: 'rejected', index, step, command, code: result.code, message: result.message };
    }
    if (failure === null) commandsRun++;
  }

  // The script's hands are counted from after the setup: its setup hands are left out and the rest renumbered.
  const scriptEvents = events
    .slice(setupEvents)
    .map((e) => ('handNumber' in e && setupHands > 0 ? ({ ...e, handNumber: e.handNumber - setupHands } as TableEvent) : e));
  const hands = summarizeHands(scriptEvents, state, engine.modules);
  const finalStacks = stacksAtEnd(state, events);
  const rake = hands.reduce((sum, h) => sum + h.rake, 0);
  const partial = { events, hands, finalStacks, rejections, commandsRun, rake, state, setupHands };
  const expectationFailures = failure === null && script.expect ? checkExpectations(script, { ...partial, events: scriptEvents }) : [];
  return { ok: failure === null && expectationFailures.length === 0, failure, expectationFailures, ...partial };
}

/**
 * CorrectAction naming the mistaken action by the version of its event (`recorded`: the hand's events with their
 * versions, at least from its HandStarted): the engine numbers the hand's standing actions instead.
 */
export function correctionFor(
  backTo: number,
  reason: string,
  recorded: readonly { readonly version: number; readonly event: TableEvent }[],
): { command: TableCommand } | { why: string } {
  const action = actionNumberAt(recorded, backTo);
  return typeof action === 'string' ? { why: action } : { command: { type: 'CorrectAction', action, reason } };
}

/** The engine command for a script entry: script-only keys removed, a StartHand's hole cards and board turned into a deck. */
export function toEngineCommand(
  entry: ScriptCommand,
  state: TableState,
  recorded: readonly TableEvent[] = [],
  engine: TableEngine = tableDecider,
): { command: TableCommand } | { why: string } {
  const plain: Record<string, unknown> = { ...entry };
  for (const key of SCRIPT_ONLY_KEYS) delete plain[key];
  if (entry.type === 'CorrectAction') {
    const { backTo, reason } = entry as { backTo?: number; reason: string };
    if (backTo !== undefined)
      return correctionFor(
        backTo,
        reason,
        recorded.map((event, i) => ({ version: i + 1, event })),
      );
  }
  const house = state.rules !== null && deckSourceOf(state.rules) === 'house';
  if (entry.type === 'DrawForButton' && house && plain.deck === undefined)
    return { command: { type: 'DrawForButton', seed: scriptHouseSeed(plain.seed ?? 0), prng: DRBG_PRNG } };
  if (entry.type !== 'StartHand') return { command: plain as unknown as TableCommand };
  const start = entry as Extract<ScriptCommand, { type: 'StartHand' }>;
  if (start.deck !== undefined) return { command: plain as unknown as TableCommand };
  if (isLiveCards(state.rules)) {
    // Live cards are entered as they are dealt (DealBoard, ShowHand, ReportHoleCards): nothing to shuffle. A seed is
    // passed on for the engine to refuse.
    if (start.holeCards !== undefined || start.board !== undefined || start.secondRun !== undefined)
      return { why: 'this table plays live cards: enter the board with DealBoard and shown hands with ShowHand, not holeCards/board' };
    return { command: plain as unknown as TableCommand };
  }

  if (start.holeCards === undefined && start.board === undefined && start.secondRun === undefined) {
    // No deck at all: the engine's seeded shuffle, seeded with the hand number unless the script gives a seed (a
    // house table takes the house's derivation only: its seed is made from that number, so the script replays alike).
    const seed = start.seed ?? state.handsPlayed + 1;
    return { command: house ? { type: 'StartHand', seed: scriptHouseSeed(seed), prng: DRBG_PRNG } : { type: 'StartHand', seed } };
  }
  if (state.status !== 'open') return { command: { type: 'StartHand', seed: 0 } }; // the engine explains
  const plan = engine.planNextHand(state);
  if ('problem' in plan) return { command: { type: 'StartHand', seed: 0 } }; // the engine explains (no button, too few players)
  const holeCards = new Map<number, string>();
  for (const [key, cards] of Object.entries(start.holeCards ?? {})) {
    const seat = /^\d+$/.test(key) ? Number(key) : state.seats.find((s) => s?.playerId === key)?.seat;
    if (seat === undefined) return { why: `holeCards names "${key}", which is neither a seat number nor a seated player` };
    if (holeCards.has(seat)) return { why: `holeCards gives seat ${seat} twice` };
    holeCards.set(seat, cards);
  }
  const deck = buildDeck({ dealingOrder: plan.dealt, holeCards, board: start.board, secondRun: start.secondRun, fillSeed: start.seed });
  if (!deck.ok) return { why: deck.why };
  return { command: { type: 'StartHand', deck: deck.deck } };
}

/**
 * A table script's seed for the house's derivation on a house-shuffled table: SHA-256 of the script's number. As
 * predictable as the number (a script is a demo); the API draws a real one from the OS CSPRNG.
 */
function scriptHouseSeed(seed: unknown): string {
  return createHash('sha256')
    .update(`felt table script seed ${String(seed)}`)
    .digest('hex');
}

/** "Raise seat 3 to 10": how a failure message names a command. */
export function describeCommand(command: ScriptCommand | TableCommand): string {
  const c = command as Record<string, unknown>;
  const parts = [String(c.type)];
  if (c.seat !== undefined) parts.push(`seat ${String(c.seat)}`);
  if (c.type === 'Raise') parts.push(`to ${String(c.to)}`);
  if (c.type === 'Bet' || c.type === 'AddChips') parts.push(String(c.amount));
  if (c.type === 'PostBlind' && c.blind !== undefined) parts.push(String(c.blind));
  return parts.join(' ');
}

function chipsInTheMiddle(state: TableState): number {
  const hand = state.hand;
  if (hand === null || hand.phase === 'complete') return 0;
  return hand.players.reduce((sum, p) => sum + p.committed, 0) - hand.paidOut;
}

function stacksBehind(state: TableState): Record<string, number> {
  const out: Record<string, number> = {};
  const hand = state.hand !== null && state.hand.phase !== 'complete' ? state.hand : null;
  for (const seat of state.seats) {
    if (!seat) continue;
    const inHand = hand?.players.find((p) => p.seat === seat.seat && p.playerId === seat.playerId);
    out[seat.playerId] = inHand ? inHand.stack : seat.stack;
  }
  return out;
}

function stacksAtEnd(state: TableState, events: readonly TableEvent[]): Record<string, number> {
  const out = stacksBehind(state);
  const left = new Map<string, number>();
  for (const e of events) if (e.type === 'PlayerLeft') left.set(e.playerId, e.cashOut);
  for (const [player, cashOut] of left) if (!(player in out)) out[player] = cashOut;
  return out;
}

export function formatLegalAction(a: LegalAction | LegalActionExpectation): string {
  const x = a as Record<string, unknown>;
  const seat = x.seat !== undefined ? ` (seat ${String(x.seat)})` : '';
  if (x.type === 'Call') return `Call ${String(x.amount ?? '?')}${seat}`;
  if (x.type === 'Bet' || x.type === 'Raise') return `${String(x.type)} ${String(x.min ?? '?')}-${String(x.max ?? '?')}${seat}`;
  if (x.type === 'DealBoard') return `DealBoard ${String(x.street ?? '')} (${String(x.cardsToEnter ?? '?')} cards)`;
  if (x.cardsToEnter !== undefined) return `${String(x.type)} (${String(x.cardsToEnter)} cards)${seat}`;
  if (x.type === 'PostBlind') return `PostBlind ${String(x.blind ?? '')} ${String(x.amount ?? '')}`.trim() + seat;
  return String(x.type) + seat;
}

function matchesLegal(actual: LegalAction, spec: LegalActionExpectation): boolean {
  const a = actual as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(spec)) if (value !== undefined && a[key] !== value) return false;
  return true;
}

function checkBefore(engine: TableEngine, expect: NonNullable<ScriptCommand['expectBefore']>, state: TableState): string | null {
  const problems: string[] = [];
  const legal = engine.legalActions(state);
  if (expect.toAct !== undefined && legal.seat !== expect.toAct)
    problems.push(
      `the hand waits for ${legal.seat === null ? 'nobody' : `seat ${legal.seat}`}, the script expects ${expect.toAct === null ? 'nobody' : `seat ${expect.toAct}`}`,
    );
  if (expect.pot !== undefined) {
    const pot = chipsInTheMiddle(state);
    if (pot !== expect.pot) problems.push(`the pot is ${pot}, the script expects ${expect.pot}`);
  }
  if (expect.legalActions !== undefined) {
    const remaining = [...legal.actions];
    let same = remaining.length === expect.legalActions.length;
    for (const spec of expect.legalActions) {
      const i = remaining.findIndex((a) => matchesLegal(a, spec));
      if (i < 0) same = false;
      else remaining.splice(i, 1);
    }
    if (!same || remaining.length > 0)
      problems.push(
        `the legal actions are [${legal.actions.map(formatLegalAction).join(', ')}], the script expects [${expect.legalActions.map(formatLegalAction).join(', ')}]`,
      );
  }
  if (expect.legalActionsInclude !== undefined) {
    const missing = expect.legalActionsInclude.filter((spec) => !legal.actions.some((a) => matchesLegal(a, spec)));
    if (missing.length > 0)
      problems.push(
        `the legal actions [${legal.actions.map(formatLegalAction).join(', ')}] do not include [${missing.map(formatLegalAction).join(', ')}]`,
      );
  }
  if (expect.table !== undefined) problems.push(...tableViewProblems(expect.table, tableView(state)));
  if (expect.stacks !== undefined) {
    const behind = stacksBehind(state);
    for (const [player, stack] of Object.entries(expect.stacks))
      if (behind[player] !== stack) problems.push(`${player} has ${behind[player] ?? 'no seat'} behind, the script expects ${stack}`);
  }
  return problems.length > 0 ? problems.join('; ') : null;
}

/** One sentence for a failure: what the CLI prints and what a test reports. */
export function describeFailure(failure: ScriptFailure): string {
  switch (failure.kind) {
    case 'rejected':
      return failure.index === null
        ? `The table could not be set up (${failure.step}): ${failure.code}: ${failure.message}`
        : `${failure.step} (${describeCommand(failure.command)}) was refused: ${failure.code}: ${failure.message}`;
    case 'wrong-rejection':
      return `${failure.step} (${describeCommand(failure.command)}) was refused with ${failure.code} ("${failure.message}"), but the script expects ${failure.expected}`;
    case 'not-rejected':
      return `${failure.step} (${describeCommand(failure.command)}) was accepted, but the script expects it to be refused with ${failure.expected}`;
    case 'setup':
      return `The table could not be set up: ${failure.message}`;
    case 'expectation':
    case 'invalid-command':
      return failure.message;
  }
}
