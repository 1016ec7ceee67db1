import { parseCards, formatCards, type RejectionCode, type TableEvent, type TableState } from '@felt/engine';
import type { TableScript } from './schema';
import type { HandSummary } from './summary';
import { eventOrderProblems, tableView, tableViewProblems } from './table-view';

/** A refusal met by a run: its command's index, the engine's code and sentence, and whether the script expected it. */
export interface RejectionRecord {
  readonly index: number;
  readonly code: RejectionCode;
  readonly message: string;
  readonly expected: boolean;
}

interface RunOutcome {
  readonly events: readonly TableEvent[];
  readonly state: TableState;
  readonly hands: readonly HandSummary[];
  readonly finalStacks: Readonly<Record<string, number>>;
  readonly rejections: readonly RejectionRecord[];
}

const list = (record: Readonly<Record<string, number>>) =>
  Object.entries(record)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ') || 'none';

/** Checks a finished run against the script's `expect`; returns one sentence per expectation that does not hold. */
export function checkExpectations(script: TableScript, run: RunOutcome): string[] {
  const expect = script.expect;
  if (!expect) return [];
  const failures: string[] = [];

  // Final stacks: exactly the listed players, each with the listed chips.
  for (const [player, stack] of Object.entries(expect.finalStacks)) {
    const actual = run.finalStacks[player];
    if (actual === undefined)
      failures.push(`finalStacks: ${player} is not at the table (players: ${Object.keys(run.finalStacks).join(', ')})`);
    else if (actual !== stack) failures.push(`finalStacks: ${player} has ${actual}, expected ${stack}`);
  }
  for (const player of Object.keys(run.finalStacks))
    if (!(player in expect.finalStacks))
      failures.push(`finalStacks: ${player} (${run.finalStacks[player]}) is not listed; list every player`);

  // Pots, grouped by hand (the last hand when the expectation names none).
  if (expect.pots) {
    const lastHand = run.hands.length > 0 ? run.hands[run.hands.length - 1].handNumber : 0;
    const byHand = new Map<number, typeof expect.pots>();
    for (const pot of expect.pots) {
      const n = pot.hand ?? lastHand;
      byHand.set(n, [...(byHand.get(n) ?? []), pot]);
    }
    for (const [n, expected] of byHand) {
      const hand = run.hands.find((h) => h.handNumber === n);
      if (!hand) {
        failures.push(`pots: there is no hand ${n}`);
        continue;
      }
      const label = `pots of hand ${n}`;
      if (hand.pots.length !== expected.length)
        failures.push(
          `${label}: ${hand.pots.length} pot(s) [${hand.pots.map((p) => p.amount).join(', ')}], expected ${expected.length} [${expected.map((p) => p.amount).join(', ')}]`,
        );
      expected.forEach((want, i) => {
        const got = hand.pots[i];
        if (!got) return;
        const name = i === 0 ? 'main pot' : `side pot ${i}`;
        if (got.amount !== want.amount) failures.push(`${label}: the ${name} is ${got.amount}, expected ${want.amount}`);
        if (want.rake !== undefined && (got.rake ?? 0) !== want.rake)
          failures.push(`${label}: the ${name} was raked ${got.rake ?? 0}, expected ${want.rake}`);
        if (want.drop !== undefined && (got.drop ?? 0) !== want.drop)
          failures.push(`${label}: the ${name} gave ${got.drop ?? 0} in drops, expected ${want.drop}`);
        if (want.eligible && [...want.eligible].sort().join(',') !== [...got.eligible].sort().join(','))
          failures.push(`${label}: the ${name} may be won by ${got.eligible.join(', ')}, expected ${want.eligible.join(', ')}`);
        if (want.winners) {
          const a = Object.entries(got.winners).sort().join(';');
          const b = Object.entries(want.winners).sort().join(';');
          if (a !== b) failures.push(`${label}: the ${name} went to ${list(got.winners)}, expected ${list(want.winners)}`);
        }
      });
    }
  }

  // Refusals: exactly the listed ones, by command index and code.
  if (expect.rejections) {
    const got = run.rejections.map((r) => `commands[${r.index}] ${r.code}`);
    const want = expect.rejections.map((r) => `commands[${r.command}] ${r.code}`);
    if (got.join('|') !== want.join('|')) failures.push(`rejections: got [${got.join(', ')}], expected [${want.join(', ')}]`);
  }

  // Positions of given hands.
  for (const want of expect.hands ?? []) {
    const hand = run.hands.find((h) => h.handNumber === want.hand);
    if (!hand) {
      failures.push(`hands: there is no hand ${want.hand}`);
      continue;
    }
    if (want.button !== undefined && hand.button !== want.button)
      failures.push(`hand ${want.hand}: the button is on seat ${hand.button}, expected ${want.button}`);
    for (const [blind, name] of [
      ['smallBlind', 'small'],
      ['bigBlind', 'big'],
    ] as const) {
      if (want[blind] === undefined || hand[blind] === want[blind]) continue;
      const seatOrNone = (seat: number | null, none: string) => (seat === null ? none : `seat ${seat}`);
      failures.push(
        `hand ${want.hand}: the ${name} blind is ${seatOrNone(hand[blind], 'not posted')}, expected ${seatOrNone(want[blind]!, 'none')}`,
      );
    }
    if (want.board !== undefined) {
      const cards = parseCards(want.board);
      const expected = cards ? formatCards(cards) : want.board;
      if (hand.board.join(' ') !== expected)
        failures.push(`hand ${want.hand}: the board is ${hand.board.join(' ') || 'empty'}, expected ${expected}`);
    }
    if (want.rake !== undefined && hand.rake !== want.rake)
      failures.push(`hand ${want.hand}: the rake is ${hand.rake}, expected ${want.rake}`);
  }

  // The order of events within hands, and the table's owed blinds and kill button at the end.
  for (const rule of expect.eventOrder ?? []) failures.push(...eventOrderProblems(rule, run.events));
  if (expect.table) failures.push(...tableViewProblems(expect.table, tableView(run.state)).map((p) => `table: ${p}`));
  return failures;
}
