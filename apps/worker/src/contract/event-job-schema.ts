import { z } from 'zod';
import type { EventJob } from '../relay/event-job';

/** The job data every published event carries (the envelope); `data` follows the schema of `type` at `schemaVersion`. */
export const eventJobSchema = z.object({
  eventId: z.string().describe('UUID; also the BullMQ job id. Deduplicate on it'),
  type: z.string().describe('the event type, e.g. HandStarted; also the job name'),
  schemaVersion: z.int().min(1).describe("version of this type's data schema"),
  streamId: z.string().describe('the table\'s stream, e.g. "table-42"'),
  streamVersion: z.int().min(1).describe('1, 2, 3, ... without gaps within the stream: apply in this order'),
  globalPosition: z.string().regex(/^\d+$/).describe('bigint as decimal; with txId, the order of the global log'),
  txId: z.string().regex(/^\d+$/).describe('the writing transaction id (xid8) as decimal'),
  recordedAt: z.string().describe('ISO 8601 UTC with milliseconds'),
  data: z.unknown().describe('the event; see events/<type>.v<schemaVersion>.schema.json'),
  metadata: z.record(z.string(), z.unknown()).describe('commandId, actorId, actorRole, correlationId, device, ...'),
  signature: z
    .object({
      alg: z.literal('Ed25519'),
      keyId: z.string().describe("first 16 hex digits of SHA-256 over the relay's raw 32-byte public key"),
      value: z.string().describe('base64 Ed25519 signature over the canonical JSON of this object without `signature`'),
    })
    .optional()
    .describe('the relay\'s signature: verify it before applying the job (docs/events.md, "Signed jobs")'),
});

type Equals<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** Compile-time check: the envelope schema is the relay's EventJob. */
export const ENVELOPE_MATCHES_RELAY: Equals<Required<z.infer<typeof eventJobSchema>>, Required<EventJob>> = true;
