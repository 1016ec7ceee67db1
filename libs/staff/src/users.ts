import { randomUUID } from 'node:crypto';
import { GroupCommit, type Queryable } from '@felt/event-store';
import { hashPassword } from './passwords';
import type { Role } from './roles';

/** A user as the API and the CLI see it (never the password hash, except to check a login). */
export interface User {
  readonly id: string;
  readonly name: string;
  readonly role: Role;
  readonly createdAt: string;
  readonly disabled: boolean;
}

/** Letters, digits and . _ @ - (1 to 64): the users table's CHECK says the same. */
export const USER_NAME = /^[A-Za-z0-9._@-]{1,64}$/;

type UserRow = {
  id: string;
  name: string;
  role: Role;
  created_at: string;
  disabled: boolean;
  password_hash: string;
  token_generation: number;
};

const COLUMNS = `id, name, role, created_at::text AS created_at, disabled, password_hash, token_generation`;

/** A user with the generation their tokens must carry (docs/security.md "Insiders", row 5): for the token checks. */
export interface UserWithGeneration {
  readonly user: User;
  readonly tokenGeneration: number;
}

/** Moves the user's token generation on: every token signed before is refused from then on. */
const NEXT_GENERATION = `token_generation = token_generation + 1`;

function userOf(row: UserRow): User {
  return { id: row.id, name: row.name, role: row.role, createdAt: row.created_at, disabled: row.disabled };
}

/** The users table (migrations/1700000000200-Users.ts), on PostgreSQL or PGlite. */
export class Users {
  /**
   * Every request reads its user's row (so that disabling a user stops their tokens at once). Lookups that arrive
   * while two are under way go out together as one query: each is still read after its request arrived, and
   * under load the API makes one query for many requests instead of one each.
   */
  private readonly lookups: GroupCommit<string, UserWithGeneration | null>;

  constructor(private readonly db: Queryable) {
    this.lookups = new GroupCommit((ids) => this.byIds(ids), { maxInFlight: 2, maxBatch: 256 });
  }

  /** Adds a user; 'name-taken' when the name is in use. */
  async add(name: string, role: Role, password: string): Promise<User | 'name-taken'> {
    return this.addHashed(name, role, await hashPassword(password));
  }

  /** The user, their password hash and token generation, for a login. */
  async byNameWithHash(name: string): Promise<{ user: User; passwordHash: string; tokenGeneration: number } | null> {
    const { rows } = await this.db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE name = $1`, [name]);
    return rows[0] ? { user: userOf(rows[0]), passwordHash: rows[0].password_hash, tokenGeneration: rows[0].token_generation } : null;
  }

  async byName(name: string): Promise<User | null> {
    return (await this.byNameWithHash(name))?.user ?? null;
  }

  async byId(id: string): Promise<User | null> {
    return (await this.lookups.submit(id))?.user ?? null;
  }

  /** The user and the generation their tokens must carry, read after the call (batched like byId). */
  byIdWithGeneration(id: string): Promise<UserWithGeneration | null> {
    return this.lookups.submit(id);
  }

  private async byIds(ids: readonly string[]): Promise<{ value: UserWithGeneration | null }[]> {
    const { rows } = await this.db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = ANY($1::text[])`, [[...new Set(ids)]], {
      statementName: 'felt_users_by_ids_gen',
    });
    const found = new Map(rows.map((row) => [row.id, { user: userOf(row), tokenGeneration: row.token_generation }]));
    return ids.map((id) => ({ value: found.get(id) ?? null }));
  }

  async list(): Promise<User[]> {
    const { rows } = await this.db.query<UserRow>(`SELECT ${COLUMNS} FROM users ORDER BY name`);
    return rows.map(userOf);
  }

  /** At most `limit` users by name, those after `after` (a name): one page of GET /users. */
  async page(limit: number, after?: string): Promise<User[]> {
    const { rows } = await this.db.query<UserRow>(
      `SELECT ${COLUMNS} FROM users WHERE ($1::text IS NULL OR name > $1) ORDER BY name LIMIT $2`,
      [after ?? null, limit],
    );
    return rows.map(userOf);
  }

  async count(): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM users`);
    return Number(rows[0]!.n);
  }

  /** By id, else by name, read now (not batched): for the admin routes, inside their transaction. */
  async byIdOrName(idOrName: string): Promise<User | null> {
    const { rows } = await this.db.query<UserRow>(
      `SELECT ${COLUMNS} FROM users WHERE id = $1 OR name = $1 ORDER BY (id = $1) DESC LIMIT 1`,
      [idOrName],
    );
    return rows[0] ? userOf(rows[0]) : null;
  }

  /**
   * The floor supervisors who may sign in, their rows locked until the transaction ends: two admins demoting the
   * last two floor users at once cannot both see one left.
   */
  async lockActiveFloorIds(): Promise<string[]> {
    const { rows } = await this.db.query<{ id: string }>(
      `SELECT id FROM users WHERE role = 'floor' AND NOT disabled ORDER BY id FOR UPDATE`,
    );
    return rows.map((r) => r.id);
  }

  async setRole(id: string, role: Role): Promise<void> {
    await this.db.query(`UPDATE users SET role = $2, ${NEXT_GENERATION} WHERE id = $1`, [id, role]);
  }

  async setDisabledById(id: string, disabled: boolean): Promise<void> {
    await this.db.query(`UPDATE users SET disabled = $2, ${NEXT_GENERATION} WHERE id = $1`, [id, disabled]);
  }

  /** A new password; `endTokens` false only for an enrollment, whose reset (or creation) already ended every token. */
  async setPasswordHash(id: string, passwordHash: string, endTokens = true): Promise<void> {
    await this.db.query(`UPDATE users SET password_hash = $2${endTokens ? `, ${NEXT_GENERATION}` : ''} WHERE id = $1`, [id, passwordHash]);
  }

  /** Adds a user whose password is already hashed; 'name-taken' when the name is in use. */
  async addHashed(name: string, role: Role, passwordHash: string): Promise<User | 'name-taken'> {
    const { rows } = await this.db.query<UserRow>(
      `INSERT INTO users (id, name, role, password_hash) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING RETURNING ${COLUMNS}`,
      [randomUUID(), name, role, passwordHash],
    );
    return rows[0] ? userOf(rows[0]) : 'name-taken';
  }

  /** Disables (or enables again) a user: their tokens stop working at once. False when there is no such user. */
  async setDisabled(name: string, disabled: boolean): Promise<boolean> {
    const { rowCount } = await this.db.query(`UPDATE users SET disabled = $2, ${NEXT_GENERATION} WHERE name = $1`, [name, disabled]);
    return rowCount > 0;
  }
}
