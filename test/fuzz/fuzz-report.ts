import type { ApiConfig } from '../../apps/api/src/config/api-config';
import type { FuzzReport } from './stateful-fuzzer';

/** The share of the OpenAPI document's operations a run must answer 2xx at least once. */
export const REACH_GOAL = 0.9;

/** The API as the fuzzer wants it: sign-in limits high enough that its sign-ins reach the password check. */
export const FUZZ_API_CONFIG: Partial<ApiConfig> = { loginAttemptsPerAddressPerMinute: 1_000_000, loginFailuresBeforeLockout: 1_000_000 };

/** A run's figures as text: totals, then every operation with its 2xx and 4xx counts, those never accepted first. */
export function formatReport(report: FuzzReport): string {
  const f = report.figures;
  const rate = (f.requests * 1000) / report.wallMs;
  const lines = [
    `  ${f.requests} requests in ${(report.wallMs / 1000).toFixed(0)} s wall, ${(report.cpuMs / 1000).toFixed(0)} CPU-s (${rate.toFixed(0)}/s; load average ${report.loadAverage.map((l) => l.toFixed(1)).join(' ')}), seed ${report.seed}`,
    `  by status: ${JSON.stringify(f.byStatus)}; 5xx: ${f.serverErrors}; failed checks: ${f.failures.length}; hands played: ${report.hands}; verify: ${report.verifyViolations.length} violations`,
    `  operations with a 2xx: ${report.reached.length} of ${report.operations.length} (${((100 * report.reached.length) / report.operations.length).toFixed(0)}%)`,
    `  refusal codes: ${Object.entries(f.byCode)
      .sort((a, b) => b[1] - a[1])
      .map(([code, n]) => `${code} ${n}`)
      .join(', ')}`,
    '  per operation (2xx / 4xx):',
  ];
  const rows = report.operations.map((name) => ({ name, ...(f.byOperation[name] ?? { requests: 0, ok: 0, refused: 0, codes: {} }) }));
  rows.sort((a, b) => Number(a.ok > 0) - Number(b.ok > 0) || a.name.localeCompare(b.name));
  for (const row of rows) {
    const codes = Object.entries(row.codes)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([code, n]) => `${code} ${n}`);
    lines.push(
      `    ${row.ok === 0 ? '!' : ' '} ${row.name}: ${row.ok} / ${row.refused}${codes.length > 0 ? ` (${codes.join(', ')})` : ''}`,
    );
  }
  for (const failure of f.failures.slice(0, 20)) lines.push(`  FAILED at request ${failure.at}: ${failure.why}\n    ${failure.request}`);
  for (const violation of report.verifyViolations.slice(0, 20)) lines.push(`  VERIFY ${violation}`);
  return lines.join('\n');
}
