import { createHash, createHmac, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { canonicalJson, type Database } from '@felt/event-store';
import type { PlayerNote } from '@felt/players';
import { TOKEN_KEYS, type TokenKeys } from '../auth/auth-secret';
import { DATABASE } from '../database/database.module';

/** What the floor knows of a player as a person: erasable, never in the log (migrations/1700000001500). */
export interface PersonalRecord {
  readonly name: string;
  readonly alias: string;
  readonly birthDate: string | null;
  readonly contact: Readonly<Record<string, string>>;
  readonly notes: readonly PlayerNote[];
}

export interface StoredPerson extends PersonalRecord {
  readonly playerId: string;
}

type Row = {
  player_id: string;
  name: string;
  alias: string;
  birth_date: string | null;
  contact: Record<string, string>;
  notes: PersonalRecord['notes'];
  salt: string;
};

const toPerson = (r: Row): StoredPerson => ({
  playerId: r.player_id,
  name: r.name,
  alias: r.alias,
  birthDate: r.birth_date,
  contact: r.contact,
  notes: r.notes,
});

/**
 * The erasable store of players' personal data, and the two values the log keeps instead of it:
 * - the digest: SHA-256 over the row as canonical JSON and the row's random salt. It lets the floor show that a
 *   record is the one a registry event was written with; once the row is erased, nothing (no salt) links it to a person;
 * - the match key: HMAC-SHA256 of the identity (name, birth date) under a key derived from the API's key, which
 *   state lists are matched by; it is kept after erasure, since a list entry must go on matching.
 */
@Injectable()
export class PersonalStore {
  private readonly matchKeyKey: Buffer;

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(TOKEN_KEYS) keys: TokenKeys,
  ) {
    this.matchKeyKey = createHmac('sha256', keys.hashKey).update('felt player identity v1').digest();
  }

  /** The identity's key (docs/players.md "Matching"), or null without a birth date (a name alone is too common to bar anyone by). */
  matchKey(name: string, birthDate: string | null): string | null {
    if (birthDate === null) return null;
    // Accents, case, punctuation and word order do not count: "Doe, Jane" on a state list is "JANE DOE" at the desk.
    const words = name
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u);
    const normal = words
      .filter((w) => w !== '')
      .sort()
      .join(' ');
    return createHmac('sha256', this.matchKeyKey).update(`${normal}\u0000${birthDate}`).digest('base64url');
  }

  async get(playerId: string): Promise<StoredPerson | null> {
    const { rows } = await this.db.query<Row>(`SELECT * FROM player_personal WHERE player_id = $1`, [playerId]);
    return rows[0] ? toPerson(rows[0]) : null;
  }

  /** The digest the registry event will carry, and the write that makes it true (done once the decider accepts). */
  async prepare(playerId: string, record: PersonalRecord, at: string): Promise<{ digest: string; write: () => Promise<void> }> {
    const salt = (await this.saltOf(playerId)) ?? randomBytes(16).toString('base64url');
    const write = async () => {
      await this.db.query(
        `INSERT INTO player_personal (player_id, name, alias, birth_date, contact, notes, salt, updated_at)
         VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8)
         ON CONFLICT (player_id) DO UPDATE SET name = $2, alias = $3, birth_date = $4, contact = $5::jsonb, notes = $6::jsonb, updated_at = $8`,
        [playerId, record.name, record.alias, record.birthDate, JSON.stringify(record.contact), JSON.stringify(record.notes), salt, at],
      );
    };
    return { digest: digestOf(record, salt), write };
  }

  async erase(playerId: string): Promise<void> {
    await this.db.query(`DELETE FROM player_personal WHERE player_id = $1`, [playerId]);
  }

  /** The record and whether it still has the digest the log says (`digest`: a record changed behind the API does not). */
  async withDigest(playerId: string): Promise<{ person: StoredPerson; digest: string } | null> {
    const { rows } = await this.db.query<Row>(`SELECT * FROM player_personal WHERE player_id = $1`, [playerId]);
    if (!rows[0]) return null;
    const person = toPerson(rows[0]);
    return { person, digest: digestOf(person, rows[0].salt) };
  }

  /**
   * Up to `limit` players whose name or alias starts with `text` (any case), or whose card number is `text`, by name
   * (lower case, byte order) and card. Each branch reads at most `limit` rows in its index's order (name and alias:
   * `(lower(…) text_pattern_ops, player_id)`), so a short prefix shared by thousands costs what a rare one does.
   */
  async search(text: string, limit: number): Promise<StoredPerson[]> {
    const prefix = text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`) + '%';
    const { rows } = await this.db.query<Row>(
      `SELECT * FROM (
         (SELECT * FROM player_personal WHERE player_id = $1)
         UNION (SELECT * FROM player_personal WHERE lower(name) LIKE $2 ORDER BY lower(name) USING ~<~, player_id LIMIT $3)
         UNION (SELECT * FROM player_personal WHERE lower(alias) LIKE $2 ORDER BY lower(alias) USING ~<~, player_id LIMIT $3)
       ) found ORDER BY lower(name) USING ~<~, player_id LIMIT $3`,
      [text, prefix, limit],
    );
    return rows.map(toPerson);
  }

  /** The registry's alias of each of these players that has a record (the public board's, docs/players.md). */
  async aliases(playerIds: readonly string[]): Promise<Map<string, string>> {
    if (playerIds.length === 0) return new Map();
    const { rows } = await this.db.query<{ player_id: string; alias: string }>(
      `SELECT player_id, alias FROM player_personal WHERE player_id = ANY($1::text[])`,
      [[...playerIds]],
    );
    return new Map(rows.map((r) => [r.player_id, r.alias]));
  }

  private async saltOf(playerId: string): Promise<string | null> {
    const { rows } = await this.db.query<{ salt: string }>(`SELECT salt FROM player_personal WHERE player_id = $1`, [playerId]);
    return rows[0]?.salt ?? null;
  }
}

function digestOf(record: PersonalRecord, salt: string): string {
  const { name, alias, birthDate, contact, notes } = record;
  return createHash('sha256').update(canonicalJson({ name, alias, birthDate, contact, notes })).update(salt).digest('base64url');
}
