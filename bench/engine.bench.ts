/**
 * Complete 6-max no-limit hands through decide and evolve, every player checking or calling to the showdown,
 * beside poker-ts (the npm table model) playing the same script in the same process.
 */
import { cpus, loadavg } from 'node:os';
import { drbgShuffledDeck, shuffledDeck, tableDecider, type TableCommand, type TableEngine, type TableState } from '@felt/engine';
// poker-ts ships CommonJS; its table model is the Table export.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Poker = require('poker-ts').Table as new (forcedBets: { smallBlind: number; bigBlind: number }, seats: number) => PokerTs;

export interface PokerTs {
  sitDown(seat: number, chips: number): void;
  startHand(): void;
  isHandInProgress(): boolean;
  isBettingRoundInProgress(): boolean;
  areBettingRoundsCompleted(): boolean;
  legalActions(): { actions: string[] };
  actionTaken(action: string, bet?: number): void;
  endBettingRound(): void;
  showdown(): void;
}

/** What the bench plays on: an engine's decide, legal actions and first state (of this build or another's). */
export type BenchEngine = Pick<TableEngine, 'decide' | 'legalActions' | 'initialState'>;

/**
 * Felt's side of the bench on one engine: a fresh table, and `hands` check/call hands played on it by replaying the
 * scripts recorded once (recordFeltScripts). Decide is read once: @felt/engine's compiled index re-exports through
 * getters on a dictionary-mode object, so `tableDecider.decide` at every command was a hash lookup and a getter call
 * (about 8% of a check/call hand) that poker-ts's method calls do not pay.
 */
export function feltPlayer(engine: BenchEngine = tableDecider) {
  const { decide } = engine;
  const apply = (state: TableState, command: TableCommand): TableState => {
    const d = decide(command, state);
    if (!d.ok) throw new Error(`${command.type} refused: ${d.rejection.code}`);
    // decide evolved its events already and returns the state they lead to (the engine keeps no cache to reuse).
    return d.state;
  };
  const table = (): TableState => {
    let s = apply(engine.initialState, {
      type: 'OpenTable',
      tableId: 'bench',
      rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 },
    });
    for (let seat = 1; seat <= 6; seat++) s = apply(s, { type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 1_000_000 });
    return apply(s, { type: 'PlaceButton', seat: 1 });
  };
  const scripts = recordFeltScripts(engine, table(), apply);
  const play = (state: TableState, hands: number): TableState => {
    let s = state;
    for (let i = 0; i < hands; i++) {
      const script = scripts[i % 6];
      // A fresh deck seed per hand: the same actions, different cards.
      s = apply(s, { type: 'StartHand', seed: i });
      for (let c = 1; c < script.length; c++) s = apply(s, script[c]);
    }
    return s;
  };
  return { table, play, commandsPerHand: scripts[0].length };
}

/** poker-ts's side: a fresh table, and `hands` hands of the check/call script recorded once. */
export function pokerTsPlayer() {
  const script = recordPokerTsScript();
  const table = (): PokerTs => {
    const t = new Poker({ smallBlind: 1, bigBlind: 2 }, 6);
    for (let seat = 0; seat < 6; seat++) t.sitDown(seat, 1_000_000);
    return t;
  };
  const play = (t: PokerTs, hands: number): void => {
    for (let i = 0; i < hands; i++) pokerTsHand(t, script);
  };
  return { table, play, actionsPerHand: script.length };
}

function pokerTsHand(table: PokerTs, script: readonly string[]): void {
  table.startHand();
  let i = 0;
  while (table.isHandInProgress()) {
    while (table.isBettingRoundInProgress()) table.actionTaken(script[i++]);
    table.endBettingRound();
    if (table.areBettingRoundsCompleted()) table.showdown();
  }
}

/** poker-ts's check/call script for one hand, recorded once by asking its legal actions. */
function recordPokerTsScript(): string[] {
  const table = new Poker({ smallBlind: 1, bigBlind: 2 }, 6);
  for (let seat = 0; seat < 6; seat++) table.sitDown(seat, 1_000_000);
  table.startHand();
  const script: string[] = [];
  while (table.isHandInProgress()) {
    while (table.isBettingRoundInProgress()) {
      const action = table.legalActions().actions.includes('check') ? 'check' : 'call';
      script.push(action);
      table.actionTaken(action);
    }
    table.endBettingRound();
    if (table.areBettingRoundsCompleted()) table.showdown();
  }
  return script;
}

/**
 * Felt's check/call scripts, recorded once per button position by asking legalActions (the button moves, so the
 * seats in the script change from hand to hand); the timed runs replay them through decide and evolve only.
 */
function recordFeltScripts(
  engine: BenchEngine,
  fresh: TableState,
  apply: (state: TableState, command: TableCommand) => TableState,
): TableCommand[][] {
  let s = fresh;
  const scripts: TableCommand[][] = [];
  for (let hand = 0; hand < 6; hand++) {
    const commands: TableCommand[] = [{ type: 'StartHand', seed: hand }];
    s = apply(s, commands[0]);
    for (;;) {
      const { actions } = engine.legalActions(s);
      if (actions.length === 0) break;
      const a = actions.find((x) => x.type === 'PostBlind' || x.type === 'ShowHand' || x.type === 'Check' || x.type === 'Call')!;
      const command =
        a.type === 'PostBlind'
          ? { type: 'PostBlind' as const, seat: a.seat, blind: a.blind }
          : ({ type: a.type, seat: a.seat } as TableCommand);
      commands.push(command);
      s = apply(s, command);
    }
    scripts.push(commands);
  }
  return scripts;
}

export async function runEngineBench(hands = 30_000): Promise<{ rows: string[][]; markdown: string }> {
  const feltSide = feltPlayer();
  const pokerTsSide = pokerTsPlayer();
  const commandsPerHand = feltSide.commandsPerHand;
  const felt = () => {
    const s = feltSide.table();
    const t0 = process.hrtime.bigint();
    feltSide.play(s, hands);
    return hands / (Number(process.hrtime.bigint() - t0) / 1e9);
  };
  const pokerTs = () => {
    const table = pokerTsSide.table();
    const t0 = process.hrtime.bigint();
    pokerTsSide.play(table, hands);
    return hands / (Number(process.hrtime.bigint() - t0) / 1e9);
  };
  // Interleave the runs so both see the same machine load; keep each side's best.
  let feltRate = 0;
  let pokerTsRate = 0;
  for (let run = 0; run < 4; run++) {
    feltRate = Math.max(feltRate, felt());
    pokerTsRate = Math.max(pokerTsRate, pokerTs());
  }
  const shuffles = shuffleRates();
  const rows = [
    [
      'Felt engine (decide + evolve, events recorded)',
      `${Math.round(feltRate).toLocaleString('en-US')} hands/s`,
      `${commandsPerHand} commands per hand (blinds, actions, shows)`,
    ],
    [
      'poker-ts 1.5 (same check/call script)',
      `${Math.round(pokerTsRate).toLocaleString('en-US')} hands/s`,
      `${pokerTsSide.actionsPerHand} actions per hand`,
    ],
    ['ratio', `${(feltRate / pokerTsRate).toFixed(2)}x`, 'goal ≥ 2x (issue 32)'],
    [
      'deck derivation: hmac-drbg-sha256-fisher-yates (house)',
      `${Math.round(shuffles.drbg).toLocaleString('en-US')} shuffles/s`,
      'NIST HMAC_DRBG (node:crypto HMAC-SHA-256) + unbiased Fisher-Yates, 256-bit seed',
    ],
    [
      'deck derivation: mulberry32-fisher-yates (scripts, demos)',
      `${Math.round(shuffles.mulberry32).toLocaleString('en-US')} shuffles/s`,
      '32-bit seed, predictable: never the house shuffle',
    ],
  ];
  const markdown = [
    '| 6-max NL, check/call to showdown | rate | note |',
    '|---|---|---|',
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    `Best of 4 interleaved runs of ${hands.toLocaleString('en-US')} hands each. Load average after the run: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on ${cpus().length} cores.`,
  ].join('\n');
  return { rows, markdown };
}

/** Decks derived per second by each named derivation, best of 4 interleaved runs (the engine bench deals with mulberry32). */
function shuffleRates(): { drbg: number; mulberry32: number } {
  const seed = new Uint8Array(32);
  const view = new DataView(seed.buffer);
  const rate = (n: number, one: (i: number) => unknown) => {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) one(i);
    return n / (Number(process.hrtime.bigint() - t0) / 1e9);
  };
  let drbg = 0;
  let mulberry = 0;
  for (let run = 0; run < 4; run++) {
    drbg = Math.max(
      drbg,
      rate(20_000, (i) => {
        view.setUint32(28, i);
        return drbgShuffledDeck(seed);
      }),
    );
    mulberry = Math.max(
      mulberry,
      rate(1_000_000, (i) => shuffledDeck(i)),
    );
  }
  return { drbg, mulberry32: mulberry };
}

if (require.main === module) runEngineBench().then((r) => console.log(r.markdown));
