import { mulberry32 } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import { replayPhhText } from '@felt/formats';
import { readJsonl, verifyEvents } from '@felt/regulator';
import { streamIdOf } from '../src/tables/table-stream';
import { nextCommand } from './test-support/table-player';
import { openTableWithPlayers } from './test-support/table-setup';
import { APP_BACKENDS, useTestStore } from './test-support/test-databases';
import { seedTestUsers } from './test-support/auth';
import { startTestApi, type TestApi } from './test-support/test-api';

/**
 * The regulator's read-only routes: a table's events by recorded time, page by page; the recall of its last hands
 * with hole cards; its export in each format, each read back by the project's own readers.
 */
describe.each(APP_BACKENDS)('regulator API (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });
  let stream: RecordedEvent[];
  const regulator = () => api.as('regulator', { sub: 'reg-1' });

  beforeAll(async () => {
    api = await startTestApi(database.db);
    await seedTestUsers(database.db, [{ sub: 'reg-1', role: 'regulator' }]);
    await openTableWithPlayers(api, 'r1', 4);
    // Random legal play until six hands are done, as in the crash test; the commands go over HTTP.
    const random = mulberry32(7);
    let view = (await api.http.get('/tables/r1').expect(200)).body;
    while (view.handsPlayed < 6) {
      view = (await api.http.post('/tables/r1/commands').send(nextCommand(view, random)).expect(201)).body.table;
    }
    stream = await api.store.readStream(streamIdOf('r1'));
  }, 300_000);

  it('lists every table with its status and hands played', async () => {
    const { tables } = (await regulator().get('/regulator/tables').expect(200)).body;
    expect(tables).toEqual([expect.objectContaining({ tableId: 'r1', version: stream.length, status: 'open', handsPlayed: 6 })]);
  });

  it('pages through the events recorded in a time range, each exactly once, hole cards included', async () => {
    // A range that starts and ends inside the log (events of one command share their time).
    const times = [...new Set(stream.map((e) => e.recordedAt))];
    const [from, to] = [times[Math.floor(times.length / 3)]!, times[Math.floor((2 * times.length) / 3)]!];
    const expected = stream.filter((e) => e.recordedAt >= from && e.recordedAt <= to).map((e) => e.streamVersion);
    expect(expected.length).toBeGreaterThan(3);

    const got: number[] = [];
    let fromVersion: number | null = 1;
    let pages = 0;
    while (fromVersion !== null) {
      const page: { body: { events: { version: number; recordedAt: string }[]; nextFromVersion: number | null } } = await regulator()
        .get(`/regulator/tables/r1/events?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}&fromVersion=${fromVersion}&limit=3`)
        .expect(200);
      expect(page.body.events.length).toBeLessThanOrEqual(3);
      got.push(...page.body.events.map((e) => e.version));
      fromVersion = page.body.nextFromVersion;
      pages++;
    }
    expect(got).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 3));

    const all = (await regulator().get('/regulator/tables/r1/events?limit=1000').expect(200)).body;
    expect(all.events).toHaveLength(stream.length);
    expect(all.nextFromVersion).toBeNull();
    const dealt = all.events.find((e: { type: string }) => e.type === 'HoleCardsDealt');
    expect(dealt.data.hands.every((h: { cards: unknown[] }) => h.cards.length === 2)).toBe(true);
  });

  it('refuses a bad range or page with 400 and an unknown table with 404', async () => {
    for (const query of ['from=yesterday', 'to=2026-13-01', 'limit=0', 'limit=1001', 'fromVersion=0', 'colour=red']) {
      const res = await regulator().get(`/regulator/tables/r1/events?${query}`);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'INVALID_REQUEST' });
    }
    expect((await regulator().get('/regulator/tables/nowhere/events')).body.code).toBe('TABLE_NOT_FOUND');
    expect((await regulator().get('/regulator/tables/nowhere/hands')).body.code).toBe('TABLE_NOT_FOUND');
    expect((await regulator().get('/regulator/tables/nowhere/export?format=jsonl')).body.code).toBe('TABLE_NOT_FOUND');
    expect((await regulator().get('/regulator/tables/r1/export?format=pdf')).status).toBe(400);
    expect((await regulator().get('/regulator/tables/r1/hands?last=0')).status).toBe(400);
  });

  it('recalls the last N hands, newest first, with every hole card and where each lies in the stream', async () => {
    const recalled = (await regulator().get('/regulator/tables/r1/hands?last=2').expect(200)).body;
    expect(recalled.hands.map((h: { handNumber: number }) => h.handNumber)).toEqual([6, 5]);
    for (const hand of recalled.hands) {
      expect(hand.status).toBe('complete');
      expect(hand.players.every((p: { holeCards: string[] }) => p.holeCards.length === 2)).toBe(true);
      expect(stream[hand.fromVersion - 1]!.type).toBe('HandStarted');
      expect(stream[hand.toVersion - 1]!.type).toBe('HandEnded');
    }
    expect((await regulator().get('/regulator/tables/r1/hands').expect(200)).body.hands).toHaveLength(6); // default 10, six played
  });

  it('exports JSONL that verifies offline, with a download name', async () => {
    const res = await regulator().get('/regulator/tables/r1/export?format=jsonl').expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="table-r1.jsonl"');
    const read = readJsonl(res.text);
    expect(read.problems).toEqual([]);
    expect(read.roster).toMatchObject({ asOf: 'event-time', staff: expect.any(Array) });
    expect(read.events.map((e) => e.hash)).toEqual(stream.map((e) => e.hash));
    expect(verifyEvents(read.events).violations).toEqual([]);
  });

  it('exports PHH that replays through the engine to the same stacks', async () => {
    const res = await regulator().get('/regulator/tables/r1/export?format=phh').expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="table-r1.phhs"');
    const replayed = replayPhhText(res.text, 'r1.phhs');
    expect(replayed.length).toBeGreaterThan(0);
    expect(replayed.filter((r) => r.status !== 'matched')).toEqual([]);
  });

  it('exports OHH: one JSON object per hand, cut by the time range', async () => {
    const res = await regulator().get('/regulator/tables/r1/export?format=ohh').expect(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="table-r1.ohh"');
    const objects = res.text
      .trim()
      .split('\n\n')
      .map((text) => JSON.parse(text));
    // The staff roster first (no ohh key, so readers of hands pass over it): the actors' names and roles.
    expect(objects[0].felt_roster).toEqual({ asOf: 'event-time', note: expect.stringMatching(/recordedAt/), staff: expect.any(Array) });
    const hands = objects.slice(1);
    expect(hands).toHaveLength(6);
    expect(hands.every((h) => h.ohh && Array.isArray(h.ohh.rounds))).toBe(true);

    const thirdStarted = stream.filter((e) => e.type === 'HandStarted')[2]!.recordedAt;
    const later = await regulator()
      .get(`/regulator/tables/r1/export?format=ohh&from=${encodeURIComponent(thirdStarted)}`)
      .expect(200);
    expect(later.text.trim().split('\n\n')).toHaveLength(1 + 4);
  });
});
