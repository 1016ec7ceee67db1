import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type { Database } from '@felt/event-store';
import { DATABASE } from '../database/database.module';
import type { LiveViewer } from './live-audience';
import type { LiveConnection, LiveRegistry, UserAccess } from './live-connection';
import { LIVE_LIMITS } from './live-limits';

/**
 * Revocation for open /live connections. Every LIVE_LIMITS.accessCheckMs while some connection has a token, one
 * query reads the user rows and dealer assignments of every connected user, whichever process changed them (the
 * API, `felt users disable`, another API process), and each connection applies what it read (LiveConnection
 * .recheck). Also the per-user and per-address caps of open connections.
 */
@Injectable()
export class LiveAccessWatch implements LiveRegistry, OnModuleDestroy {
  private readonly logger = new Logger('LiveAccessWatch');
  private readonly connections = new Set<LiveConnection>();
  private readonly open = new Map<string, number>();
  private readonly keys = new WeakMap<LiveConnection, string>();
  /** Connections with a token: the timer runs while there is one. */
  private withToken = 0;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;

  constructor(@Inject(DATABASE) private readonly db: Database) {}

  join(connection: LiveConnection, viewer: LiveViewer): boolean {
    const key = viewer.principal ? `user:${viewer.principal.sub}` : `address:${viewer.address}`;
    const cap = viewer.principal ? LIVE_LIMITS.connectionsPerUser : LIVE_LIMITS.anonymousConnectionsPerAddress;
    const count = this.open.get(key) ?? 0;
    if (count >= cap) return false;
    this.open.set(key, count + 1);
    this.keys.set(connection, key);
    this.connections.add(connection);
    if (viewer.principal) this.withToken++;
    if (this.withToken > 0 && !this.timer) {
      this.timer = setInterval(() => this.tick(), LIVE_LIMITS.accessCheckMs);
      this.timer.unref();
    }
    return true;
  }

  leave(connection: LiveConnection): void {
    const key = this.keys.get(connection);
    if (key === undefined || !this.connections.delete(connection)) return;
    const count = (this.open.get(key) ?? 1) - 1;
    if (count > 0) this.open.set(key, count);
    else this.open.delete(key);
    if (key.startsWith('user:')) this.withToken--;
    if (this.timer && this.withToken === 0) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  /** Reads every connected user's access once and hands it to their connections (the timer's work; tests call it too). */
  async checkNow(): Promise<void> {
    const withToken = [...this.connections].filter((c) => c.viewer?.principal);
    if (withToken.length === 0) return;
    const ids = [...new Set(withToken.map((c) => c.viewer!.principal!.sub))];
    const { rows } = await this.db.query<{
      id: string;
      name: string;
      role: string;
      disabled: boolean;
      token_generation: number;
      tables: string[] | null;
    }>(
      `SELECT u.id, u.name, u.role, u.disabled, u.token_generation, array_remove(array_agg(a.table_id), NULL) AS tables
       FROM users u LEFT JOIN dealer_assignments a ON a.user_id = u.id
       WHERE u.id = ANY($1::text[]) GROUP BY u.id, u.name, u.role, u.disabled, u.token_generation`,
      [ids],
    );
    const access = new Map<string, UserAccess>(
      rows.map((r) => [
        r.id,
        { name: r.name, role: r.role, disabled: r.disabled, tokenGeneration: r.token_generation, dealerTables: new Set(r.tables ?? []) },
      ]),
    );
    const now = Date.now();
    for (const connection of withToken) connection.recheck(access.get(connection.viewer!.principal!.sub) ?? null, now);
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.checking;
  }

  private tick(): void {
    if (this.checking) return;
    this.checking = this.checkNow()
      .catch((error: unknown) => this.logger.error({ err: error }, 'reading the /live users access failed; the next check tries again'))
      .finally(() => (this.checking = null));
  }
}
