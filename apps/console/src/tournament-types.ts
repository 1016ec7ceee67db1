import type { floorTournament } from '@felt/tournament';
import type { FeedbackSlots } from './feedback-slots.js';

/** GET /tournaments/:id: the floor's whole view (libs/tournament board.ts) and the stream's version. */
export type FloorTournament = ReturnType<typeof floorTournament> & { readonly version: number };

/** What the desk's panels share: the tournament as last read, and one way to send a command. */
export interface Desk {
  readonly view: FloorTournament;
  readonly feedback: FeedbackSlots;
  /** Sends a command; `done(events)` says what was done beside the control (`slot`), a refusal shows there in words. */
  send(slot: string, body: Record<string, unknown>, done: (events: RecordedEvent[]) => string): Promise<boolean>;
}

/** An event as the command's answer lists it (type and data). */
export type RecordedEvent = { readonly type: string } & Record<string, unknown>;
