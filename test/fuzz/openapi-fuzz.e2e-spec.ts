import fc from 'fast-check';
import { useTestStore } from '../../apps/api/test/test-support/test-databases';
import { startTestApi, type TestApi } from '../../apps/api/test/test-support/test-api';
import { FUZZ_API_CONFIG, formatReport } from './fuzz-report';
import { requestArbitrary } from './openapi-arbitraries';
import { runStatefulFuzz } from './stateful-fuzzer';

/**
 * A short run of the stateful fuzzer (the long one: npm run fuzz), bounded by requests: it opens tables of every
 * kind, plays hands with every role, sends wrong variants and generated requests; no 5xx, every refusal a problem
 * with a code that writes nothing, no card shown to a role that may not see it, and every table's log verifies.
 * FUZZ_REQUESTS and FUZZ_SEED change the run; a failure prints the seed.
 */
describe('the stateful fuzzer, a short run (postgres)', () => {
  let api: TestApi;
  const database = useTestStore('postgres', { beforeDispose: () => api?.close() });

  beforeAll(async () => {
    api = await startTestApi(database.db, FUZZ_API_CONFIG);
  });

  it('plays real hands as every role: no 5xx, refusals are problems that write nothing, no card shown, the logs verify', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
    const report = await runStatefulFuzz(api, database.db, {
      requests: Number(process.env.FUZZ_REQUESTS ?? 2000),
      seed,
      tag: `short${seed.toString(36)}`,
    });
    const summary = formatReport(report);
    if (process.env.FUZZ_REPORT) console.log(summary);
    expect({ seed, failures: report.figures.failures.slice(0, 10), verify: report.verifyViolations.slice(0, 10) }).toEqual({
      seed,
      failures: [],
      verify: [],
    });
    expect(report.figures.serverErrors).toBe(0);
    // It plays hands: betting, the showdown's table routes and the exports answer 2xx, not only the gate's refusals.
    const played = [
      'POST /tables/{tableId}/start-hand',
      'POST /tables/{tableId}/post-blind',
      'POST /tables/{tableId}/call',
      'POST /tables/{tableId}/fold',
      'POST /tables/{tableId}/raise',
      'GET /regulator/tables/{tableId}/export',
    ];
    expect({ seed, missing: played.filter((name) => !report.reached.includes(name)) }).toEqual({ seed, missing: [] });
    expect(report.reached.length / report.operations.length).toBeGreaterThanOrEqual(0.75);
    expect(report.hands).toBeGreaterThan(10);
  }, 600_000);

  it("generates and writes requests from the API's own document over many seeds without throwing", async () => {
    const doc = (await api.app.getHttpAdapter().getInstance().inject({ method: 'GET', url: '/docs-json' })).json();
    const arbitrary = requestArbitrary(doc, {
      tableIds: ['t1'],
      userIds: ['u1'],
      gameIds: ['g1'],
      deviceIds: ['d1'],
      authorizations: ['Bearer x', undefined],
    });
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        for (const request of fc.sample(arbitrary, { seed, numRuns: 20 }))
          expect(`${request.method} ${request.url} ${request.payload?.toString('utf8') ?? ''}`).toEqual(expect.any(String));
      }),
      { numRuns: 200 },
    );
  });
});
