/**
 * `npm run fuzz`: the stateful fuzzer's long run (stateful-fuzzer.ts), FUZZ_REQUESTS requests in all (default
 * 100,000) split between the databases of FUZZ_BACKENDS (default pglite,postgres), each against the real API in
 * process over a fresh database (a 5xx is logged with its stack: LOG_LEVEL=error). FUZZ_SEED replays a run's choices
 * (each database gets seed, seed + 1, ...): the same requests as long as the answers are the same, which they are
 * until the API shuffles a deck the fuzzer did not seed (a generated StartHand without one). FUZZ_TRACE=file writes
 * a line per request to file.<backend>, to find where two runs part. Prints, per database, the figures: the operations of the OpenAPI document with
 * their 2xx and 4xx counts, the 5xx, the failed checks, the hands played, the wall and CPU time and the machine's
 * load; exits 1 on any failure or when fewer than 90% of the operations got a 2xx.
 */
import { appendFileSync } from 'node:fs';
import { createTestDatabase, type Backend } from '../support/app-databases';
import { startTestApi } from '../../apps/api/test/test-support/test-api';
import { formatReport, FUZZ_API_CONFIG, REACH_GOAL } from './fuzz-report';
import { runStatefulFuzz, type FuzzReport } from './stateful-fuzzer';

async function main(): Promise<void> {
  const total = Number(process.env.FUZZ_REQUESTS ?? 100_000);
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
  const backends = (process.env.FUZZ_BACKENDS?.split(',') ?? ['pglite', 'postgres']) as Backend[];
  const reports: { backend: Backend; report: FuzzReport }[] = [];
  for (const [i, backend] of backends.entries()) {
    const requests = Math.ceil(total / backends.length);
    const database = await createTestDatabase(backend);
    const api = await startTestApi(database.db, FUZZ_API_CONFIG);
    try {
      console.error(`${backend}: ${requests} requests, seed ${seed + i}…`);
      const report = await runStatefulFuzz(api, database.db, {
        requests,
        seed: seed + i,
        onFailure: (failure) => console.error(`  ${backend}: FAILED at request ${failure.at}: ${failure.why}\n    ${failure.request}`),
        ...(process.env.FUZZ_TRACE ? { trace: (line: string) => appendFileSync(`${process.env.FUZZ_TRACE}.${backend}`, `${line}\n`) } : {}),
        onProgress: (f) =>
          console.error(
            `  ${backend}: ${f.requests} requests, ${f.serverErrors} 5xx, ${f.failures.length} failed checks, ${JSON.stringify(f.byStatus)}`,
          ),
      });
      reports.push({ backend, report });
    } finally {
      await api.close();
      await database.dispose();
    }
  }
  let failed = false;
  for (const { backend, report } of reports) {
    console.log(`\n${backend}:\n${formatReport(report)}`);
    failed ||=
      report.figures.failures.length > 0 ||
      report.figures.serverErrors > 0 ||
      report.verifyViolations.length > 0 ||
      report.reached.length < REACH_GOAL * report.operations.length;
  }
  const requests = reports.reduce((n, r) => n + r.report.figures.requests, 0);
  const errors = reports.reduce((n, r) => n + r.report.figures.serverErrors, 0);
  console.log(`\ntotal: ${requests} requests, ${errors} 5xx, seed ${seed} (FUZZ_SEED=${seed} replays it)`);
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
