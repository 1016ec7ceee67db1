import { createHash } from 'node:crypto';

/** Queue names are `felt-events-<shard>`; a consumer runs one worker with concurrency 1 per shard. */
export const QUEUE_NAME_PREFIX = 'felt-events';

export function queueName(shard: number): string {
  return `${QUEUE_NAME_PREFIX}-${shard}`;
}

/**
 * The shard of a stream: all of a table's events go to one queue, so a consumer with concurrency 1 per queue
 * sees them in stream-version order. sha256 (not a JS string hash) so any language can compute the same shard.
 */
export function shardOf(streamId: string, shards: number): number {
  const digest = createHash('sha256').update(streamId, 'utf8').digest();
  return digest.readUInt32BE(0) % shards;
}
