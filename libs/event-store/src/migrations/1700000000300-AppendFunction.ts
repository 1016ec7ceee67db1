import type { MigrationSql, SqlMigration } from '../migration-class';

/**
 * felt_append: one append in one statement, so a command costs the API one round trip to the database instead of
 * seven (BEGIN, lock, command lookup, command row, events, stream head, COMMIT). Inside the stream's row lock it
 * checks the command id and the expected version, stamps the time, chains the hashes exactly as
 * @felt/event-store's computeEventHash defines them (sha256 of the previous hash's bytes and the event's canonical
 * JSON, whose data and metadata texts the client sends already canonical), writes the events, the command row and
 * the new head, and answers with what happened. Same SQL on PostgreSQL and PGlite.
 */
export class AppendFunction1700000000300 implements SqlMigration {
  readonly name = 'AppendFunction1700000000300';

  async up(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query(APPEND_FUNCTION);
    await queryRunner.query(GRANT);
  }

  async down(queryRunner: MigrationSql): Promise<void> {
    await queryRunner.query('DROP FUNCTION felt_append(text, text, integer, text, uuid[], text[], integer[], text[], text[])');
  }
}

// p_expected: NULL for any version, otherwise the version the stream must be at (0: no event yet).
// Answers one row: status 'appended' | 'duplicate' | 'conflict' | 'command-reused', the stream's version, and for
// 'appended' the written events' positions, transaction id, time, the first one's prevHash and every hash; for 'duplicate' the first append's
// versions; for 'command-reused' the stream that owns the command id.
const APPEND_FUNCTION = `CREATE FUNCTION felt_append(
    p_stream_id text, p_category text, p_expected integer, p_command_id text,
    p_event_ids uuid[], p_types text[], p_schema_versions integer[], p_data text[], p_metadata text[],
    OUT status text, OUT stream_version integer, OUT first_version integer, OUT owner_stream_id text,
    OUT recorded_at text, OUT global_positions text[], OUT tx_id text, OUT prev_hash text, OUT hashes text[])
  LANGUAGE plpgsql AS $fn$
  DECLARE
    head_version integer;
    head_hash text;
    stamped timestamptz;
    previous record;
    prev text;
    canonical text;
    n integer := cardinality(p_event_ids);
    prevs text[];
    stream_json text := to_json(p_stream_id)::text;
  BEGIN
    SELECT s.version, s.last_hash INTO head_version, head_hash FROM streams s WHERE s.stream_id = p_stream_id FOR UPDATE;
    IF NOT FOUND THEN
      IF p_expected IS NOT NULL AND p_expected > 0 THEN
        status := 'conflict'; stream_version := 0; RETURN;
      END IF;
      -- Racing creators wait here for each other; the loser then locks the winner's row.
      INSERT INTO streams (stream_id, category, version, last_hash) VALUES (p_stream_id, p_category, 0, repeat('0', 64))
        ON CONFLICT (stream_id) DO NOTHING;
      SELECT s.version, s.last_hash INTO head_version, head_hash FROM streams s WHERE s.stream_id = p_stream_id FOR UPDATE;
    END IF;

    -- Checked under the lock: a retry racing its first attempt sees the first attempt's command row here.
    SELECT c.stream_id, c.first_version, c.last_version, (c.result->>'streamVersion')::integer AS result_version
      INTO previous FROM commands c WHERE c.command_id = p_command_id;
    IF FOUND THEN
      IF previous.stream_id <> p_stream_id THEN
        status := 'command-reused'; owner_stream_id := previous.stream_id; stream_version := head_version; RETURN;
      END IF;
      status := 'duplicate'; stream_version := previous.result_version; first_version := previous.first_version; RETURN;
    END IF;

    IF p_expected IS NOT NULL AND p_expected <> head_version THEN
      status := 'conflict'; stream_version := head_version; RETURN;
    END IF;

    stamped := date_trunc('milliseconds', clock_timestamp());
    recorded_at := to_char(stamped AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
    -- Assigned element by element: plpgsql grows an array in place that way, where || would copy it every time.
    prevs := array_fill(NULL::text, ARRAY[n]);
    hashes := array_fill(NULL::text, ARRAY[n]);
    prev := head_hash;
    prev_hash := head_hash;
    FOR i IN 1..n LOOP
      -- computeEventHash's canonical text: keys in sorted order, data and metadata already canonical.
      canonical := '{"data":' || p_data[i] || ',"eventId":"' || p_event_ids[i]::text || '","metadata":' || p_metadata[i]
        || ',"recordedAt":"' || recorded_at || '","schemaVersion":' || p_schema_versions[i] || ',"streamId":' || stream_json
        || ',"streamVersion":' || (head_version + i) || ',"type":' || to_json(p_types[i])::text || '}';
      prevs[i] := prev;
      prev := encode(sha256(decode(prev, 'hex') || convert_to(canonical, 'UTF8')), 'hex');
      hashes[i] := prev;
    END LOOP;

    INSERT INTO commands (command_id, stream_id, first_version, last_version, result)
      VALUES (p_command_id, p_stream_id, head_version + 1, head_version + n,
        jsonb_build_object('streamVersion', head_version + n, 'eventIds', to_jsonb(p_event_ids::text[])))
      ON CONFLICT (command_id) DO NOTHING;
    IF NOT FOUND THEN
      -- Only a writer on another stream can have recorded it meanwhile (this stream is locked).
      SELECT c.stream_id INTO owner_stream_id FROM commands c WHERE c.command_id = p_command_id;
      status := 'command-reused'; stream_version := head_version; RETURN;
    END IF;

    WITH written AS (
      INSERT INTO events (event_id, stream_id, stream_version, type, schema_version, data, metadata, recorded_at, prev_hash, hash)
      SELECT p_event_ids[i], p_stream_id, head_version + i, p_types[i], p_schema_versions[i], p_data[i]::jsonb,
        p_metadata[i]::jsonb, stamped, prevs[i], hashes[i]
      FROM generate_series(1, n) AS i
      RETURNING events.stream_version AS v, events.global_position, events.tx_id
    )
    SELECT array_agg(w.global_position::text ORDER BY w.v), min(w.tx_id::text) INTO global_positions, tx_id FROM written w;

    UPDATE streams SET version = head_version + n, last_hash = prev, updated_at = stamped WHERE streams.stream_id = p_stream_id;
    status := 'appended'; stream_version := head_version + n; first_version := head_version + 1;
  END
  $fn$`;

const GRANT = `DO $$
  BEGIN
    IF EXISTS (SELECT FROM pg_roles WHERE rolname = 'felt_app') THEN
      GRANT EXECUTE ON FUNCTION felt_append(text, text, integer, text, uuid[], text[], integer[], text[], text[]) TO felt_app;
    END IF;
  EXCEPTION
    WHEN insufficient_privilege THEN RAISE NOTICE 'felt_append grant skipped (insufficient privilege)';
  END
  $$`;
