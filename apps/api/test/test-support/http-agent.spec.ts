import { HttpAgent, type RawAnswer, type RawRequest } from './http-agent';

/** A transport that records what it is asked and answers `answer`. */
function recording(answer: RawAnswer): { agent: (defaults?: Record<string, string>) => HttpAgent; sent: RawRequest[] } {
  const sent: RawRequest[] = [];
  return {
    sent,
    agent: (defaults) =>
      new HttpAgent(async (request) => {
        sent.push(request);
        return answer;
      }, defaults),
  };
}

const JSON_ANSWER: RawAnswer = {
  statusCode: 201,
  headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': 11 },
  payload: '{"ok":true}',
};

describe('HttpAgent (the test API facade over a transport)', () => {
  it('sends an object as JSON with the default headers, a request header winning over a default', async () => {
    const { agent, sent } = recording(JSON_ANSWER);
    const res = await agent({ Authorization: 'Bearer a', 'X-Device-Id': 'd1' })
      .post('/tables/t1/fold')
      .set('x-device-id', 'd2')
      .send({ seat: 1 });
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/tables/t1/fold',
        headers: { authorization: 'Bearer a', 'x-device-id': 'd2', 'content-type': 'application/json' },
        payload: '{"seat":1}',
      },
    ]);
    expect(res).toEqual({
      status: 201,
      body: { ok: true },
      text: '{"ok":true}',
      headers: { 'content-type': 'application/json; charset=utf-8', 'content-length': '11' },
    });
  });

  it('sends a string as given, as a form unless a Content-Type is set, and adds a query to the path', async () => {
    const { agent, sent } = recording(JSON_ANSWER);
    await agent().post('/a').send('x=1');
    await agent().post('/b').set('Content-Type', 'application/json').send('{"a":');
    await agent().get('/c?limit=2').query({ after: 'k 1', skip: undefined, n: 3 });
    expect(sent.map((r) => [r.url, r.headers['content-type'], r.payload])).toEqual([
      ['/a', 'application/x-www-form-urlencoded', 'x=1'],
      ['/b', 'application/json', '{"a":'],
      ['/c?limit=2&after=k+1&n=3', undefined, undefined],
    ]);
  });

  it('parses problem documents as JSON, and leaves other types as text with an empty body', async () => {
    const problem = recording({ statusCode: 422, headers: { 'content-type': 'application/problem+json' }, payload: '{"code":"X"}' });
    expect((await problem.agent().get('/p')).body).toEqual({ code: 'X' });
    const lines = recording({ statusCode: 200, headers: { 'content-type': 'application/x-ndjson' }, payload: '{"a":1}\n' });
    expect(await lines.agent().get('/l')).toMatchObject({ body: {}, text: '{"a":1}\n' });
  });

  it('fails on an unexpected status, naming the request and the answer', async () => {
    const { agent } = recording({ statusCode: 404, headers: { 'content-type': 'application/json' }, payload: '{"code":"NOT_FOUND"}' });
    await expect(agent().get('/tables/none').expect(200)).rejects.toThrow(
      'expected 200, got 404 for GET /tables/none: {"code":"NOT_FOUND"}',
    );
    await expect(agent().get('/tables/none').expect(404)).resolves.toMatchObject({ status: 404 });
    await expect(agent().get('/tables/none').expect(404, /FOUND/)).resolves.toMatchObject({ status: 404 });
    await expect(agent().get('/tables/none').expect(404, /^ok$/)).rejects.toThrow('expected 404 and a body matching /^ok$/, got 404');
  });

  it('sends once however often it is awaited', async () => {
    const { agent, sent } = recording(JSON_ANSWER);
    const request = agent().get('/once');
    await request;
    await request.then((res) => res.status);
    expect(sent).toHaveLength(1);
  });
});
