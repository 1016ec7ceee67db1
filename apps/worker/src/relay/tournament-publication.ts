import type { EventStore, JsonValue, RecordedEvent } from '@felt/event-store';
import {
  EMPTY_PSEUDONYM_BOOK,
  publicTournamentEventData,
  publicTournamentMetadata,
  TOURNAMENT_STREAM_PREFIX,
  withRegistration,
  type PseudonymBook,
} from '@felt/tournament';

/** Tournaments whose pseudonyms the relay keeps in memory; another one's are read again from its stream when needed. */
const BOOKS_KEPT = 256;

/**
 * The tournaments' events as the public queue carries them (libs/tournament public-events.ts): each entry under the
 * pseudonym its tables seat it under, which is its place among the stream's registrations. The relay keeps each
 * tournament's book of pseudonyms at the stream version it last published; an event that does not follow it (the
 * first after a start or a take-over, or one published again from an older checkpoint) has the book read again from
 * the stream's registrations before it. So an event's public form depends on its stream alone: a job published
 * twice is the same job (the same signature), and its job id deduplicates it.
 */
export class TournamentPublication {
  private readonly books = new Map<string, { version: number; book: PseudonymBook }>();

  constructor(private readonly store: Pick<EventStore, 'readStream'>) {}

  /** The batch with each tournament event in its public form (data and metadata); every other event as it is. */
  async publicForm(events: readonly RecordedEvent[]): Promise<RecordedEvent[]> {
    // The books a batch lacks (after a start or a take-over: one per tournament in it) are read in parallel first.
    const firsts = new Map<string, RecordedEvent>();
    for (const e of events) if (e.streamId.startsWith(TOURNAMENT_STREAM_PREFIX) && !firsts.has(e.streamId)) firsts.set(e.streamId, e);
    await Promise.all(
      [...firsts.values()].filter((e) => !this.follows(e)).map(async (e) => this.keep(e.streamId, e.streamVersion - 1, await this.read(e))),
    );
    const out: RecordedEvent[] = [];
    for (const event of events) out.push(event.streamId.startsWith(TOURNAMENT_STREAM_PREFIX) ? await this.published(event) : event);
    return out;
  }

  private async published(event: RecordedEvent): Promise<RecordedEvent> {
    const book = withRegistration(await this.bookBefore(event), event.type, event.data);
    this.keep(event.streamId, event.streamVersion, book);
    return {
      ...event,
      data: publicTournamentEventData(event.type, event.data, book) as JsonValue,
      metadata: publicTournamentMetadata(event.metadata),
    };
  }

  /** Whether the book of the event's stream just before it is at hand (kept, or none needed: the stream's first event). */
  private follows(event: RecordedEvent): boolean {
    return event.streamVersion === 1 || this.books.get(event.streamId)?.version === event.streamVersion - 1;
  }

  /** The kept book if it is at the version just before `event`; read again if it was forgotten meanwhile (a batch of more tournaments than are kept). */
  private async bookBefore(event: RecordedEvent): Promise<PseudonymBook> {
    if (event.streamVersion === 1) return EMPTY_PSEUDONYM_BOOK;
    const kept = this.books.get(event.streamId);
    return kept?.version === event.streamVersion - 1 ? kept.book : this.read(event);
  }

  /** The stream's book just before `event`, from its registrations. */
  private async read(event: RecordedEvent): Promise<PseudonymBook> {
    const registrations = await this.store.readStream(event.streamId, { toVersion: event.streamVersion - 1, types: ['PlayerRegistered'] });
    return registrations.reduce((book, e) => withRegistration(book, e.type, e.data), EMPTY_PSEUDONYM_BOOK);
  }

  private keep(streamId: string, version: number, book: PseudonymBook): void {
    this.books.delete(streamId);
    this.books.set(streamId, { version, book });
    // Forget the tournament published longest ago (a Map iterates in insertion order).
    if (this.books.size > BOOKS_KEPT) this.books.delete(this.books.keys().next().value!);
  }
}
