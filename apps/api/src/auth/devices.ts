import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { GroupCommit, type Database, type Queryable } from '@felt/event-store';
import type { AuditActor } from '@felt/regulator';
import type { AuditLog } from '@felt/staff';

/**
 * What a device is (migrations/1700000001300-DeviceKinds.ts, docs/security.md "Insiders"): a console staff sign in
 * on; a card reader, whose sign-ins may only report the hole cards of its table; a certified shuffler, whose
 * sign-ins may only start hands (and draw for the button) at its table with the deck it shuffled.
 */
export const DEVICE_KINDS = ['console', 'reader', 'shuffler'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

/** A device the floor registered (migrations/1700000000800-Devices.ts); never its secret. */
export interface Device {
  readonly id: string;
  readonly name: string;
  readonly kind: DeviceKind;
  /** The one table a reader or a shuffler serves; null for a console. */
  readonly tableId: string | null;
  readonly registeredBy: string;
  readonly registeredAt: string;
  /** When it was retired; null while it may be used. */
  readonly retiredAt: string | null;
}

/** Letters, digits, space and . _ @ - (1 to 64): the devices table's CHECK says the same. */
export const DEVICE_NAME = /^[A-Za-z0-9._@ -]{1,64}$/;

/** What a device's credential looks like: `felt-device.<id>.<secret>` (the secret 32 random bytes, base64url). */
const CREDENTIAL = /^felt-device\.([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

type DeviceRow = {
  id: string;
  name: string;
  kind: DeviceKind;
  table_id: string | null;
  registered_by: string;
  registered_at: string;
  retired_at: string | null;
  secret_hash: string;
};
const COLUMNS = `id, name, kind, table_id, registered_by, registered_at::text AS registered_at, retired_at::text AS retired_at, secret_hash`;

function deviceOf(row: DeviceRow): Device {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    tableId: row.table_id,
    registeredBy: row.registered_by,
    registeredAt: row.registered_at,
    retiredAt: row.retired_at,
  };
}

function secretHash(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * The registered consoles: register (a credential shown once), retire, and the check at sign-in. Each register and
 * retire commits with its audit event. A token bound to a device is checked against its row on every request (like
 * a user's), so retiring a device stops its tokens at once; lookups made together go out as one query.
 */
export class Devices {
  private readonly lookups: GroupCommit<string, Device | null>;

  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
  ) {
    this.lookups = new GroupCommit((ids) => this.byIds(ids), { maxInFlight: 2, maxBatch: 256 });
  }

  /** At most `limit` devices by name, those after `after` (a name): one page of GET /devices. */
  async page(limit: number, after?: string): Promise<Device[]> {
    const { rows } = await this.db.query<DeviceRow>(
      `SELECT ${COLUMNS} FROM devices WHERE ($1::text IS NULL OR name > $1) ORDER BY name LIMIT $2`,
      [after ?? null, limit],
    );
    return rows.map(deviceOf);
  }

  byId(id: string): Promise<Device | null> {
    return this.lookups.submit(id);
  }

  private async byIds(ids: readonly string[]): Promise<{ value: Device | null }[]> {
    const { rows } = await this.db.query<DeviceRow>(`SELECT ${COLUMNS} FROM devices WHERE id = ANY($1::text[])`, [[...new Set(ids)]], {
      statementName: 'felt_devices_by_ids',
    });
    const found = new Map(rows.map((row) => [row.id, deviceOf(row)]));
    return ids.map((id) => ({ value: found.get(id) ?? null }));
  }

  /**
   * A new device and its credential (shown once); 'name-taken' when a device, retired or not, has the name. A reader
   * or a shuffler is registered for one table (`tableId`), a console for none.
   */
  async register(
    name: string,
    registeredBy: string,
    actor: AuditActor,
    kind: DeviceKind = 'console',
    tableId: string | null = null,
  ): Promise<{ device: Device; credential: string } | 'name-taken'> {
    const id = randomUUID();
    const secret = randomBytes(32).toString('base64url');
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<DeviceRow>(
        `INSERT INTO devices (id, name, kind, table_id, secret_hash, registered_by) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name) DO NOTHING RETURNING ${COLUMNS}`,
        [id, name, kind, tableId, secretHash(secret), registeredBy],
      );
      if (!rows[0]) return 'name-taken' as const;
      await this.audit.append({ type: 'DeviceRegistered', deviceId: id, name, kind, tableId }, actor, tx);
      return { device: deviceOf(rows[0]), credential: `felt-device.${id}.${secret}` };
    });
  }

  /** Retires a device (its tokens stop at once); null when there is none. Retiring again changes nothing and records nothing. */
  async retire(idOrName: string, actor: AuditActor): Promise<Device | null> {
    return this.db.transaction(async (tx) => {
      const found = await this.find(tx, idOrName);
      if (!found || found.retired_at !== null) return found ? deviceOf(found) : null;
      const { rows } = await tx.query<DeviceRow>(`UPDATE devices SET retired_at = now() WHERE id = $1 RETURNING ${COLUMNS}`, [found.id]);
      await this.audit.append({ type: 'DeviceRetired', deviceId: found.id, name: found.name }, actor, tx);
      return deviceOf(rows[0]!);
    });
  }

  /** The device a credential proves, or why it proves none. */
  async check(credential: string): Promise<{ ok: true; device: Device } | { ok: false; reason: 'unknown-device' | 'device-retired' }> {
    const match = CREDENTIAL.exec(credential);
    if (!match) return { ok: false, reason: 'unknown-device' };
    const found = await this.find(this.db, match[1]!);
    const expected = Buffer.from(found?.secret_hash ?? '0'.repeat(64), 'hex');
    const given = Buffer.from(secretHash(match[2]!), 'hex');
    if (!found || !timingSafeEqual(expected, given)) return { ok: false, reason: 'unknown-device' };
    if (found.retired_at !== null) return { ok: false, reason: 'device-retired' };
    return { ok: true, device: deviceOf(found) };
  }

  private async find(db: Queryable, idOrName: string): Promise<DeviceRow | null> {
    const { rows } = await db.query<DeviceRow>(
      `SELECT ${COLUMNS} FROM devices WHERE id = $1 OR name = $1 ORDER BY (id = $1) DESC LIMIT 1`,
      [idOrName],
    );
    return rows[0] ?? null;
  }
}
