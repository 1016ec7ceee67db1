import type { MigrationSql, SqlMigration } from '@felt/event-store';
import { grantToApp } from './grant-to-app';

/**
 * The room's read model (apps/worker/src/projections/room-rows.ts, docs/room.md): one row per game, the floor's
 * state and the public board beside it as jsonb, the game stream's version it reflects. Its checkpoint is
 * "projection:room"; the worker folds it from the start of the log on its first run after this migration.
 */
export class RoomReadModel1700000000900 implements SqlMigration {
  readonly name = 'RoomReadModel1700000000900';

  async up(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(`CREATE TABLE room_games (
      game_id text NOT NULL,
      version integer NOT NULL,
      status text NOT NULL,
      state jsonb NOT NULL,
      board jsonb NOT NULL,
      CONSTRAINT room_games_pkey PRIMARY KEY (game_id)
    )`);
    await queryRunner.query(grantToApp([['SELECT, INSERT, UPDATE, DELETE', 'room_games']], 'room_games'));
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS room_games`);
    await queryRunner.query(`DELETE FROM checkpoints WHERE name = 'projection:room'`);
  }
}
