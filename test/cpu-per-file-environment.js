const { appendFileSync, readFileSync } = require('node:fs');
const { relative } = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

/**
 * jest's node environment, plus one JSON line per test file in $FELT_TEST_CPU_LOG: the CPU seconds its worker spent
 * on it (user + system) and those of the processes it started and waited for (a CLI run, a built API, a browser),
 * from /proc/self/stat. Jest reports wall time only, which on a shared machine says more about the neighbours than
 * about the file; CPU seconds add up to the suite's cost on a quiet machine. Linux only; jest.config.js uses it
 * when the variable is set. test/cpu-per-file-report.js sums the log.
 *
 * Not counted: the database servers' work (PostgreSQL is shared), jest's own start of the worker, and most of
 * Chromium's: its renderers are children of its zygote, and their CPU mostly does not reach the worker's count (a
 * browser file's whole process tree costs about twice its figure here: docs/benchmarks.md "The test suite").
 */
class CpuPerFileEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.file = relative(config.projectConfig.rootDir, context.testPath);
    this.start = ticks();
    this.startedAt = Date.now();
  }

  async teardown() {
    await super.teardown();
    const end = ticks();
    const line = {
      file: this.file,
      cpu: (end.self - this.start.self) / TICKS_PER_SECOND,
      children: (end.children - this.start.children) / TICKS_PER_SECOND,
      wall: (Date.now() - this.startedAt) / 1000,
    };
    appendFileSync(process.env.FELT_TEST_CPU_LOG, `${JSON.stringify(line)}\n`);
  }
}

/** USER_HZ: 100 on every Linux jest runs on (getconf CLK_TCK). */
const TICKS_PER_SECOND = 100;

/** utime + stime, cutime + cstime: fields 14-17 of /proc/self/stat, counted after the command name's ')'. */
function ticks() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { self: Number(fields[11]) + Number(fields[12]), children: Number(fields[13]) + Number(fields[14]) };
}

module.exports = CpuPerFileEnvironment;
