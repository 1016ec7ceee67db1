import type { Database } from '@felt/event-store';
import { authHeaders } from './auth';
import { writtenRows, type TestApi } from './test-api';

/** An answer as the input-gate cases read it (supertest's and Fastify inject's alike). */
export type GateAnswer = { status: number; body: Record<string, unknown>; headers: Record<string, string> };

/** A request the input gate must refuse: what is sent, and the status and code it must get. */
export interface GateCase {
  readonly name: string;
  readonly send: () => PromiseLike<GateAnswer>;
  readonly status: number;
  readonly code: string;
}

/** Bytes exactly as given (supertest would re-encode them): through Fastify's inject, with the floor's token. */
export async function injectBytes(
  api: TestApi,
  method: 'POST' | 'PATCH',
  url: string,
  payload: Buffer | string,
  headers: Record<string, string> = {},
): Promise<GateAnswer> {
  const res = await api.app
    .getHttpAdapter()
    .getInstance()
    .inject({ method, url, headers: { ...authHeaders('floor'), 'content-type': 'application/json', ...headers }, payload });
  return { status: res.statusCode, body: res.json(), headers: res.headers as Record<string, string> };
}

/** One test a case: refused with its status and code, as a problem document, and nothing written. */
export function itRefusesEach(cases: readonly GateCase[], database: { readonly db: Database }): void {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const before = await writtenRows(database.db);
    const res = await c.send();
    expect({ status: res.status, code: res.body.code }).toEqual({ status: c.status, code: c.code });
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ status: c.status, type: expect.stringMatching(/^urn:felt:problem:/), detail: expect.any(String) });
    expect(await writtenRows(database.db)).toEqual(before);
  });
}
