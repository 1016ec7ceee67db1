import type { Database } from '@felt/event-store';
import { streamIdOf } from '../src/tables/table-stream';
import { SECOND_FLOOR } from './test-support/approvals';
import { addTestUser } from './test-support/auth';
import { expectStatus, NO_LIMIT_1_2, openTableWithPlayers } from './test-support/table-setup';
import { BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, writtenRows, type HttpAgent, type TestApi } from './test-support/test-api';

/**
 * An approval is one write (docs/security.md "Insiders", row 3): the table's rules change (a table's events,
 * TableRulesChanged) or the dealer's assignment (its row, DealerAssigned) commits with WideningApproved in one
 * transaction. A failure injected in the database at the approval's insert leaves neither, the request still waiting.
 */
describe.each(BACKENDS)('an approval and what it approves, one write (%s)', (backend) => {
  let api: TestApi;
  let second: HttpAgent;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });

  /** The audit events of the approval `approvalId` and its change, with the transaction each was written in. */
  const recorded = async (db: Database, approvalId: string, changeType: string, tableId: string) =>
    (
      await db.query<{ type: string; tx: string }>(
        `SELECT type, tx_id::text AS tx FROM events
          WHERE (type = 'WideningApproved' AND data->>'approvalId' = $1) OR (type = $2 AND data->>'tableId' = $3)
          ORDER BY global_position`,
        [approvalId, changeType, tableId],
      )
    ).rows;
  const waiting = async () => (await second.get('/approvals').expect(200)).body.approvals.map((a: { approvalId: string }) => a.approvalId);

  /** A crash at the approval's write: the database refuses to insert WideningApproved, as a process dying there would leave it. */
  async function crashAtApproval(run: () => Promise<void>): Promise<void> {
    await database.db.query(`CREATE FUNCTION crash_at_approval() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'crash while recording the approval'; END $$`);
    await database.db.query(`CREATE TRIGGER crash_at_approval BEFORE INSERT ON events FOR EACH ROW
      WHEN (NEW.type = 'WideningApproved') EXECUTE FUNCTION crash_at_approval()`);
    try {
      await run();
    } finally {
      await database.db.query('DROP TRIGGER crash_at_approval ON events');
      await database.db.query('DROP FUNCTION crash_at_approval()');
    }
  }

  beforeAll(async () => {
    api = await startTestApi(database.db);
    second = api.as('floor', SECOND_FLOOR);
  });

  it('turns dealerSeesHoleCards on with its approval in one transaction, or neither', async () => {
    await openTableWithPlayers(api, 'one1', 2);
    const seeing = { type: 'ChangeRules', rules: { ...NO_LIMIT_1_2, dealerSeesHoleCards: true } };
    const asked = (await expectStatus(api.http.post('/tables/one1/commands').send(seeing), 202)).body;
    const before = await writtenRows(database.db);
    const opened = await recorded(database.db, asked.approvalId, 'TableRulesChanged', 'one1'); // the OpenTable's
    await crashAtApproval(async () => {
      expect((await second.post(`/approvals/${asked.approvalId}/approve`).send({})).status).toBe(500);
    });
    expect(await writtenRows(database.db)).toEqual(before);
    expect(await recorded(database.db, asked.approvalId, 'TableRulesChanged', 'one1')).toEqual(opened);
    expect((await api.http.get('/tables/one1').expect(200)).body.rules.dealerSeesHoleCards).toBeUndefined();
    expect(await waiting()).toContain(asked.approvalId);

    const approved = await expectStatus(second.post(`/approvals/${asked.approvalId}/approve`).send({}), 201);
    expect(approved.body.table.rules.dealerSeesHoleCards).toBe(true);
    const [changed] = await database.db
      .query<{ tx: string }>(`SELECT tx_id::text AS tx FROM events WHERE stream_id = $1 AND type = 'RulesChanged'`, [streamIdOf('one1')])
      .then((r) => r.rows);
    expect(await recorded(database.db, asked.approvalId, 'TableRulesChanged', 'one1')).toEqual([
      ...opened,
      { type: 'TableRulesChanged', tx: changed!.tx },
      { type: 'WideningApproved', tx: changed!.tx },
    ]);
    expect(await waiting()).not.toContain(asked.approvalId);
  });

  it('assigns a dealer to a table whose dealer sees hole cards with its approval in one transaction, or neither', async () => {
    const dealer = await addTestUser(database.db, 'one-dealer', 'dealer');
    await openTableWithPlayers(api, 'one2', 2, { ...NO_LIMIT_1_2, dealerSeesHoleCards: true });
    const asked = (await expectStatus(api.http.put(`/tables/one2/dealers/${dealer.id}`), 202)).body;
    const before = await writtenRows(database.db);
    await crashAtApproval(async () => {
      expect((await second.post(`/approvals/${asked.approvalId}/approve`).send({})).status).toBe(500);
    });
    expect(await writtenRows(database.db)).toEqual(before);
    expect(await recorded(database.db, asked.approvalId, 'DealerAssigned', 'one2')).toEqual([]);
    expect((await api.http.get('/tables/one2/dealers').expect(200)).body.dealers).toEqual([]);
    expect(await waiting()).toContain(asked.approvalId);

    const approved = await expectStatus(second.post(`/approvals/${asked.approvalId}/approve`).send({}), 200);
    expect(approved.body.dealers.map((d: { userId: string }) => d.userId)).toEqual([dealer.id]);
    const rows = await recorded(database.db, asked.approvalId, 'DealerAssigned', 'one2');
    expect(rows).toEqual([
      { type: 'DealerAssigned', tx: rows[0]!.tx },
      { type: 'WideningApproved', tx: rows[0]!.tx },
    ]);
    expect(await waiting()).not.toContain(asked.approvalId);
  });
});
