/**
 * The differential run against poker-ts: `npm run bench:diff [-- HANDS [FIRST_SEED]]` (10^5 hands by default) plays
 * random plain no-limit hands on Felt and poker-ts in lock step (test/differential/poker-ts-differential.ts) and
 * prints what agreed, what differed with the rule that explains it, and every unexplained disagreement with its seed.
 * Exit code 1 when there is an unexplained disagreement. Results: docs/benchmarks.md.
 */
import { cpus } from 'node:os';
import { EXPLAINED, emptyReport, playDifferentialHand, type Explained } from '../test/differential/poker-ts-differential';

const hands = Number(process.argv[2] ?? 100_000);
const first = Number(process.argv[3] ?? 1);
const report = emptyReport();
const t0 = process.hrtime.bigint();
for (let seed = first; seed < first + hands; seed++) {
  try {
    playDifferentialHand(seed, report);
  } catch (error) {
    report.disagreements.push({ seed, what: `threw: ${(error as Error).message}` });
  }
  if ((seed - first + 1) % 10_000 === 0) process.stderr.write(`${seed - first + 1} hands\n`);
}
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;

console.log(
  `Felt vs poker-ts 1.5, plain no limit 1/2, 2-9 players: seeds ${first}..${first + hands - 1}, ${seconds.toFixed(1)} s on ${cpus()[0]?.model ?? 'this machine'}`,
);
console.log(`hands ${report.hands}, decisions compared ${report.decisions} (turn and legal actions)`);
console.log(`pots with two or more players ${report.pots} in ${report.showdowns} hands`);
console.log(`hands whose pots and every final stack agreed with poker-ts: ${report.stacksAgreed}`);
console.log(`hands whose pots were checked against pots layered from the events (poker-ts known wrong there): ${report.potsLayered}`);
console.log('explained differences:');
for (const [kind, n] of Object.entries(report.explained))
  console.log(`  ${String(n).padStart(7)}  ${kind}: ${EXPLAINED[kind as Explained]}`);
console.log(`unexplained disagreements: ${report.disagreements.length}`);
for (const d of report.disagreements.slice(0, 50)) console.log(`  seed ${d.seed}: ${d.what}`);
process.exitCode = report.disagreements.length === 0 ? 0 : 1;
