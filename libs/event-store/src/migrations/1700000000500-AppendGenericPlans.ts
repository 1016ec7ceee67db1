import type { MigrationSql, SqlMigration } from '../migration-class';

/**
 * felt_append and felt_append_batch plan their statements once per connection instead of on every call.
 *
 * PL/pgSQL caches each statement's plan, but PostgreSQL's default (plan_cache_mode = auto) keeps choosing a fresh
 * custom plan for statements whose parameters it can fold, such as the events INSERT over generate_series(1, n).
 * Every statement in these functions is a primary-key lookup or a single-row or few-row write, so a generic plan is
 * the same plan. Measured with pgbench on this machine, re-planning was about an eighth of PostgreSQL's CPU per append
 * (0.575 → 0.48 ms). The setting applies only while these functions run.
 */
export class AppendGenericPlans1700000000500 implements SqlMigration {
  readonly name = 'AppendGenericPlans1700000000500';

  async up(queryRunner: MigrationSql): Promise<void> {
    for (const fn of FUNCTIONS) await queryRunner.query(`ALTER FUNCTION ${fn} SET plan_cache_mode = force_generic_plan`);
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    for (const fn of FUNCTIONS) await queryRunner.query(`ALTER FUNCTION ${fn} RESET plan_cache_mode`);
  }
}

const FUNCTIONS = [
  'felt_append(text, text, integer, text, uuid[], text[], integer[], text[], text[])',
  'felt_append_batch(text[], text[], integer[], text[], integer[], uuid[], text[], integer[], text[], text[])',
];
