import { APP_BACKENDS } from './test-support/test-databases';
import { writtenRows, type TestApi } from './test-support/test-api';
import { useSharedApi } from './test-support/shared-api';
import { openTableWithPlayers } from './test-support/table-setup';

/**
 * A command the rules accept but that changes nothing (the button placed on the seat that has it, sitting out or in
 * twice: a double tap on the console) answers 200 with no events and writes nothing. It used to reach the event
 * store as an empty append, which throws: a 500 (found by `npm run fuzz`: `{"type":"PlaceButton","seat":4}` sent
 * twice to a table). A retry of a command applied earlier still gets its first result.
 */
describe.each(APP_BACKENDS)('accepted commands that change nothing (%s)', (backend) => {
  let api: TestApi;
  const database = useSharedApi(backend);

  beforeAll(async () => {
    api = database.api;
  });

  const expectUnchanged = async (route: string, body: object, version: number) => {
    const before = await writtenRows(database.db);
    const res = await api.http.post(`/tables/noop/${route}`).send(body);
    expect({
      status: res.status,
      replayed: res.body.replayed,
      version: res.body.version,
      events: res.body.events,
      tableVersion: res.body.table?.version,
    }).toEqual({
      status: 200,
      replayed: false,
      version,
      events: [],
      tableVersion: version,
    });
    expect(await writtenRows(database.db)).toEqual(before);
  };

  it('answers 200 with no events and writes nothing', async () => {
    await openTableWithPlayers(api, 'noop', 4); // the button on seat 1
    const opened = (await api.http.get('/tables/noop')).body.version as number;
    await expectUnchanged('place-button', { type: 'PlaceButton', seat: 1 }, opened);

    const moved = await api.http.post('/tables/noop/place-button').send({ type: 'PlaceButton', seat: 4 });
    expect({ status: moved.status, events: moved.body.events.map((e: { type: string }) => e.type) }).toEqual({
      status: 201,
      events: ['ButtonPlaced'],
    });
    await expectUnchanged('place-button', { type: 'PlaceButton', seat: 4 }, moved.body.version);
    expect((await api.http.get('/tables/noop')).body.version).toBe(moved.body.version);

    const satOut = await api.http.post('/tables/noop/sit-out').send({ seat: 2 });
    expect(satOut.status).toBe(201);
    await expectUnchanged('sit-out', { seat: 2 }, satOut.body.version);
  });

  it('replays a command applied earlier, though deciding it again would change nothing', async () => {
    const first = await api.http.post('/tables/noop/sit-out').set('Idempotency-Key', `noop-${backend}-1`).send({ seat: 3 });
    expect(first.status).toBe(201);
    const before = await writtenRows(database.db);
    const again = await api.http.post('/tables/noop/sit-out').set('Idempotency-Key', `noop-${backend}-1`).send({ seat: 3 });
    expect({ status: again.status, replayed: again.body.replayed, version: again.body.version, events: again.body.events }).toEqual({
      status: 200,
      replayed: true,
      version: first.body.version,
      events: first.body.events,
    });
    expect(await writtenRows(database.db)).toEqual(before);
  });
});
