import { BACKENDS, useTestStore } from '../../apps/api/test/test-support/test-databases';
import type { TestApi } from '../../apps/api/test/test-support/test-api';
import { fuzzApi, startFuzzApi } from './fuzz-api';

/** A small run of the OpenAPI fuzzer (the long one: npm run fuzz): no 5xx, every refusal a problem with a code, refusals write nothing. */
describe.each(BACKENDS)('OpenAPI fuzz (%s)', (backend) => {
  let api: TestApi;
  const database = useTestStore(backend, { beforeDispose: () => api?.close() });

  it('answers 400 generated requests without a 5xx, refusing as problems that write nothing', async () => {
    api = await startFuzzApi(database.db);
    const figures = await fuzzApi(api, database.db, { runs: Number(process.env.FUZZ_RUNS ?? 400) });
    if (process.env.FUZZ_REPORT) console.log(JSON.stringify({ ...figures, failures: figures.failures.length }));
    expect(figures.failures.slice(0, 10)).toEqual([]);
    expect(figures.serverErrors).toBe(0);
    expect(figures.requests).toBeGreaterThanOrEqual(400);
  }, 300_000);
});
