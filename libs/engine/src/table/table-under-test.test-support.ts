import { tableDecider, chipsOnTable } from '../default-table';
import type { TableCommand } from './commands';
import type { TableEvent } from './events';
import type { TableRulesInput } from './rules';
import type { TableState } from './state';
import type { RejectionCode } from './rejections';
import { playerToAct } from '../betting/round';

/** A table driven command by command in specs: accepted commands apply, rejections throw unless expected. */
export class TableUnderTest {
  state: TableState = tableDecider.initialState;
  readonly events: TableEvent[] = [];

  static open(rules: TableRulesInput, players: { seat: number; id: string; stack: number }[], button: number): TableUnderTest {
    const t = new TableUnderTest();
    t.do({ type: 'OpenTable', tableId: 'spec', rules });
    for (const p of players) t.do({ type: 'SeatPlayer', seat: p.seat, playerId: p.id, buyIn: p.stack });
    t.do({ type: 'PlaceButton', seat: button });
    return t;
  }

  do(...commands: TableCommand[]): TableEvent[] {
    const produced: TableEvent[] = [];
    for (const command of commands) {
      const d = tableDecider.decide(command, this.state);
      if (!d.ok) throw new Error(`${JSON.stringify(command)} refused: ${d.rejection.code} (${d.rejection.message})`);
      for (const e of d.events) {
        this.state = tableDecider.evolve(this.state, e);
        this.events.push(e);
        produced.push(e);
      }
    }
    return produced;
  }

  /** Asserts the command is refused with `code` and changes nothing; returns the sentence. */
  refuses(command: TableCommand, code: RejectionCode): string {
    const before = this.state;
    const d = tableDecider.decide(command, this.state);
    if (d.ok) throw new Error(`${JSON.stringify(command)} was accepted, expected ${code}: ${JSON.stringify(d.events)}`);
    if (d.rejection.code !== code) throw new Error(`${JSON.stringify(command)} refused with ${d.rejection.code}, expected ${code}`);
    if (this.state !== before) throw new Error('a rejection changed the state');
    return d.rejection.message;
  }

  stacks(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const s of this.state.seats) if (s) out[s.playerId] = s.stack;
    return out;
  }

  chips(): number {
    return chipsOnTable(this.state) + this.state.rakeCollected;
  }

  of<T extends TableEvent['type']>(type: T): Extract<TableEvent, { type: T }>[] {
    return this.events.filter((e) => e.type === type) as Extract<TableEvent, { type: T }>[];
  }
}

/**
 * A deck that deals the given hole cards (by seat, in dealing order: clockwise from the button's left, one card
 * each per round) and board (after a burn before each street); the rest filled in card order.
 */
export function deckFor(dealingOrder: number[], holes: Record<number, string>, board: string): string[] {
  const cards = (text: string) => text.match(/../g) ?? [];
  const n = dealingOrder.length;
  const deck: (string | null)[] = Array(52).fill(null);
  dealingOrder.forEach((seat, i) => {
    const [a, b] = cards(holes[seat] ?? '');
    if (a) deck[i] = a;
    if (b) deck[n + i] = b;
  });
  const b = cards(board);
  const at = 2 * n;
  [b[0], b[1], b[2]].forEach((c, i) => c && (deck[at + 1 + i] = c));
  if (b[3]) deck[at + 5] = b[3];
  if (b[4]) deck[at + 7] = b[4];
  const used = new Set(deck.filter(Boolean));
  const rest = '23456789TJQKA'
    .split('')
    .flatMap((r) => 'cdhs'.split('').map((s) => r + s))
    .filter((c) => !used.has(c));
  return deck.map((c) => c ?? rest.shift()!);
}

/** Plays a hand in which every forced bet is posted and everyone folds to the last player. */
export function foldAround(t: TableUnderTest, seed: number): void {
  t.do({ type: 'StartHand', seed });
  for (const due of t.state.hand!.forcedBetsDue) t.do({ type: 'PostBlind', seat: due.seat, blind: due.kind });
  for (let guard = 0; t.state.hand!.phase !== 'complete' && guard < 20; guard++) {
    const seat = t.state.hand!.players.find(
      (p) => !p.folded && p.seat !== undefined && t.state.hand!.phase === 'betting' && isToAct(t, p.seat),
    );
    t.do({ type: 'Fold', seat: seat!.seat });
  }
}

function isToAct(t: TableUnderTest, seat: number): boolean {
  return playerToAct(t.state.hand!)?.seat === seat;
}

/** Runs commands from an empty table (the first is usually OpenTable) and returns every event; throws on a refusal. */
export function playCommands(commands: readonly TableCommand[]): TableEvent[] {
  const t = new TableUnderTest();
  t.do(...commands);
  return t.events;
}
