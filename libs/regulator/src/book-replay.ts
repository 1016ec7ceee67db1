import { MONEY_EVENT_SCHEMA_VERSION, MONEY_EVENT_TYPES, finishedHands, verifyBook, type MoneyEvent } from '@felt/accounting';
import { tableDecider, type TableEngine } from '@felt/engine';
import type { RecordedEvent, StreamEvent } from '@felt/event-store';
import type { HandRecord } from '@felt/projections';
import { withHoleCardsRevealed } from './hole-card-seal';
import { TABLE_STREAM_PREFIX, tableEventOf } from './table-stream';
import type { Violation } from './violations';

/** The house's books are "money-<bookId>" (libs/accounting book-stream.ts). */
export { BOOK_STREAM_PREFIX } from '@felt/accounting';

const MONEY_TYPES = new Set<string>(MONEY_EVENT_TYPES);
/** What a hand record folds: the engine's events but the sealed deck (apps/api logged-hands.ts reads the same). */
const handTypesOf = (table: TableEngine): ReadonlySet<string> => new Set<string>(table.eventTypes.filter((t) => t !== 'DeckSealed'));

/**
 * A book's stream (docs/money.md) replayed by the book's own regulator check, verifyBook: every money decision decided
 * again from the command it came from, and, given the tables' hand records, every payout's hand or period qualified
 * again. Its events are held until the end of the stream (a book is small: a shift's drops, fills and payouts).
 */
export class BookReplay {
  private readonly events: MoneyEvent[] = [];
  private readonly versions: number[] = [];
  private readonly violations: Violation[] = [];
  /** A payout that names a hand or a period: its qualification needs the tables' hand records. */
  needsHands = false;

  constructor(readonly streamId: string) {}

  push(event: StreamEvent): void {
    if (!MONEY_TYPES.has(event.type) || event.schemaVersion !== MONEY_EVENT_SCHEMA_VERSION) {
      this.violations.push({
        streamId: this.streamId,
        version: event.streamVersion,
        kind: 'unreadable',
        message: `${event.type} v${event.schemaVersion} is not a money event this verifier reads`,
      });
      return;
    }
    const money = { ...(event.data as object), type: event.type } as MoneyEvent;
    if (money.type === 'MoneyRequested' && (money.request.kind === 'PayBadBeat' || money.request.kind === 'PayHighHand'))
      this.needsHands = true;
    this.events.push(money);
    this.versions.push(event.streamVersion);
  }

  /** The book's problems as violations at the version of the event concerned; `hands`: the log's finished hands. */
  finish(hands?: readonly HandRecord[]): Violation[] {
    for (const p of verifyBook(this.events, hands))
      this.violations.push({
        streamId: this.streamId,
        version: this.versions[p.index]!,
        kind: 'rules',
        message: `${p.type}: ${p.problem}`,
      });
    return this.violations.sort((a, b) => a.version - b.version);
  }
}

/**
 * One table stream's finished hands, as the API's LoggedHands folds them (libs/accounting finishedHands, with the
 * engine the table was played with: a casino's modules say what their events change in the record), with the
 * hole cards of hands whose key was revealed opened. A live hand is left out; a log whose envelopes do not open
 * gives its hands as stored (the table's own verification reports that).
 */
export function tableHandRecords(streamId: string, events: readonly RecordedEvent[], table: TableEngine = tableDecider): HandRecord[] {
  let opened: readonly RecordedEvent[] = events;
  try {
    opened = withHoleCardsRevealed(events);
  } catch {
    // Reported by the StreamVerifier as a deal violation; the hands are read as stored.
  }
  const handTypes = handTypesOf(table);
  const logged = opened
    .filter((r) => handTypes.has(r.type))
    .map((r) => ({ event: tableEventOf(r), version: r.streamVersion, at: r.recordedAt }));
  return finishedHands(streamId.slice(TABLE_STREAM_PREFIX.length), logged, table.modules);
}
