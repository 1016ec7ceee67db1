/**
 * The API's body parser on the bodies it sees (apps/api/src/http/json-body.ts: the bytes decoded as UTF-8, then
 * json-text.ts's one pass for the nesting and repeated names, then JSON.parse): CPU time per parse, best of 5 runs
 * of a fixed number of parses each, beside JSON.parse alone on the same text.
 *
 *   npx tsx bench/run.ts json
 */
import { parseJsonText } from '../apps/api/src/http/json-text';

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

const COMMAND_ID = '5b0c8a52-3c1e-4c1a-9d1e-7f3f1f0b2a11';
const DECK = [
  'As',
  'Kd',
  'Qh',
  'Jc',
  'Ts',
  '9d',
  '8h',
  '7c',
  '6s',
  '5d',
  '4h',
  '3c',
  '2s',
  'Ad',
  'Kh',
  'Qc',
  'Js',
  'Td',
  '9h',
  '8c',
  '7s',
  '6d',
  '5h',
  '4c',
  '3s',
  '2d',
  'Ah',
  'Kc',
  'Qs',
  'Jd',
  'Th',
  '9c',
  '8s',
  '7d',
  '6h',
  '5c',
  '4s',
  '3d',
  '2h',
  'Ac',
  'Ks',
  'Qd',
  'Jh',
  'Tc',
  '9s',
  '8d',
  '7h',
  '6c',
  '5s',
  '4d',
  '3h',
  '2c',
];

/** Bodies as consoles send them, and the largest the API takes (64 KiB of small objects). */
export const BODIES: Record<string, unknown> = {
  'a raise (typical command)': { type: 'Raise', seat: 3, to: 12, commandId: COMMAND_ID },
  'open a table with house options': {
    tableId: 'felt-12',
    rules: {
      structure: { kind: 'no-limit' },
      smallBlind: 1,
      bigBlind: 2,
      maxSeats: 9,
      houseOptions: { straddle: { positions: 'utg-or-button' }, rake: { percent: 5, cap: 5 }, runItTwice: true },
    },
  },
  'a 52-card deck': { type: 'StartHand', deck: DECK, commandId: COMMAND_ID },
  '60 KiB: 1,200 small objects': {
    type: 'Note',
    rows: Array.from({ length: 1200 }, (_, i) => ({ seat: (i % 10) + 1, playerId: `player-${i}`, amount: i * 7 })),
  },
};

function cpuMicros(work: () => void): number {
  const start = process.cpuUsage();
  work();
  const used = process.cpuUsage(start);
  return used.user + used.system;
}

/** CPU microseconds per call of `parse` on `bytes`, best of 5 runs. */
function perParse(parse: () => unknown, iterations: number): number {
  let best = Infinity;
  for (let run = 0; run < 5; run++) {
    best = Math.min(
      best,
      cpuMicros(() => {
        for (let i = 0; i < iterations; i++) parse();
      }) / iterations,
    );
  }
  return best;
}

export function runJsonBodyBench(): { markdown: string } {
  const rows = Object.entries(BODIES).map(([name, value]) => {
    const text = JSON.stringify(value);
    const bytes = Buffer.from(text);
    const iterations = Math.max(200, Math.floor(20_000_000 / bytes.length / 20));
    const body = perParse(() => parseJsonText(UTF8.decode(bytes)), iterations);
    const alone = perParse(() => JSON.parse(text), iterations);
    return `| ${name} | ${bytes.length.toLocaleString('en-US')} | ${body.toFixed(2)} | ${alone.toFixed(2)} |`;
  });
  return { markdown: ['| body | bytes | parser, CPU µs | JSON.parse alone, CPU µs |', '|---|---:|---:|---:|', ...rows].join('\n') + '\n' };
}
