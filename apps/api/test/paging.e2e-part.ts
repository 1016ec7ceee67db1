import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { startTestApi, type TestApi } from './test-support/test-api';
import { openTableWithPlayers } from './test-support/table-setup';

/** The list routes are paged (?after=<last id>&limit=N, answered with nextAfter): every table once, in id order. */
describe.each(APP_BACKENDS)('paged lists (%s)', (backend) => {
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
      const res: { body: { tables: { tableId: string }[]; nextAfter: string | null } } = await api
        .as('regulator')
        .get(path)
        .query({ limit, ...(after === null ? {} : { after }) })
        .expect(200);
      pages.push(res.body.tables);
      after = res.body.nextAfter;
    } while (after !== null && pages.length < 20);
    return pages;
  };

  it.each([['/tables'], ['/regulator/tables']])(
    '%s: pages of 3 give every table once, in order, and say when there is no next page',
    async (path) => {
      const pages = await walk(path, 3);
      expect(pages.map((p) => p.map((t) => t.tableId))).toEqual([ids.slice(0, 3), ids.slice(3, 6), ids.slice(6)]);
    },
  );

  it("the regulator list carries each table's status and hands played", async () => {
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

  describe("the staff lists: users, devices, the room's games", () => {
    const users = ['pg-ann', 'pg-bob', 'pg-cat', 'pg-dan', 'pg-eve'];
    const devices = ['pg-console-1', 'pg-console-2', 'pg-console-3'];
    const games = ['pg-g1', 'pg-g2', 'pg-g3', 'pg-g4'];

    beforeAll(async () => {
      for (const name of users) await api.http.post('/users').send({ name, role: 'dealer' }).expect(201);
      for (const name of devices) await api.http.post('/devices').send({ name }).expect(201);
      for (const gameId of games)
        await api.http.post('/room/games').send({ gameId, name: gameId, stakes: '1/2', structure: 'no-limit' }).expect(201);
    });

    /** Every page of `path` (limit 2), as the keys `keyOf` reads from each item of `field`. */
    const walkAll = async (path: string, field: string, keyOf: (item: Record<string, string>) => string) => {
      const pages: string[][] = [];
      let after: string | null = null;
      do {
        const res: { body: Record<string, unknown> & { nextAfter: string | null } } = await api.http
          .get(path)
          .query({ limit: 2, ...(after === null ? {} : { after }) })
          .expect(200);
        pages.push((res.body[field] as Record<string, string>[]).map(keyOf));
        after = res.body.nextAfter;
      } while (after !== null && pages.length < 20);
      return pages;
    };

    it.each([
      ['/users', 'users', (u: Record<string, string>) => u.name!, () => users],
      ['/devices', 'devices', (d: Record<string, string>) => d.name!, () => devices],
      ['/room/games', 'games', (g: Record<string, string>) => (g.state as unknown as { gameId: string }).gameId, () => games],
    ] as const)('%s: pages of 2 give every item once, in order, the last page saying so', async (path, field, keyOf, expected) => {
      const pages = await walkAll(path, field, keyOf);
      expect(pages.every((page) => page.length <= 2)).toBe(true);
      const seen = pages.flat().filter((key) => key.startsWith('pg-'));
      expect(seen).toEqual([...expected()].sort());
      expect(new Set(pages.flat()).size).toBe(pages.flat().length);
    });

    it('answers the whole list in one page by default, with nextAfter null', async () => {
      const res = await api.http.get('/users').expect(200);
      expect(res.body.nextAfter).toBeNull();
      expect(res.body.users.map((u: { name: string }) => u.name)).toEqual(expect.arrayContaining(users));
    });

    it.each([['/users?limit=0'], ['/devices?limit=1001'], ['/room/games?after=has%20space'], ['/users?page=2'], ['/devices?after=']])(
      'refuses %s with 400',
      async (path) => {
        const res = await api.http.get(path);
        expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: 'INVALID_REQUEST' });
      },
    );
  });
});
