import { createHash } from 'node:crypto';

/**
 * The id of the `index`-th (0-based) event written by command `commandId`: a UUID (version 8, RFC 9562) made of the
 * first 16 bytes of sha256(`${commandId}:${index}`), with the version and variant bits set.
 * Deterministic, so a retried command maps to the same event ids and cannot be written twice.
 */
export function eventIdFor(commandId: string, index: number): string {
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`event index must be a non-negative integer, got ${index}`);
  const bytes = createHash('sha256').update(`${commandId}:${index}`, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
