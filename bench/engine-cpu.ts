/**
 * CPU time per check/call hand, engines of several builds beside poker-ts in one process (issue 32 point 5): the
 * steadier figure on a shared machine, where wall-clock rates move by a fifth from run to run with the load.
 *
 *   npm run bench:engine-cpu -- [--rounds 23] [--hands 10000] [BUILD[:MODULES] ...]
 *
 * BUILD is `.` (this checkout's build) or another checkout whose bench is compiled (`npx tsc -p tsconfig.bench.json
 * && npx tsc-alias -p tsconfig.bench.json` there: its dist-bench/ is loaded); MODULES is `default` (the default
 * list), `missed-blinds` (missed blinds alone, the one option always on) or `none` (createTableDecider([])). Each
 * round plays every engine in turn after poker-ts, the engines' order reversed every other round so each follows
 * poker-ts equally; the first three rounds warm up and are dropped. Prints each one's minimum and median CPU time
 * per hand (process.cpuUsage: user and system) and poker-ts's divided by it, with the load average.
 */
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import * as here from '@felt/engine';
import { feltPlayer, pokerTsPlayer, type BenchEngine } from './engine.bench';

type EngineIndex = typeof here;

function engineOf(spec: string): BenchEngine {
  const [build, modules = 'default'] = spec.split(':');
  // Another build's index is loaded by path at run time: it is not part of this compilation.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const index: EngineIndex = build === '.' ? here : require(join(resolve(build), 'dist-bench/libs/engine/src/index.js'));
  if (modules === 'default') return index.tableDecider;
  if (modules === 'missed-blinds') return index.createTableDecider([index.missedBlinds]);
  if (modules === 'none') return index.createTableDecider([]);
  throw new Error(`unknown module list "${modules}" (default, missed-blinds, none)`);
}

/** CPU microseconds a hand for one run of `hands` hands. */
function cpuPerHand(run: () => void, hands: number): number {
  const t0 = process.cpuUsage();
  run();
  const used = process.cpuUsage(t0);
  return (used.user + used.system) / hands;
}

function option(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [, value] = args.splice(i, 2);
  return Number(value);
}

function main(argv: string[]): void {
  const args = argv.slice();
  const rounds = option(args, '--rounds', 23);
  const hands = option(args, '--hands', 10_000);
  const specs = args.length > 0 ? args : ['.'];
  const pokerTs = pokerTsPlayer();
  const engines = specs.map((spec) => {
    const player = feltPlayer(engineOf(spec));
    return { name: spec, run: () => player.play(player.table(), hands) };
  });
  const times = new Map<string, number[]>([['poker-ts', []], ...engines.map((e) => [e.name, []] as [string, number[]])]);
  for (let round = 0; round < rounds; round++) {
    times.get('poker-ts')!.push(cpuPerHand(() => pokerTs.play(pokerTs.table(), hands), hands));
    const order = round % 2 === 0 ? engines : engines.slice().reverse();
    for (const e of order) times.get(e.name)!.push(cpuPerHand(e.run, hands));
  }
  const median = (xs: number[]) => xs.slice().sort((a, b) => a - b)[xs.length >> 1];
  const counted = (name: string) => times.get(name)!.slice(3);
  const pt = counted('poker-ts');
  console.log(
    `| CPU per hand (${rounds - 3} rounds of ${hands.toLocaleString('en-US')} hands) | minimum | median | poker-ts ÷ it (minimum, median) |`,
  );
  console.log('|---|---:|---:|---:|');
  for (const name of times.keys()) {
    const xs = counted(name);
    const ratio = `${(Math.min(...pt) / Math.min(...xs)).toFixed(2)}x, ${(median(pt) / median(xs)).toFixed(2)}x`;
    console.log(`| ${name} | ${Math.min(...xs).toFixed(2)} µs | ${median(xs).toFixed(2)} µs | ${name === 'poker-ts' ? '' : ratio} |`);
  }
  console.log(
    `\nLoad average after the run: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
}

main(process.argv.slice(2));
