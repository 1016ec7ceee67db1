import { createHmac } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { canonicalJson } from '@felt/event-store';
import { TOKEN_KEYS, type TokenKeys } from '../auth/auth-secret';
import type { CommandRequest } from './command-request';

/**
 * The fingerprint an Idempotency-Key is bound to (IETF httpapi Idempotency-Key draft): the table, the command as
 * validated (its type stands for the route: POST /tables/t/fold {"seat":1} and POST /tables/t/commands
 * {"type":"Fold","seat":1} are the same request), as canonical JSON. Not the expected version: that is a condition
 * on doing it, not what is done, and a retry that adds If-Match is still the same command. Kept in every event's
 * metadata as `requestFingerprint`, beside `actorId`, so that a reused key is recognised for what it is.
 *
 * Keyed (HMAC-SHA256), not a plain hash: a StartHand body may hold a seed or a deck, and a plain hash of a small
 * seed could be searched for by anyone who reads the log's metadata. The key is derived from the API's token signing key.
 */
@Injectable()
export class RequestFingerprints {
  private readonly key: Buffer;

  constructor(@Inject(TOKEN_KEYS) keys: TokenKeys) {
    this.key = createHmac('sha256', keys.hashKey).update('felt idempotency fingerprint v1').digest();
  }

  of(request: Pick<CommandRequest, 'tableId' | 'command'>): string {
    return this.digest(canonicalJson({ tableId: request.tableId, command: request.command }));
  }

  /**
   * A room request's fingerprint: the route, the game and the body as validated (not the command the API derives
   * from it: a retry of a seat must match its first attempt though the time stamped on it, or the table, has moved).
   */
  ofRoomRequest(route: string, gameId: string, body: unknown): string {
    return this.digest(canonicalJson({ room: route, gameId, body }));
  }

  private digest(canonical: string): string {
    return createHmac('sha256', this.key).update(canonical).digest('base64url');
  }
}

type Sender = { readonly actorId?: unknown; readonly requestFingerprint?: unknown };

/** keyReusedBy for a request that carries its metadata (the stream handlers' configuration). */
export const requestKeyReusedBy = (first: Sender, request: { readonly metadata: Sender }) => keyReusedBy(first, request.metadata);

/**
 * Whether a replay may answer this request: only the request that first used the key may have its first result,
 * the same user (actorId) with the same request (requestFingerprint), both kept in the first events' metadata.
 * Events written before fingerprints were kept have none: there the user alone decides. Null when it may.
 */
export function keyReusedBy(first: Sender, request: Sender): 'another-user' | 'another-request' | null {
  if ((first.actorId ?? null) !== (request.actorId ?? null)) return 'another-user';
  if (first.requestFingerprint !== undefined && first.requestFingerprint !== request.requestFingerprint) return 'another-request';
  return null;
}
