import { createHash } from 'node:crypto';
import { BACKENDS } from '../test-support/test-databases';
import { useTestStore } from '../test-support/test-store';
import { freshStreamId, sampleEvents } from '../test-support/sample-events';
import { GENESIS_HASH, computeEventHash, verifyEvents, type RecordedEvent } from './index';

describe.each(BACKENDS)('hash chain (%s)', (backend) => {
  const t = useTestStore(backend);

  async function streamOf(count: number, appends = 1): Promise<{ streamId: string; events: RecordedEvent[] }> {
    const streamId = freshStreamId();
    for (let i = 0; i < appends; i++) {
      const result = await t.store.append(streamId, {
        expectedVersion: 'any',
        commandId: `${streamId}/${i}`,
        events: sampleEvents(count, `p${i}-`),
      });
      if (!result.ok) throw new Error('append failed');
    }
    return { streamId, events: await t.store.readStream(streamId) };
  }

  /** Rewrites stored rows as a superuser would: with the append-only trigger switched off for one transaction. */
  async function tamper(sql: string, params: unknown[]): Promise<void> {
    await t.db.transaction(async (tx) => {
      await tx.query('ALTER TABLE events DISABLE TRIGGER events_append_only');
      await tx.query(sql, params);
      await tx.query('ALTER TABLE events ENABLE TRIGGER events_append_only');
    });
  }

  it('chains in the database exactly as computeEventHash does, whatever the stream id, type and text hold', async () => {
    // felt_append builds the canonical text in SQL: quoting and escaping must match JSON.stringify's.
    const awkward = ['quote " backslash \\ slash /', 'tab\tnewline\ncontrol\u0001\u001f', 'é ü 中文 😀', "apostrophe ' and \u007f"];
    for (const [i, text] of awkward.entries()) {
      const streamId = `${freshStreamId()}-${text}`;
      const result = await t.store.append(streamId, {
        expectedVersion: 'no-stream',
        commandId: `awkward-${i}-${streamId}`,
        metadata: { actorId: text },
        events: [
          { type: `Type ${text}`, schemaVersion: 7, data: { [text]: text, n: -1.5e-7, big: 1e21, list: [text, 0, false] } },
          { type: 'Plain', schemaVersion: 1, data: {} },
        ],
      });
      expect(result.ok).toBe(true);
      const stored = await t.store.readStream(streamId);
      expect(stored).toEqual(result.ok ? result.events : []);
      expect(verifyEvents(stored)).toEqual({ ok: true, head: { version: 2, hash: stored[1]!.hash } });
      expect(stored[0]!.hash).toBe(computeEventHash(GENESIS_HASH, stored[0]!));
    }
  });

  it('hashes sha256(prev hash bytes || canonical JSON) exactly as documented', async () => {
    const streamId = freshStreamId();
    const commandId = `doc-${streamId}`;
    const result = await t.store.append(streamId, {
      expectedVersion: 'no-stream',
      commandId,
      metadata: { actorId: 'p1', device: undefined },
      events: [{ type: 'BetPlaced', schemaVersion: 2, data: { seat: 3, b: 'é\n"', a: [1, 2.5, -0, 1e21], c: null } }],
    });
    if (!result.ok) throw new Error('append failed');
    const [stored] = await t.store.readStream(streamId);
    const e = stored!;
    // Written out by hand: sorted keys, no whitespace, JSON.stringify number and string forms.
    const canonical =
      `{"data":{"a":[1,2.5,0,1e+21],"b":"é\\n\\"","c":null,"seat":3},"eventId":"${e.eventId}",` +
      `"metadata":{"actorId":"p1","commandId":"${commandId}"},"recordedAt":"${e.recordedAt}","schemaVersion":2,` +
      `"streamId":"${streamId}","streamVersion":1,"type":"BetPlaced"}`;
    const expected = createHash('sha256').update(Buffer.alloc(32)).update(Buffer.from(canonical, 'utf8')).digest('hex');
    expect(e.prevHash).toBe(GENESIS_HASH);
    expect(e.hash).toBe(expected);
    expect(result.events[0]!.hash).toBe(expected);
  });

  it('links every event to the previous one across appends, and verifies', async () => {
    const { streamId, events } = await streamOf(3, 4);
    expect(events).toHaveLength(12);
    events.forEach((event, i) => {
      expect(event.prevHash).toBe(i === 0 ? GENESIS_HASH : events[i - 1]!.hash);
      expect(event.hash).toBe(computeEventHash(event.prevHash, event));
    });
    expect(await t.store.verifyChain(streamId)).toEqual({ ok: true, head: { version: 12, hash: events[11]!.hash } });
    const [info] = (await t.store.listStreams()).filter((s) => s.streamId === streamId);
    expect(info!.lastHash).toBe(events[11]!.hash);
  });

  it('verifies offline from an export (JSON text), with no database', async () => {
    const { events } = await streamOf(5);
    const exported = JSON.parse(JSON.stringify(events)) as RecordedEvent[];
    expect(verifyEvents(exported)).toMatchObject({ ok: true, head: { version: 5 } });
    (exported[3]!.data as { amount: number }).amount += 1;
    expect(verifyEvents(exported)).toMatchObject({ ok: false, version: 4, problem: 'hash-mismatch' });
  });

  it('verifies a long stream page by page', async () => {
    const { streamId } = await streamOf(1100);
    expect(await t.store.verifyChain(streamId)).toMatchObject({ ok: true, head: { version: 1100 } });
  });

  it('detects a row whose data was changed behind its back', async () => {
    const { streamId } = await streamOf(4);
    await tamper(`UPDATE events SET data = jsonb_set(data, '{amount}', '999') WHERE stream_id = $1 AND stream_version = 2`, [streamId]);
    expect(await t.store.verifyChain(streamId)).toMatchObject({ ok: false, version: 2, problem: 'hash-mismatch' });
  });

  it('detects a row rewritten with a recomputed hash: the next link breaks', async () => {
    const { streamId, events } = await streamOf(4);
    const forged = { ...events[1]!, data: { ...(events[1]!.data as object), amount: 999 } };
    const forgedHash = computeEventHash(forged.prevHash, forged);
    await tamper(`UPDATE events SET data = $2::jsonb, hash = $3 WHERE stream_id = $1 AND stream_version = 2`, [
      streamId,
      JSON.stringify(forged.data),
      forgedHash,
    ]);
    expect(await t.store.verifyChain(streamId)).toMatchObject({
      ok: false,
      version: 3,
      problem: 'prev-hash-mismatch',
      expected: forgedHash,
      actual: events[1]!.hash,
    });
  });

  it('detects a rewritten last event against the stream head', async () => {
    const { streamId, events } = await streamOf(3);
    const forged = { ...events[2]!, type: 'Forged' };
    await tamper('UPDATE events SET type = $2, hash = $3 WHERE stream_id = $1 AND stream_version = 3', [
      streamId,
      forged.type,
      computeEventHash(forged.prevHash, forged),
    ]);
    expect(await t.store.verifyChain(streamId)).toMatchObject({ ok: false, version: 3, problem: 'stream-head-mismatch' });
  });

  it('detects a deleted event', async () => {
    const { streamId } = await streamOf(4);
    await tamper('DELETE FROM events WHERE stream_id = $1 AND stream_version = 2', [streamId]);
    expect(await t.store.verifyChain(streamId)).toMatchObject({ ok: false, version: 2, problem: 'version-gap' });
  });
});
