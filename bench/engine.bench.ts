/**
 * Complete 6-max no-limit hands through decide and evolve, every player checking or calling to the showdown,
 * beside poker-ts (the npm table model) playing the same script in the same process.
 */
import { tableDecider, legalActions, type TableCommand, type TableState } from '@felt/engine';
// poker-ts ships CommonJS; its table model is the Table export.
const Poker = require('poker-ts').Table as new (forcedBets: { smallBlind: number; bigBlind: number }, seats: number) => PokerTs;

interface PokerTs {
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

function apply(state: TableState, command: TableCommand): TableState {
  const d = tableDecider.decide(command, state);
  if (!d.ok) throw new Error(`${command.type} refused: ${d.rejection.code}`);
  for (const e of d.events) state = tableDecider.evolve(state, e);
  return state;
}

function freshTable(): TableState {
  let s = tableDecider.initialState;
  s = apply(s, { type: 'OpenTable', tableId: 'bench', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 } });
  for (let seat = 1; seat <= 6; seat++) s = apply(s, { type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn: 1_000_000 });
  return apply(s, { type: 'PlaceButton', seat: 1 });
}

/** One check/call hand; returns the state after it and the number of commands. */
function feltHand(state: TableState, seed: number): { state: TableState; commands: number } {
  let s = apply(state, { type: 'StartHand', seed });
  let commands = 1;
  for (;;) {
    const { actions } = legalActions(s);
    if (actions.length === 0) return { state: s, commands };
    const a = actions.find((x) => x.type === 'PostBlind' || x.type === 'ShowHand' || x.type === 'Check' || x.type === 'Call')!;
    s = apply(s, a.type === 'PostBlind' ? { type: 'PostBlind', seat: a.seat, blind: a.blind } : ({ type: a.type, seat: a.seat } as TableCommand));
    commands++;
  }
}

function pokerTsHand(table: PokerTs): void {
  table.startHand();
  while (table.isHandInProgress()) {
    while (table.isBettingRoundInProgress()) table.actionTaken(table.legalActions().actions.includes('check') ? 'check' : 'call');
    table.endBettingRound();
    if (table.areBettingRoundsCompleted()) table.showdown();
  }
}

function best(runs: number, fn: () => number): number {
  let top = 0;
  for (let i = 0; i < runs; i++) top = Math.max(top, fn());
  return top;
}

export async function runEngineBench(hands = 20_000): Promise<{ rows: string[][]; markdown: string }> {
  const felt = () => {
    let s = freshTable();
    let commands = 0;
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < hands; i++) {
      const r = feltHand(s, i);
      s = r.state;
      commands += r.commands;
    }
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    feltCommands = commands / hands;
    return hands / seconds;
  };
  let feltCommands = 0;
  const pokerTs = () => {
    const table = new Poker({ smallBlind: 1, bigBlind: 2 }, 6);
    for (let seat = 0; seat < 6; seat++) table.sitDown(seat, 1_000_000);
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < hands; i++) pokerTsHand(table);
    return hands / (Number(process.hrtime.bigint() - t0) / 1e9);
  };
  felt(); // warm-up
  pokerTs();
  const feltRate = best(3, felt);
  const pokerTsRate = best(3, pokerTs);
  const rows = [
    ['Felt engine (decide + evolve + legalActions)', `${Math.round(feltRate).toLocaleString('en-US')} hands/s`, `${feltCommands.toFixed(1)} commands per hand`],
    ['poker-ts 1.5 (same script)', `${Math.round(pokerTsRate).toLocaleString('en-US')} hands/s`, ''],
    ['ratio', `${(feltRate / pokerTsRate).toFixed(2)}x`, 'goal ≥ 1.5x'],
  ];
  const markdown = ['| 6-max NL, check/call to showdown | rate | note |', '|---|---|---|', ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
  return { rows, markdown };
}

if (require.main === module) runEngineBench().then((r) => console.log(r.markdown));
