import { BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, type TestApi } from './test-support/test-api';
import { openTableWithPlayers } from './test-support/table-setup';

/** The list routes are paged (?after=<last id>&limit=N, answered with nextAfter): every table once, in id order. */
describe.each(BACKENDS)('paged lists (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });
  const ids = ['p-a', 'p-b', 'p-c', 'p-d', 'p-e', 'p-f', 'p-g'];

  beforeAll(async () => {
    api = await startTestApi(database.db);
    for (const id of ids) await openTableWithPlayers(api, id, id === 'p-c' ? 2 : 0);
  });

  const walk = async (path: string, limit: number) => {
    const pages: { tableId: string; status?: string; handsPlayed?: number }[][] = [];
    let after: string | null = null;
    do {
      const res: { body: { tables: { tableId: string }[]; nextAfter: string | null } } = await api.as('regulator').get(path).query({ limit, ...(after === null ? {} : { after }) }).expect(200);
      pages.push(res.body.tables);
      after = res.body.nextAfter;
    } while (after !== null && pages.length < 20);
    return pages;
  };

  it.each([['/tables'], ['/regulator/tables']])('%s: pages of 3 give every table once, in order, and say when there is no next page', async (path) => {
    const pages = await walk(path, 3);
    expect(pages.map((p) => p.map((t) => t.tableId))).toEqual([ids.slice(0, 3), ids.slice(3, 6), ids.slice(6)]);
  });

  it('the regulator list carries each table\'s status and hands played', async () => {
    const [page] = await walk('/regulator/tables', 200);
    expect(page!.find((t) => t.tableId === 'p-c')).toMatchObject({ status: 'open', handsPlayed: 0, version: expect.any(Number) });
  });

  it('an exact last page has nextAfter null', async () => {
    const res = await api.as('regulator').get('/tables').query({ limit: ids.length }).expect(200);
    expect(res.body.nextAfter).toBeNull();
  });

  it.each([
    ['/tables?limit=0'],
    ['/tables?limit=1001'],
    ['/tables?limit=ten'],
    ['/tables?after=has%20space'],
    ['/tables?page=2'],
    ['/regulator/tables?limit=201'],
  ])('refuses %s with 400', async (path) => {
    const res = await api.as('regulator').get(path);
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'INVALID_REQUEST' });
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
