import { readAuditLog } from '@felt/regulator';
import { WideningApprovals } from '../src/tables/widening-approvals';
import { streamIdOf } from '../src/tables/table-stream';
import { addTestUser } from './test-support/auth';
import { SECOND_FLOOR, postApproved } from './test-support/approvals';
import { expectStatus, NO_LIMIT_1_2, openTableWithPlayers } from './test-support/table-setup';
import { useTestStore } from './test-support/test-databases';
import { startTestApi, writtenRows, type HttpAgent, type TestApi } from './test-support/test-api';

/**
 * Two people for a widening (docs/security.md "Insiders", row 3): dealerSeesHoleCards on, or a training or shuffler
 * deck source, asked for by one floor supervisor is recorded (202 APPROVAL_REQUIRED) and applied only when another
 * approves it; the one who asked cannot approve; requests can be refused, withdrawn, and expire. Narrowing is one person.
 */
describe('widening approvals over HTTP (pglite)', () => {
  let api: TestApi;
  let second: HttpAgent;
  const database = useTestStore('pglite', { beforeDispose: () => api?.close() });
  const audit = async (type: string) => (await readAuditLog(api.store)).filter((e) => e.type === type);
  const rulesOf = async (tableId: string) => (await api.http.get(`/tables/${tableId}`).expect(200)).body.rules;
  const seeing = { type: 'ChangeRules', rules: { ...NO_LIMIT_1_2, dealerSeesHoleCards: true } };

  beforeAll(async () => {
    api = await startTestApi(database.db);
    second = api.as('floor', SECOND_FLOOR);
  });

  it('records a request to turn dealerSeesHoleCards on, changes nothing, and lists it for the floor only', async () => {
    await openTableWithPlayers(api, 'wide1', 2);
    const before = await writtenRows(database.db);
    const asked = await api.http.post('/tables/wide1/commands').send(seeing);
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({
      code: 'APPROVAL_REQUIRED',
      tableId: 'wide1',
      approvalId: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect(asked.body.detail).toMatch(/Another floor supervisor must approve/);
    expect(await writtenRows(database.db)).toEqual(before);
    expect((await rulesOf('wide1')).dealerSeesHoleCards).toBeUndefined();
    const [requested] = (await audit('WideningRequested')).filter(
      (e) => (e.data as { approvalId: string }).approvalId === asked.body.approvalId,
    );
    expect(requested!.metadata).toMatchObject({ actorId: 'test-floor', actorRole: 'floor' });
    const listed = (await second.get('/approvals').expect(200)).body.approvals;
    expect(listed).toContainEqual(
      expect.objectContaining({
        approvalId: asked.body.approvalId,
        tableId: 'wide1',
        requestedBy: { id: 'test-floor', name: 'test-floor' },
      }),
    );
    for (const role of ['dealer', 'regulator', 'service'] as const) expect((await api.as(role).get('/approvals')).status).toBe(403);
  });

  it('refuses the approval of the one who asked, and applies it when another floor supervisor approves, both on record', async () => {
    const asked = (await expectStatus(api.http.post('/tables/wide1/commands').send(seeing), 202)).body;
    const before = await writtenRows(database.db);
    const self = await api.http.post(`/approvals/${asked.approvalId}/approve`).send({});
    expect({ status: self.status, code: self.body.code }).toEqual({ status: 403, code: 'APPROVER_IS_REQUESTER' });
    expect(await writtenRows(database.db)).toEqual(before);
    const approved = await expectStatus(second.post(`/approvals/${asked.approvalId}/approve`).send({}), 201);
    expect(approved.body.table.rules.dealerSeesHoleCards).toBe(true);
    const changed = (await api.store.readStream(streamIdOf('wide1'))).filter((e) => e.type === 'RulesChanged').at(-1)!;
    expect(changed.metadata).toMatchObject({ actorId: 'test-floor', actorRole: 'floor', approvedBy: SECOND_FLOOR.sub });
    const [decision] = (await audit('WideningApproved')).filter((e) => (e.data as { approvalId: string }).approvalId === asked.approvalId);
    expect(decision!.metadata).toMatchObject({ actorId: SECOND_FLOOR.sub });
    expect(decision!.data).toMatchObject({ requestedBy: 'test-floor', tableId: 'wide1' });
    const again = await second.post(`/approvals/${asked.approvalId}/approve`).send({});
    expect({ status: again.status, code: again.body.code }).toEqual({ status: 409, code: 'APPROVAL_DECIDED' });
    expect((await second.get('/approvals').expect(200)).body.approvals.map((a: { approvalId: string }) => a.approvalId)).not.toContain(
      asked.approvalId,
    );
  });

  it('narrows with one person: turning dealerSeesHoleCards off applies at once', async () => {
    const off = await expectStatus(api.http.post('/tables/wide1/commands').send({ type: 'ChangeRules', rules: NO_LIMIT_1_2 }), 201);
    expect(off.body.table.rules.dealerSeesHoleCards).toBeUndefined();
  });

  it('asks for a second person to open a training table; the one who asked may withdraw it, another may refuse it', async () => {
    const open = { tableId: 'school9', rules: { ...NO_LIMIT_1_2, deckSource: 'training' } };
    const first = (await expectStatus(api.http.post('/tables').send(open), 202)).body;
    expect(first.widens).toMatch(/deckSource training/);
    expect((await api.http.post(`/approvals/${first.approvalId}/refuse`).send({}).expect(200)).body).toEqual({
      approvalId: first.approvalId,
      refused: true,
      withdrawn: true,
    });
    expect((await second.post(`/approvals/${first.approvalId}/approve`).send({})).body.code).toBe('APPROVAL_DECIDED');
    await api.http.get('/tables/school9').expect(404);
    const next = (await expectStatus(api.http.post('/tables').send(open), 202)).body;
    expect((await second.post(`/approvals/${next.approvalId}/refuse`).send({}).expect(200)).body.withdrawn).toBe(false);
    await api.http.get('/tables/school9').expect(404);
    expect((await postApproved(api, '/tables', open)).status).toBe(201);
    expect((await rulesOf('school9')).deckSource).toBe('training');
    expect((await second.post('/approvals/no-such-request/approve').send({})).body.code).toBe('APPROVAL_NOT_FOUND');
  });

  it('asks for a second person to assign a dealer to a table whose dealer sees hole cards; elsewhere one person assigns', async () => {
    const dealer = await addTestUser(database.db, 'seeing-dealer', 'dealer');
    await openTableWithPlayers(api, 'plain2', 2);
    expect((await expectStatus(api.http.put(`/tables/plain2/dealers/${dealer.id}`), 200)).body.dealers).toHaveLength(1);
    await openTableWithPlayers(api, 'seen2', 2, { ...NO_LIMIT_1_2, dealerSeesHoleCards: true });
    const asked = (await expectStatus(api.http.put(`/tables/seen2/dealers/${dealer.id}`), 202)).body;
    expect(asked).toMatchObject({ code: 'APPROVAL_REQUIRED', tableId: 'seen2', widens: expect.stringContaining('dealerSeesHoleCards') });
    expect((await api.http.get('/tables/seen2/dealers').expect(200)).body.dealers).toEqual([]);
    expect((await api.http.post(`/approvals/${asked.approvalId}/approve`).send({})).body.code).toBe('APPROVER_IS_REQUESTER');
    const approved = await expectStatus(second.post(`/approvals/${asked.approvalId}/approve`).send({}), 200);
    expect(approved.body.dealers.map((d: { userId: string }) => d.userId)).toEqual([dealer.id]);
    const [assigned] = (await audit('DealerAssigned')).filter((e) => (e.data as { tableId: string }).tableId === 'seen2');
    expect(assigned!.metadata).toMatchObject({ actorId: SECOND_FLOOR.sub });
    // Assigned already: assigning again widens nothing.
    await expectStatus(api.http.put(`/tables/seen2/dealers/${dealer.id}`), 200);
  });

  it('lets a request expire after an hour', async () => {
    const asked = (await expectStatus(api.http.post('/tables/wide1/commands').send(seeing), 202)).body;
    const approvals = api.app.get(WideningApprovals);
    const later = new Date(Date.now() + 61 * 60 * 1000);
    expect((await approvals.pending(later)).map((a) => a.approvalId)).not.toContain(asked.approvalId);
    await expect(
      approvals.decidable(
        asked.approvalId,
        { sub: SECOND_FLOOR.sub, name: SECOND_FLOOR.name, role: 'floor' },
        true,
        new Date(Date.parse(asked.expiresAt) + 1),
      ),
    ).rejects.toMatchObject({ code: 'APPROVAL_EXPIRED', status: 409 });
  });
});
