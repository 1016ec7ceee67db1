import { randomUUID } from 'node:crypto';
import type { EventStore, RecordedEvent, Transaction } from '@felt/event-store';
import { auditStreamIdFor, newAuditEvent, type AuditActor, type AuditEvent } from '@felt/regulator';
import type { Principal } from './access-token';

/**
 * Appends staff and security events to the day's audit stream (libs/regulator audit-stream.ts). With `tx`, the
 * event commits with the change it records (a user's row, an assignment) or not at all; without, it goes out with
 * the appends made at the same moment (group commit). The API and the CLI both write through it.
 */
export class AuditLog {
  constructor(
    private readonly store: EventStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** `commandId`: for an append that must happen once however many processes try it (the staff put on record). */
  async append(
    events: AuditEvent | readonly AuditEvent[],
    actor: AuditActor,
    tx?: Transaction,
    commandId: string = randomUUID(),
  ): Promise<RecordedEvent[]> {
    const list = Array.isArray(events) ? (events as readonly AuditEvent[]) : [events as AuditEvent];
    if (list.length === 0) return [];
    const result = await this.store.append(auditStreamIdFor(this.now()), {
      expectedVersion: 'any',
      events: list.map(newAuditEvent),
      commandId,
      metadata: withoutUndefined(actor),
      ...(tx ? { tx } : {}),
    });
    if (!result.ok) throw new Error(`audit append refused: ${JSON.stringify(result.conflict)}`); // 'any' never conflicts
    return result.events;
  }
}

/** The metadata of an audit event written for a signed-in user through the API. */
export function apiActor(principal: Principal | undefined, correlationId?: string): AuditActor {
  return withoutUndefined({
    actorId: principal?.sub,
    actorRole: principal?.role,
    actorName: principal?.name,
    device: principal?.device ?? null,
    via: 'api',
    correlationId,
  });
}

/** The metadata of an audit event written by `felt` on the operator's machine: the operator's login name is all it knows. */
export function cliActor(): AuditActor {
  let login = process.env.USER ?? process.env.LOGNAME ?? 'unknown';
  if (!/^[A-Za-z0-9._@-]{1,64}$/.test(login)) login = 'unknown';
  return { actorId: `cli:${login}`, actorRole: 'operator', actorName: login, device: null, via: 'cli' };
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
