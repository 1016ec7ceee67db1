import type { MigrationSql, SqlMigration } from '../migration-class';

/**
 * felt_append_batch: several appends (to different streams, or the same stream in order) in one statement and one
 * transaction: group commit. Under load the event store sends the appends that queued up while earlier ones were
 * in flight as one batch, so they share one round trip, one commit and one WAL flush; each item is still exactly
 * felt_append (the same checks, hashes and answers), and a conflict on one item writes nothing for it and does not
 * stop the others.
 *
 * Events are passed flat: p_event_counts[i] says how many of the per-event arrays belong to item i, in item order.
 * Streams are locked in stream-id order, so two batches never wait for each other in a cycle (a deadlock).
 */
export class AppendBatchFunction1700000000400 implements SqlMigration {
  readonly name = 'AppendBatchFunction1700000000400';

  async up(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(APPEND_BATCH_FUNCTION);
    await queryRunner.query(GRANT);
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(`DROP FUNCTION felt_append_batch(${SIGNATURE})`);
  }
}

const SIGNATURE = 'text[], text[], integer[], text[], integer[], uuid[], text[], integer[], text[], text[]';

const APPEND_BATCH_FUNCTION = `CREATE FUNCTION felt_append_batch(
    p_stream_ids text[], p_categories text[], p_expected integer[], p_command_ids text[], p_event_counts integer[],
    p_event_ids uuid[], p_types text[], p_schema_versions integer[], p_data text[], p_metadata text[])
  RETURNS TABLE (item integer, status text, stream_version integer, first_version integer, owner_stream_id text,
    recorded_at text, global_positions text[], tx_id text, prev_hash text, hashes text[])
  LANGUAGE plpgsql AS $fn$
  DECLARE
    items integer := cardinality(p_stream_ids);
    offsets integer[] := array_fill(0, ARRAY[items]);
    total integer := 0;
    i integer;
    first integer;
    last integer;
    answer record;
  BEGIN
    FOR k IN 1..items LOOP
      offsets[k] := total;
      total := total + p_event_counts[k];
    END LOOP;
    FOR i IN SELECT s.k FROM generate_subscripts(p_stream_ids, 1) AS s(k) ORDER BY p_stream_ids[s.k], s.k LOOP
      first := offsets[i] + 1;
      last := offsets[i] + p_event_counts[i];
      SELECT * INTO answer FROM felt_append(p_stream_ids[i], p_categories[i], p_expected[i], p_command_ids[i],
        p_event_ids[first:last], p_types[first:last], p_schema_versions[first:last], p_data[first:last], p_metadata[first:last]);
      item := i;
      status := answer.status;
      stream_version := answer.stream_version;
      first_version := answer.first_version;
      owner_stream_id := answer.owner_stream_id;
      recorded_at := answer.recorded_at;
      global_positions := answer.global_positions;
      tx_id := answer.tx_id;
      prev_hash := answer.prev_hash;
      hashes := answer.hashes;
      RETURN NEXT;
    END LOOP;
  END
  $fn$`;

const GRANT = `DO $$
  BEGIN
    IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'felt_app') THEN
      GRANT EXECUTE ON FUNCTION felt_append_batch(${SIGNATURE}) TO felt_app;
    END IF;
  EXCEPTION
    WHEN insufficient_privilege THEN RAISE NOTICE 'felt_append_batch grant skipped (insufficient privilege)';
  END
  $$`;
