import type { HandStartedV1, SealedDeck, TableEvent } from '@felt/engine';
import type { StreamEvent } from '@felt/event-store';
import { jsonEqual } from './json-equal';

/** How the verifier compares recorded events with the engine's and names them in its messages (stream-verifier.ts). */

/**
 * jsonEqual(tableEventOf(recorded), event) without making that copy: the recorded type, then the data's fields (a
 * "type" among them is overridden by the recorded type, as tableEventOf does), and no field of the event left over.
 */
export function isRecordedAs(recorded: StreamEvent, event: TableEvent): boolean {
  if (recorded.type !== event.type) return false;
  const data = recorded.data as Record<string, unknown>;
  const fields = event as unknown as Record<string, unknown>;
  let unmatched = 1;
  for (const key in data) {
    const value = data[key];
    if (key === 'type' || value === undefined) continue;
    if (!jsonEqual(value, fields[key])) return false;
    unmatched++;
  }
  for (const key in fields) if (fields[key] !== undefined) unmatched--;
  return unmatched === 0;
}

/** decide's HandStarted and DeckSealed as the single HandStarted that schema version 1 recorded. */
export function asVersion1(events: readonly TableEvent[]): readonly TableEvent[] {
  const [started, sealed, ...rest] = events;
  if (started?.type !== 'HandStarted' || sealed?.type !== 'DeckSealed') return events;
  const { deckCommitment: _commitment, ...fields } = started;
  const v1: HandStartedV1 = { ...fields, deck: sealed.deck, shuffle: sealed.shuffle };
  return [v1 as unknown as TableEvent, ...rest];
}

/** DeckSealed's data as the revealed deck gives it (what the API encrypted). */
export function sealedData(deck: SealedDeck): StreamEvent['data'] {
  return { handNumber: deck.handNumber, deck: deck.deck, shuffle: deck.shuffle, salt: deck.salt } as unknown as StreamEvent['data'];
}

export function sum(xs: readonly number[]): number {
  let total = 0;
  for (const x of xs) total += x;
  return total;
}

export function describe(command: { type: string }): string {
  const { type, ...rest } = command as Record<string, unknown>;
  const args = Object.entries(rest)
    .filter(([k, v]) => v !== undefined && k !== 'deck' && k !== 'rules')
    .map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  return `${type}${args.length ? ` (${args.join(', ')})` : ''}`;
}

export function show(event: TableEvent | undefined): string {
  if (event === undefined) return 'nothing';
  const text = JSON.stringify(event);
  return text.length > 240 ? `${text.slice(0, 240)}…` : text;
}
