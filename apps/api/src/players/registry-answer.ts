import type { z } from 'zod';
import { rawCommandRequest } from '../auth/command-sender';
import { principalOf } from '../auth/principal';
import type { TableAccess } from '../auth/table-access';
import type { HttpRequest, HttpResponse } from '../http/http-types';
import { sendStreamOutcome } from '../http/stream-answer';
import { splitEnvelope, validate, type Envelope } from '../tables/command-request';
import type { RequestFingerprints } from '../tables/request-fingerprint';
import type { RegistryOutcome } from './apply-registry-command';

/**
 * The body and envelope of a registry route (Idempotency-Key / commandId, If-Match / expectedVersion, the sender),
 * the key bound to this route, id and body; a registered device is required as for any command that writes.
 */
export function parseRegistryRequest<T>(
  req: HttpRequest,
  schema: z.ZodType<T>,
  route: string,
  id: string,
  deps: { fingerprints: RequestFingerprints; access: TableAccess },
): { body: T; envelope: Envelope } {
  deps.access.checkDevice(req, principalOf(req));
  const { fields, envelope, issues } = splitEnvelope(rawCommandRequest(req));
  const body = validate(schema, fields, issues, 'INVALID_REQUEST');
  const requestFingerprint = deps.fingerprints.ofRoomRequest(`registry:${route}`, id, body);
  return { body, envelope: { ...envelope, metadata: { ...envelope.metadata, requestFingerprint } } };
}

/** 201 applied / 200 replayed with the events as recorded (no personal data is in them), else the problem. */
export function sendRegistryOutcome(
  res: HttpResponse,
  ids: Record<string, string>,
  commandId: string,
  outcome: RegistryOutcome,
  status?: number,
): void {
  sendStreamOutcome(res, commandId, outcome, { ids, subject: Object.values(ids).join(' '), ...(status === undefined ? {} : { status }) });
}
