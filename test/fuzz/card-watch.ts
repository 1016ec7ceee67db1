import { FULL_DECK, formatCard } from '@felt/engine';
import type { EventStore, Queryable } from '@felt/event-store';
import { audienceOf, maySeeDeck, maySeeHoleCards, type Audience, type ViewerRole } from '@felt/projections';
import { streamIdOf } from '../../apps/api/src/tables/table-stream';
import { cardsOfMember, handCardsOfEvent, namedIn, openedForTest } from '../../apps/api/test/test-support/secrets';

/**
 * The fuzzer's card check: no answer names a card (or a seed) its sender may not see, by the visibility rule
 * (libs/projections/src/audience.ts). A table plays many hands and the same card is in each of them, so each card an
 * answer names is judged in the hand it belongs to: an object with a `handNumber` (a hand record, a table's hand),
 * an event by its version (`version`, or `streamVersion` in exports), an OHH document by its `game_number`, a PHH
 * block by its `hand = N`; the rest of a table's answer belongs to its latest hand. What each hand's cards are comes
 * from the events table itself (unfiltered), read as the hands go. A card the request itself names (a reader's
 * report, a board entered, a card in a refusal's sentence that the sender typed) is the sender's own, not a leak.
 */

const ALL_CARDS: readonly string[] = FULL_DECK.map(formatCard);

/** One hand's public cards, its hole cards and whether it is over, as the store holds them. */
interface HandCards {
  readonly board: Set<string>;
  readonly shown: Set<string>;
  readonly hole: Set<string>;
  over: boolean;
}

class TableCards {
  version = 0;
  dealerSeesHoleCards = false;
  readonly hands = new Map<number, HandCards>();
  /** [version of HandStarted, hand number], in order. */
  readonly starts: [number, number][] = [];

  handAt(version: number): number | null {
    for (let i = this.starts.length - 1; i >= 0; i--) if (this.starts[i]![0] <= version) return this.starts[i]![1];
    return null;
  }

  latest(): number | null {
    return this.starts.length === 0 ? null : this.starts[this.starts.length - 1]![1];
  }
}

/** Where a named card belongs: a hand by number, an event by version, the table's latest hand, or no table at all. */
type Scope = { hand: number } | { version: number } | 'latest' | 'no table';

interface Named {
  readonly scope: Scope;
  readonly cards: readonly string[];
  readonly seeds: readonly string[];
}

export interface Sender {
  readonly role: ViewerRole;
  readonly userId?: string;
}

export class CardWatch {
  private readonly tables = new Map<string, TableCards>();

  constructor(
    private readonly store: EventStore,
    private readonly db: Queryable,
  ) {}

  /** Every card or seed `answer` shows that `sender` may not see now, as sentences (none: no leak); `sent`: the request's text. */
  async leaks(
    tableId: string | null,
    sender: Sender,
    answer: { body: unknown; text: string; contentType: string; problem: boolean },
    sent: string,
  ): Promise<string[]> {
    const named = namedInAnswer(answer, tableId === null ? 'no table' : 'latest', tableId);
    if (named.length === 0) return [];
    const own = new Set(namedIn(sent).cards);
    const table = tableId === null ? null : await this.cardsOf(tableId);
    const audience = table === null ? null : await this.audienceAt(tableId!, table, sender);
    const found = new Map<string, Set<string>>();
    for (const { scope, cards, seeds } of named) {
      const hand = handOf(table, scope);
      const over = hand === null || hand === 'none' ? true : hand.over;
      const secret = secretCards(hand, audience);
      const seen = [
        ...cards.filter((card) => secret.has(card) && !own.has(card)),
        ...(audience !== null && hand !== 'none' && maySeeDeck(audience, over) ? [] : seeds),
      ];
      if (seen.length === 0) continue;
      const where = describe(scope);
      if (!found.has(where)) found.set(where, new Set());
      for (const item of seen) found.get(where)!.add(item);
    }
    const as = `${sender.role} (${audience === null ? 'no table' : String(audience)})`;
    return [...found].map(([where, seen]) => `${as} sees ${[...seen].join(', ')} in ${where}`);
  }

  private async cardsOf(tableId: string): Promise<TableCards> {
    let table = this.tables.get(tableId);
    if (!table) this.tables.set(tableId, (table = new TableCards()));
    // The store holds a live hand's hole cards sealed: the watch opens them (the test API's key) to know what is secret.
    for (const event of (await this.store.readStream(streamIdOf(tableId), { fromVersion: table.version + 1 })).map(openedForTest)) {
      table.version = event.streamVersion;
      const data = event.data as Record<string, any>;
      if (event.type === 'TableOpened' || event.type === 'RulesChanged')
        table.dealerSeesHoleCards = data.rules?.dealerSeesHoleCards === true;
      if (event.type === 'HandStarted') {
        table.starts.push([event.streamVersion, data.handNumber as number]);
        table.hands.set(data.handNumber as number, { board: new Set(), shown: new Set(), hole: new Set(), over: false });
      }
      const number = table.latest();
      const cards = handCardsOfEvent(event.type, data);
      const hand = number === null ? undefined : table.hands.get(number);
      if (!cards || !hand) continue;
      for (const seat of cards.hole ?? []) for (const card of seat.cards) hand.hole.add(card);
      for (const card of [...(cards.board ?? []), ...(cards.secondBoard ?? [])]) hand.board.add(card);
      for (const card of cards.shown ?? []) hand.shown.add(card);
      if (cards.over) hand.over = true;
    }
    return table;
  }

  private async audienceAt(tableId: string, table: TableCards, sender: Sender): Promise<Audience> {
    let assignedDealer = false;
    if (sender.role === 'dealer' && table.dealerSeesHoleCards && sender.userId !== undefined) {
      const { rows } = await this.db.query(`SELECT 1 FROM dealer_assignments WHERE table_id = $1 AND user_id = $2`, [
        tableId,
        sender.userId,
      ]);
      assignedDealer = rows.length > 0;
    }
    return audienceOf(sender.role, { assignedDealer, dealerSeesHoleCards: table.dealerSeesHoleCards, liveSurveillance: false });
  }
}

/** The hand a scope names: its cards, 'none' (a table before any hand: nothing is secret yet), or null (no table: every card is). */
function handOf(table: TableCards | null, scope: Scope): HandCards | 'none' | null {
  if (table === null || scope === 'no table') return null;
  const number = scope === 'latest' ? table.latest() : 'hand' in scope ? scope.hand : table.handAt(scope.version);
  return number === null ? 'none' : (table.hands.get(number) ?? 'none');
}

function secretCards(hand: HandCards | 'none' | null, audience: Audience | null): ReadonlySet<string> {
  if (hand === 'none') return new Set();
  if (hand === null || audience === null) return new Set(ALL_CARDS);
  if (maySeeDeck(audience, hand.over)) return new Set();
  const seesHole = maySeeHoleCards(audience, { playerId: null, shown: false, handOver: hand.over });
  return new Set(ALL_CARDS.filter((card) => !hand.board.has(card) && !hand.shown.has(card) && !(seesHole && hand.hole.has(card))));
}

function describe(scope: Scope): string {
  return typeof scope === 'string'
    ? `the answer (${scope})`
    : 'hand' in scope
      ? `hand ${scope.hand}`
      : `the event at version ${scope.version}`;
}

/** The cards and seeds an answer names, by scope. */
function namedInAnswer(
  answer: { body: unknown; text: string; contentType: string; problem: boolean },
  root: Scope,
  tableId: string | null,
): Named[] {
  const out: Named[] = [];
  if (answer.contentType.includes('toml')) {
    // PHH: one block a hand, each with its `hand = N`; cards are in its deal and show actions ("d dh p1 7s6d", "d db
    // AhKd7c", "p2 sm 7s6d"), names and notes are not read for cards.
    for (const block of answer.text.split(/\n\s*\n/)) {
      const hand = /^hand = (\d+)$/m.exec(block)?.[1];
      const cards = [...block.matchAll(/"(?:d dh p\d+|d db|p\d+ sm) ([^"\s]+)"/g)].flatMap((m) => cardsOfMember('cards', m[1]!));
      const seeds = namedIn(block).seeds;
      if (cards.length > 0 || seeds.length > 0) out.push({ scope: hand === undefined ? root : { hand: Number(hand) }, cards, seeds });
    }
    return out;
  }
  const documents = answer.body !== undefined ? [answer.body] : jsonDocuments(answer.text);
  for (const document of documents) walk(document, '', root, tableId, answer.problem, out);
  return out;
}

/** JSON lines or blank-line separated JSON documents (the JSONL and OHH exports); text that is neither gives none. */
function jsonDocuments(text: string): unknown[] {
  const documents: unknown[] = [];
  for (const part of text.includes('\n\n') ? text.split(/\n\s*\n/) : text.split('\n')) {
    if (part.trim() === '') continue;
    try {
      documents.push(JSON.parse(part));
    } catch {
      return [];
    }
  }
  return documents;
}

const FREE_TEXT = new Set(['detail', 'title', 'message']);

function walk(value: unknown, key: string, scope: Scope, tableId: string | null, problem: boolean, out: Named[]): void {
  if (typeof value === 'string' || typeof value === 'number') {
    const cards = typeof value === 'string' && problem && FREE_TEXT.has(key) ? [...namedIn(value).cards] : cardsOfMember(key, value);
    if (cards.length > 0) out.push({ scope, cards, seeds: [] });
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) walk(item, key, scope, tableId, problem, out);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  let inner = scope;
  if (scope !== 'no table') {
    const version = typeof record.version === 'number' ? record.version : record.streamVersion;
    const game = typeof record.game_number === 'string' && tableId !== null ? /-(\d+)$/.exec(record.game_number)?.[1] : undefined;
    if (typeof record.handNumber === 'number') inner = { hand: record.handNumber };
    else if (game !== undefined) inner = { hand: Number(game) };
    else if (typeof record.type === 'string' && typeof version === 'number') inner = { version };
  }
  // A draw for the button deals every card face up, before any hand: its cards and seed are public (engine events.ts).
  const seeds = record.type === 'ButtonDrawn' ? [] : ['seed', 'salt'].filter((k) => record[k] !== null && record[k] !== undefined);
  if (seeds.length > 0) out.push({ scope: inner, cards: [], seeds });
  for (const [k, v] of Object.entries(record))
    if (!(record.type === 'ButtonDrawn' && k === 'data')) walk(v, k, inner, tableId, problem, out);
}
