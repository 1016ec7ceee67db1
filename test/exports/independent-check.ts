import { parse as parseToml } from 'smol-toml';

/**
 * Checks exported hand histories from the files' own fields, without Felt's engine: what a reader with only the
 * file can verify. PHH: chips are conserved (starting = finishing + rake), and a player who folded ends with
 * exactly what they had less what the actions say they put in. OHH: what the actions staked, less uncalled bets
 * returned, is the pots; each pot is its wins plus its rake (and jackpot); the rake is the winners' contributed
 * rake. Each check returns the problems it found, as sentences.
 */

type Table = Record<string, unknown>;

/** The hands of a PHH document (.phh: one; .phhs: a table per hand), with their table names. */
export function phhTables(text: string): { key: string; hand: Table }[] {
  const doc = parseToml(text) as Table;
  if ('variant' in doc) return [{ key: '1', hand: doc }];
  return Object.entries(doc)
    .filter(([, v]) => typeof v === 'object' && v !== null && !Array.isArray(v))
    .map(([key, hand]) => ({ key, hand: hand as Table }));
}

const numbers = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

/** PHH's own arithmetic over one hand: conservation and folded players' stacks. */
export function checkPhhHand(key: string, hand: Table): string[] {
  const problems: string[] = [];
  const start = numbers(hand.starting_stacks);
  const finish = numbers(hand.finishing_stacks);
  const n = start.length;
  const rake = typeof hand._felt_rake === 'number' ? hand._felt_rake : 0;
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  if (finish.length !== n) return [`hand ${key}: ${finish.length} finishing stacks for ${n} players`];
  if (sum(start) - rake !== sum(finish)) problems.push(`hand ${key}: starting ${sum(start)} - rake ${rake} != finishing ${sum(finish)}`);
  const byPot = Array.isArray(hand._felt_rake_by_pot) ? (hand._felt_rake_by_pot as unknown[][]).map((p) => Number(p[1])) : [];
  if (sum(byPot) !== rake) problems.push(`hand ${key}: rake by pot ${sum(byPot)} != _felt_rake ${rake}`);

  // Forced bets as written (heads-up PHH lists them button first, reversed).
  const reorder = (xs: number[]) => (xs.length === 2 ? [xs[1]!, xs[0]!] : xs);
  const antes = reorder(numbers(hand.antes));
  const blinds = reorder(numbers(hand.blinds_or_straddles));
  const put = antes.slice();
  const live = blinds.map((b) => Math.abs(b));
  const folded: boolean[] = new Array<boolean>(n).fill(false);
  for (let k = 0; k < n; k++) put[k]! += live[k]!;
  for (const action of (hand.actions as string[]) ?? []) {
    const words = action.split(/\s+/);
    if (words[0] === 'd') {
      if (words[1] === 'db') live.fill(0);
      continue;
    }
    const k = Number(words[0]!.slice(1)) - 1;
    if (!(k >= 0 && k < n)) {
      problems.push(`hand ${key}: "${action}" names no player`);
      continue;
    }
    if (folded[k] && words[1] !== 'sm') problems.push(`hand ${key}: p${k + 1} acts after folding ("${action}")`);
    const stack = start[k]! - put[k]!;
    if (words[1] === 'f') folded[k] = true;
    else if (words[1] === 'cc') {
      const owed = Math.min(Math.max(...live) - live[k]!, stack);
      put[k]! += owed;
      live[k]! += owed;
    } else if (words[1] === 'cbr') {
      const to = Number(words[2]);
      if (!(to > Math.max(...live) || to - live[k]! === stack))
        problems.push(`hand ${key}: "${action}" is not above the bet of ${Math.max(...live)}`);
      if (to - live[k]! > stack) problems.push(`hand ${key}: "${action}" puts in more than p${k + 1}'s ${stack} behind`);
      put[k]! += to - live[k]!;
      live[k] = to;
    }
  }
  for (let k = 0; k < n; k++) {
    if (folded[k] && finish[k] !== start[k]! - put[k]!)
      problems.push(`hand ${key}: p${k + 1} folded after putting in ${put[k]} from ${start[k]} but ends with ${finish[k]}`);
    if (finish[k]! < 0) problems.push(`hand ${key}: p${k + 1} ends below zero`);
  }
  return problems;
}

/** The objects of an OHH export: hands (`ohh`) and the header of hands left out (`felt_export`). */
export function ohhObjects(text: string): Table[] {
  return text
    .split(/\n\n(?=\{)/)
    .map((chunk) => chunk.trim())
    .filter((chunk) => chunk.length > 0)
    .map((chunk) => JSON.parse(chunk) as Table);
}

const STAKES = new Set(['Post SB', 'Post BB', 'Post Ante', 'Straddle', 'Post Dead', 'Post Extra Blind', 'Call', 'Bet', 'Raise']);

interface OhhAction {
  player_id: number;
  action: string;
  amount: number;
  uncalled_returned?: number;
}
interface OhhPot {
  amount: number;
  rake: number;
  jackpot: number;
  player_wins: { player_id: number; win_amount: number; contributed_rake: number }[];
}

/** Each player's result (chips after the hand) from an OHH hand's fields alone, and the balance problems. */
export function checkOhhHand(hand: Table): { problems: string[]; finalStacks: Map<number, number> } {
  const o = hand.ohh as {
    game_number: string;
    players: { id: number; seat: number; starting_stack: number }[];
    rounds: { actions: OhhAction[] }[];
    pots: OhhPot[];
  };
  const problems: string[] = [];
  const at = `hand ${o.game_number}`;
  const actions = o.rounds.flatMap((r) => r.actions);
  const staked = new Map<number, number>();
  for (const a of actions) {
    if (!o.players.some((p) => p.id === a.player_id)) problems.push(`${at}: action by unknown player ${a.player_id}`);
    const put = (STAKES.has(a.action) ? a.amount : 0) - (a.uncalled_returned ?? 0);
    staked.set(a.player_id, (staked.get(a.player_id) ?? 0) + put);
  }
  const total = [...staked.values()].reduce((a, b) => a + b, 0);
  const pots = o.pots.reduce((n, p) => n + p.amount, 0);
  if (total !== pots) problems.push(`${at}: the actions stake ${total} net of returns, the pots hold ${pots}`);
  const won = new Map<number, number>();
  for (const pot of o.pots) {
    const wins = pot.player_wins.reduce((n, w) => n + w.win_amount, 0);
    const contributed = pot.player_wins.reduce((n, w) => n + w.contributed_rake, 0);
    if (wins + pot.rake + pot.jackpot !== pot.amount)
      problems.push(`${at}: a pot of ${pot.amount} pays ${wins} + rake ${pot.rake} + jackpot ${pot.jackpot}`);
    if (contributed !== pot.rake) problems.push(`${at}: contributed rake ${contributed} != the pot's rake ${pot.rake}`);
    for (const w of pot.player_wins) won.set(w.player_id, (won.get(w.player_id) ?? 0) + w.win_amount);
  }
  const finalStacks = new Map<number, number>();
  for (const p of o.players) {
    const final = p.starting_stack - (staked.get(p.id) ?? 0) + (won.get(p.id) ?? 0);
    if (final < 0) problems.push(`${at}: player ${p.id} ends below zero (${final})`);
    finalStacks.set(p.seat, final);
  }
  return { problems, finalStacks };
}
