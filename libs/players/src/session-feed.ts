import { z } from 'zod';
import type { RecordedEvent } from '@felt/event-store';

/**
 * The sessions feed for a player-tracking system (docs/players.md "The sessions feed"): one mark per table event that
 * starts, ends or pauses a player's session, published by the worker's relay on the queue SESSION_FEED_QUEUE with the
 * event's id as the job id. A tracker folds the marks of a table in log order (txId, globalPosition) into sessions
 * as `ratedSessions` does: sat-down to stood-up at a stake (the table's last `stake-set`), breaks from
 * break-started to break-ended (by seat: a break names the seat, the seat's sat-down names the player).
 * Closed (strict) objects, pseudonymous ids only: the player's id (a card number or a made-up one), never a name, an
 * alias, a buy-in or a card.
 */
export const SESSION_FEED_QUEUE = 'felt-player-sessions';
export const SESSION_FEED = 'felt.player-sessions';

const envelope = {
  feed: z.literal(SESSION_FEED),
  version: z.literal(1),
  markId: z.string().describe('the table event id: also the job id; deduplicate on it'),
  tableId: z.string(),
  at: z.string().describe('when the table event was recorded (ISO 8601 UTC, milliseconds)'),
  streamVersion: z.int().min(1).describe("the event's place in the table's stream"),
  txId: z.string().regex(/^\d+$/),
  globalPosition: z.string().regex(/^\d+$/),
  signature: z
    .strictObject({ alg: z.literal('Ed25519'), keyId: z.string(), value: z.string() })
    .optional()
    .describe('the relay\'s signature, as on every job (docs/events.md "Signed jobs")'),
};
const seat = z.int().min(1);
const playerId = z.string().describe('pseudonymous: the casino card number or a made-up id, never a name');

export const sessionMarkSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...envelope, kind: z.literal('sat-down'), seat, playerId }),
  z.strictObject({ ...envelope, kind: z.literal('stood-up'), seat, playerId }),
  z.strictObject({ ...envelope, kind: z.literal('seat-changed'), from: seat, to: seat, playerId }),
  z.strictObject({ ...envelope, kind: z.literal('break-started'), seat }),
  z.strictObject({ ...envelope, kind: z.literal('break-ended'), seat }),
  z.strictObject({ ...envelope, kind: z.literal('stake-set'), stake: z.string().describe('"small/big" blind') }),
]);

export type SessionMark = z.infer<typeof sessionMarkSchema>;

const TABLE_PREFIX = 'table-';

/** The mark a recorded event makes in the feed, or null (not a table's session event). */
export function sessionMarkOf(
  recorded: Pick<RecordedEvent, 'eventId' | 'streamId' | 'streamVersion' | 'type' | 'data' | 'recordedAt' | 'txId' | 'globalPosition'>,
): SessionMark | null {
  if (!recorded.streamId.startsWith(TABLE_PREFIX)) return null;
  const base = {
    feed: SESSION_FEED,
    version: 1,
    markId: recorded.eventId,
    tableId: recorded.streamId.slice(TABLE_PREFIX.length),
    at: recorded.recordedAt,
    streamVersion: recorded.streamVersion,
    txId: recorded.txId,
    globalPosition: recorded.globalPosition,
  } as const;
  const d = recorded.data as { seat: number; playerId: string; from: number; to: number; rules: { smallBlind: number; bigBlind: number } };
  switch (recorded.type) {
    case 'PlayerSeated':
      return { ...base, kind: 'sat-down', seat: d.seat, playerId: d.playerId };
    case 'PlayerLeft':
      return { ...base, kind: 'stood-up', seat: d.seat, playerId: d.playerId };
    case 'SeatChanged':
      return { ...base, kind: 'seat-changed', from: d.from, to: d.to, playerId: d.playerId };
    case 'PlayerSatOut':
      return { ...base, kind: 'break-started', seat: d.seat };
    case 'PlayerSatIn':
      return { ...base, kind: 'break-ended', seat: d.seat };
    case 'TableOpened':
    case 'RulesChanged':
      return { ...base, kind: 'stake-set', stake: `${d.rules.smallBlind}/${d.rules.bigBlind}` };
    default:
      return null;
  }
}
