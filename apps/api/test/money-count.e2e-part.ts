import { bookStreamIdOf, toMoneyEvent } from '@felt/accounting';
import { approvedBySecond } from './test-support/approvals';
import { seedTestUsers } from './test-support/auth';
import { expectStatus } from './test-support/table-setup';
import { useTestStore } from './test-support/test-databases';
import { startTestApi, writtenRows, type HttpAgent, type TestApi } from './test-support/test-api';

/**
 * The count team (libs/staff role `count`, docs/security.md "The house's money"): its members enter the count of a
 * table's drop box and confirm or decline what another person asked for; they read the book and nothing else, and
 * move no cash, fill, credit or seed. Every refusal writes nothing.
 */
describe('the count team (postgres)', () => {
  let api: TestApi;
  let count1: HttpAgent;
  let count2: HttpAgent;
  const database = useTestStore('postgres', { beforeDispose: () => api?.close() });

  beforeAll(async () => {
    api = await startTestApi(database.db);
    await seedTestUsers(database.db, [{ sub: 'count-2', role: 'count' }]);
    count1 = api.as('count');
    count2 = api.as('count', { sub: 'count-2' });
    const cash = { type: 'CashBuyIn', tableId: 't1', shiftId: 'day', playerId: 'p1', amount: 20_000 };
    await expectStatus(api.http.post('/money/cash').send(cash), 201);
  });

  async function refused(request: Promise<{ status: number; body: { code: string } }>, status: number, code: string) {
    const before = await writtenRows(database.db);
    const res = await request;
    expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
    expect(await writtenRows(database.db)).toEqual(before);
  }

  it('two floor supervisors make a count team member: one alone would sign their own money moves', async () => {
    const before = await writtenRows(database.db);
    const asked = await expectStatus(api.http.post('/users').send({ name: 'counter-3', role: 'count' }), 202);
    expect(asked.body.code).toBe('APPROVAL_REQUIRED');
    expect(await writtenRows(database.db)).toEqual(before);
    const made = await expectStatus(approvedBySecond(api, asked), 201);
    expect(made.body.user).toMatchObject({ name: 'counter-3', role: 'count' });
  });

  it('one member enters the count, a second signs it; the asker cannot sign their own', async () => {
    const count = {
      requestId: 'count-t1-day',
      request: { kind: 'Count', tableId: 't1', shiftId: 'day', counted: 19_500, reason: 'a $5 bill short' },
    };
    await expectStatus(count1.post('/money/requests').send(count), 201);
    await refused(count1.post('/money/requests/count-t1-day/confirm').send({}), 422, 'SAME_PERSON');
    const signed = await expectStatus(count2.post('/money/requests/count-t1-day/confirm').send({}), 201);
    expect(signed.body.events).toEqual([
      expect.objectContaining({ type: 'DropCounted', tableId: 't1', shiftId: 'day', expected: 20_000, counted: 19_500, variance: -500 }),
    ]);
    const book = (await expectStatus(count1.get('/money/book'), 200)).body;
    expect(book.countSheet).toEqual([expect.objectContaining({ tableId: 't1', shiftId: 'day', counted: 19_500, variance: -500 })]);
    // Both steps are in the log with their people.
    const events = (await api.store.readStream(bookStreamIdOf('room'))).map(toMoneyEvent);
    expect(events.at(-1)).toMatchObject({
      type: 'DropCounted',
      by: { id: 'count-2', role: 'count' },
      requestedBy: { id: 'test-count', role: 'count' },
    });
    // A member may decline what a floor supervisor asked for.
    await expectStatus(
      api.http
        .post('/money/requests')
        .send({ requestId: 'fill-1', request: { kind: 'Fill', tableId: 't1', shiftId: 'night', amount: 5_000 } }),
      201,
    );
    await expectStatus(count1.post('/money/requests/fill-1/decline').send({ reason: 'no fill slip' }), 201);
  });

  it('the count team moves no cash, fill, credit or seed, opens nothing and reads no table or report', async () => {
    const ask = (kind: string, extra: object) =>
      count1.post('/money/requests').send({ requestId: `c-${kind}`, request: { kind, ...extra } });
    await refused(ask('Fill', { tableId: 't1', shiftId: 'night', amount: 100 }), 422, 'ROLE_MAY_NOT');
    await refused(ask('Credit', { tableId: 't1', shiftId: 'night', amount: 100 }), 422, 'ROLE_MAY_NOT');
    await refused(ask('SeedFund', { fundId: 'f', amount: 100, note: 'x' }), 422, 'ROLE_MAY_NOT');
    const cash = { type: 'CashBuyIn', tableId: 't1', shiftId: 'night', playerId: 'p1', amount: 100 };
    await refused(count1.post('/money/cash').send(cash), 403, 'FORBIDDEN_ROLE');
    await refused(count1.post('/money/drops').send({ fundId: 'f', tableId: 't1', handNumber: 1, amount: 100 }), 403, 'FORBIDDEN_ROLE');
    await refused(count1.post('/money/funds').send({ fundId: 'f', rules: { kind: 'bad-beat', name: 'f' } }), 403, 'FORBIDDEN_ROLE');
    await refused(
      count1.post('/money/requests/bad-beat').send({ requestId: 'b', fundId: 'f', tableId: 't1', handNumber: 1 }),
      403,
      'FORBIDDEN_ROLE',
    );
    await refused(
      count1.get('/money/revenue').query({ shiftId: 'day', from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' }),
      403,
      'FORBIDDEN_ROLE',
    );
    await refused(count1.get('/tables'), 403, 'FORBIDDEN_ROLE');
    await refused(
      count1.post('/tables').send({ tableId: 'x', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2 } }),
      403,
      'FORBIDDEN_ROLE',
    );
    await refused(count1.get('/users'), 403, 'FORBIDDEN_ROLE');
  });
});
