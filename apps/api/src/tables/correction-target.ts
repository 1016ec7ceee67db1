import { actionNumberAt, rejection, type Rejection, type TableCommand, type TableEvent } from '@felt/engine';
import type { EventStore, RecordedEvent } from '@felt/event-store';

/** Events read per step back towards the hand's start; a hand is rarely longer. */
const PAGE = 256;
/** A mistaken action this far behind the table's head is in no hand still in progress. */
const MAX_DISTANCE = 5000;

/**
 * CorrectAction as the console sends it, `backTo` the stream version of the mistaken action's event, turned into
 * the engine's command, which numbers the hand's standing actions (libs/engine table/corrections.ts): reads the
 * events from the hand's start (found by stepping back from `backTo`) to `head`.
 */
export async function correctionCommand(
  store: EventStore,
  streamId: string,
  head: number,
  backTo: number,
  reason: string,
): Promise<{ command: TableCommand } | { rejection: Rejection }> {
  const notFound = (why: string) => ({
    rejection: rejection('ACTION_NOT_FOUND', `Nothing to take back at event ${backTo}: ${why}.`, 'backTo'),
  });
  if (backTo > head) return notFound(`the table is at version ${head}`);
  if (head - backTo > MAX_DISTANCE) return notFound('it is not in the hand in progress');
  let from = backTo;
  let events = await store.readStream(streamId, { fromVersion: from, toVersion: head });
  while (from > 1 && !events.some((e) => e.type === 'HandStarted')) {
    const earlier = Math.max(1, from - PAGE);
    events = [...(await store.readStream(streamId, { fromVersion: earlier, toVersion: from - 1 })), ...events];
    from = earlier;
  }
  const action = actionNumberAt(events.map(asTableEvent), backTo);
  return typeof action === 'string' ? notFound(action) : { command: { type: 'CorrectAction', action, reason } };
}

/** Only the types and public fields matter here: a sealed DeckSealed stays sealed. */
function asTableEvent(recorded: RecordedEvent): { version: number; event: TableEvent } {
  return { version: recorded.streamVersion, event: { ...(recorded.data as object), type: recorded.type } as TableEvent };
}
