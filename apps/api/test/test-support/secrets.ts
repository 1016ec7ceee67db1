import { FULL_DECK, formatCard, parseCard } from '@felt/engine';
import type { EventStore, RecordedEvent } from '@felt/event-store';
import { DeckSeal } from '../../src/tables/deck-seal';
import { openedRecord, streamIdOf } from '../../src/tables/table-stream';
import { TEST_SEAL_KEY } from './auth';

/**
 * What the visibility tests compare bodies with: the cards of a table's one hand as the store holds them (the
 * truth), and every card a body names, however it names it.
 */

/** A 52-card deck, top card first, with the cards the test wants where the engine deals them (table/deck.ts order). */
export function deckWith(top: readonly string[]): string[] {
  const rest = FULL_DECK.map(formatCard).filter((c) => !top.includes(c));
  return [...top, ...rest];
}

export interface HandTruth {
  readonly deck: readonly string[];
  /** Hole cards dealt, by seat. */
  readonly hole: ReadonlyMap<number, readonly string[]>;
  readonly board: readonly string[];
  /** A second run's board cards (running it twice, SecondBoardDealt): public once dealt, like the board. */
  readonly secondBoard: readonly string[];
  /** Cards tabled at the showdown. */
  readonly shown: readonly string[];
  readonly over: boolean;
}

/** What one event of a table's log, as the store holds it, tells of its hand's cards (undefined: nothing). */
export interface HandCardsOfEvent {
  readonly hole?: readonly { readonly seat: number; readonly cards: readonly string[] }[];
  readonly board?: readonly string[];
  readonly secondBoard?: readonly string[];
  readonly shown?: readonly string[];
  readonly over?: true;
}

/** Dealt and reported hole cards, board cards, shown cards and the hand's end, by event type: the one reading of them. */
export function handCardsOfEvent(type: string, data: any): HandCardsOfEvent | undefined {
  const cards = (list: readonly number[]) => list.map(formatCard);
  switch (type) {
    case 'HoleCardsDealt':
      return {
        hole: (data.hands as { seat: number; cards: number[] | null }[])
          .filter((h) => h.cards !== null)
          .map((h) => ({ seat: h.seat, cards: cards(h.cards!) })),
      };
    case 'HoleCardsReported':
      return { hole: [{ seat: data.seat, cards: cards(data.cards) }] };
    case 'BoardDealt':
      return { board: cards(data.cards) };
    case 'SecondBoardDealt':
      return { secondBoard: cards(data.cards) };
    case 'HandShown':
      return { shown: cards(data.cards) };
    case 'HandEnded':
    case 'HandVoided':
      return { over: true };
    default:
      return undefined;
  }
}

const TEST_SEAL = new DeckSeal(Buffer.from(TEST_SEAL_KEY, 'hex'));

/** A stored event with its sealed hole cards opened under the test API's seal key: the truth the tests compare with. */
export function openedForTest(recorded: RecordedEvent): RecordedEvent {
  return openedRecord(recorded, TEST_SEAL);
}

/** The table's one hand as the store holds it (nothing filtered: the test reads the events table itself, and opens the seals). */
export async function handTruth(store: EventStore, tableId: string, deck: readonly string[]): Promise<HandTruth> {
  const events = (await store.readStream(streamIdOf(tableId))).map(openedForTest);
  const hole = new Map<number, string[]>();
  const board: string[] = [];
  const secondBoard: string[] = [];
  const shown: string[] = [];
  let over = false;
  for (const e of events) {
    const found = handCardsOfEvent(e.type, e.data);
    for (const h of found?.hole ?? []) hole.set(h.seat, [...h.cards]);
    board.push(...(found?.board ?? []));
    secondBoard.push(...(found?.secondBoard ?? []));
    shown.push(...(found?.shown ?? []));
    over ||= found?.over === true;
  }
  return { deck, hole, board, secondBoard, shown, over };
}

const CARD_STRING = /^(?:[2-9TJQKA][cdhs])+$/;
const CARD_TOKEN = /(?<![A-Za-z0-9])((?:[2-9TJQKA][cdhs])+)(?![A-Za-z0-9])/g;
/** Members whose numbers are cards (engine events: 0..51). */
/**
 * Identifiers and digests in text: a UUID's group "9d6c" or a hash's run of hex is no card, and random ids made the
 * scan fail about one run in a hundred before these were taken out of the text first.
 */
const IDS_AND_DIGESTS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{32,}/gi;
const CARD_NUMBER_KEYS = new Set(['cards', 'deck', 'card', 'holeCards', 'board', 'secondBoard']);

function splitCards(text: string): string[] {
  return text.match(/../g)!.filter((c) => parseCard(c) !== undefined);
}

/** Members that hold cards in the API's answers and exports (a hand record's board is {flop, turn, river}). */
const CARD_MEMBERS = new Set([...CARD_NUMBER_KEYS, 'flop', 'turn', 'river']);

/**
 * The cards a member's value names when the member is one that holds cards (codes as text, "AhKd"; numbers 0..51
 * in events): nothing for any other member, so that an id or a name that looks like a card ("AsKd") is no card.
 */
export function cardsOfMember(key: string, value: string | number): string[] {
  if (!CARD_MEMBERS.has(key)) return [];
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value < 52 ? [formatCard(value)] : [];
  return CARD_STRING.test(value) ? splitCards(value) : [];
}

export interface Named {
  readonly cards: Set<string>;
  /** Paths of seed or salt members that hold something. */
  readonly seeds: string[];
}

/**
 * Every card a body names: strings that are card codes ("AhKd", "As"), numbers under card members ("cards",
 * "deck", ...), and in text (PHH) every token of card codes. Also any seed or salt that is not null.
 */
export function namedIn(body: unknown): Named {
  const cards = new Set<string>();
  const seeds: string[] = [];
  if (typeof body === 'string') {
    const text = body.replace(IDS_AND_DIGESTS, ' ');
    for (const match of text.matchAll(CARD_TOKEN)) for (const c of splitCards(match[1]!)) cards.add(c);
    for (const match of body.matchAll(/\b(seed|salt)\b\s*[=:]\s*"?([0-9a-f]+)/gi)) seeds.push(match[0]);
    return { cards, seeds };
  }
  const walk = (value: unknown, key: string, path: string): void => {
    if (typeof value === 'string') {
      if (CARD_STRING.test(value)) for (const c of splitCards(value)) cards.add(c);
    } else if (typeof value === 'number') {
      if (CARD_NUMBER_KEYS.has(key) && Number.isInteger(value) && value >= 0 && value < 52) cards.add(formatCard(value));
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, key, `${path}[${i}]`));
    } else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if ((k === 'seed' || k === 'salt') && v !== null && v !== undefined) seeds.push(`${path}.${k}`);
        walk(v, k, `${path}.${k}`);
      }
    }
  };
  walk(body, '', '$');
  return { cards, seeds };
}
