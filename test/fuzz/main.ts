/**
 * `npm run fuzz`: the OpenAPI fuzzer's long run, FUZZ_REQUESTS requests (default 100,000) split between PGlite and
 * PostgreSQL, each against the real API over a fresh database (a 5xx is logged with its stack: LOG_LEVEL=error). Prints the figures (requests, answers by status
 * class and by refusal code, 5xx, failed checks, time) and exits 1 on any failure. FUZZ_SEED repeats a run.
 */
import { createTestDatabase, type Backend } from '../../libs/event-store/test-support/test-databases';
import { fuzzApi, startFuzzApi, type FuzzFigures } from './fuzz-api';

async function main(): Promise<void> {
  const total = Number(process.env.FUZZ_REQUESTS ?? 100_000);
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
  const backends: Backend[] = (process.env.FUZZ_BACKENDS?.split(',') as Backend[] | undefined) ?? ['pglite', 'postgres'];
  const results: { backend: Backend; figures: FuzzFigures }[] = [];
  for (const [i, backend] of backends.entries()) {
    const runs = Math.ceil(total / backends.length);
    const database = await createTestDatabase(backend);
    const api = await startFuzzApi(database.db);
    try {
      console.error(`${backend}: ${runs} requests (seed ${seed + i})…`);
      const figures = await fuzzApi(api, database.db, {
        runs,
        seed: seed + i,
        onFailure: (failure) => console.error(`  ${backend}: FAILED ${failure.why}\n    ${failure.request}`),
        onProgress: (f) => f.requests % 5_000 === 0 && console.error(`  ${backend}: ${f.requests} requests, ${f.serverErrors} 5xx, ${f.failures.length} failed checks, ${JSON.stringify(f.byStatus)}`),
      });
      results.push({ backend, figures });
    } finally {
      await api.close();
      await database.dispose();
    }
  }
  let failed = false;
  for (const { backend, figures } of results) {
    const top = Object.entries(figures.byCode).sort((a, b) => b[1] - a[1]);
    console.log(`\n${backend}: ${figures.requests} requests in ${(figures.elapsedMs / 1000).toFixed(0)} s (${((figures.requests * 1000) / figures.elapsedMs).toFixed(0)}/s)`);
    console.log(`  by status: ${JSON.stringify(figures.byStatus)}; 5xx: ${figures.serverErrors}; failed checks: ${figures.failures.length}`);
    console.log(`  refusal codes: ${top.map(([code, n]) => `${code} ${n}`).join(', ')}`);
    const operations = Object.entries(figures.byOperation);
    console.log(`  operations: ${operations.length} of the document, ${operations.filter(([, o]) => o.accepted > 0).length} with a 2xx answer; none accepted: ${operations.filter(([, o]) => o.accepted === 0).map(([name]) => name).join(', ') || '-'}`);
    for (const failure of figures.failures.slice(0, 20)) console.log(`  FAILED ${failure.why}\n    ${failure.request}`);
    failed ||= figures.failures.length > 0;
  }
  const requests = results.reduce((n, r) => n + r.figures.requests, 0);
  const errors = results.reduce((n, r) => n + r.figures.serverErrors, 0);
  console.log(`\ntotal: ${requests} requests, ${errors} 5xx, seed ${seed}`);
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
