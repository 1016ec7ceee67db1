/**
 * ⚙ A fund's posted rules (docs/money.md "Funds"): what kind it is, how much of each drop is held back for the
 * backup fund, and how a payout is split. Percentages are whole numbers; every amount is cents.
 */
export const FUND_KINDS = ['bad-beat', 'high-hand'] as const;
export type FundKind = (typeof FUND_KINDS)[number];

export interface FundRules {
  readonly kind: FundKind;
  /** What the board calls it, e.g. "Bad-beat jackpot". */
  readonly name: string;
  /** Of every drop collected, this percentage goes to the backup fund (0-50). */
  readonly backupPercent: number;
  /** After a payout, the backup fund seeds the fund again (FundSeeded from 'backup'). */
  readonly reseedFromBackup: boolean;
  /**
   * Bad beat: the least losing hand that qualifies, as five ranks ("AAAKK": aces full of kings), suited for a flush
   * or a straight flush ("AKQJT suited"). Ranks, not cards: a posted rule names no card a watcher could mistake for
   * a hidden one.
   */
  readonly qualifyingHand: string;
  /** Bad beat: the percentage of the fund a hit pays (the rest stays in it). */
  readonly payoutPercent: number;
  /** Bad beat: the split of a payout, whole percentages summing to 100 (the table's share is split evenly). */
  readonly split: { readonly loser: number; readonly winner: number; readonly table: number };
  /** Both hole cards must play in the qualifying hands (bad beat: loser's and winner's; high hand: the winner's). */
  readonly bothHoleCards: boolean;
  /** High hand: the prize of a period, paid from the fund (at most what the fund holds). */
  readonly prize: number;
}

export type FundRulesInput = Partial<Omit<FundRules, 'kind' | 'name'>> & Pick<FundRules, 'kind' | 'name'>;

export const DEFAULT_FUND_RULES: Omit<FundRules, 'kind' | 'name'> = Object.freeze({
  backupPercent: 0,
  reseedFromBackup: true,
  qualifyingHand: 'AAAKK',
  payoutPercent: 100,
  split: Object.freeze({ loser: 50, winner: 25, table: 25 }),
  bothHoleCards: true,
  prize: 0,
});

export function normalizeFundRules(input: FundRulesInput): FundRules {
  return { ...DEFAULT_FUND_RULES, ...input };
}

/** The sentence saying what is wrong with a fund's rules, or null. */
export function fundRulesProblem(rules: FundRules): string | null {
  if (!(FUND_KINDS as readonly string[]).includes(rules.kind)) return `a fund's kind is one of ${FUND_KINDS.join(', ')}`;
  if (typeof rules.name !== 'string' || rules.name.length < 1 || rules.name.length > 60) return "a fund's name is 1 to 60 characters";
  if (!isPercent(rules.backupPercent) || rules.backupPercent > 50) return 'backupPercent is a whole number from 0 to 50';
  if (!isPercent(rules.payoutPercent) || rules.payoutPercent === 0) return 'payoutPercent is a whole number from 1 to 100';
  const { loser, winner, table } = rules.split ?? {};
  if (![loser, winner, table].every(isPercent) || loser + winner + table !== 100)
    return 'the split (loser, winner, table) is three whole percentages summing to 100';
  if (qualifyingCards(rules.qualifyingHand) === null)
    return 'qualifyingHand is five ranks (2-9, T, J, Q, K, A; at most four of one), "suited" after five different ones for a flush';
  if (!Number.isSafeInteger(rules.prize) || rules.prize < 0) return 'prize is a whole number of cents, 0 or more';
  if (rules.kind === 'high-hand' && rules.prize === 0) return 'a high-hand promotion needs its prize per period (cents)';
  if (typeof rules.bothHoleCards !== 'boolean' || typeof rules.reseedFromBackup !== 'boolean')
    return 'bothHoleCards and reseedFromBackup are true or false';
  return null;
}

function isPercent(n: unknown): n is number {
  return Number.isInteger(n) && (n as number) >= 0 && (n as number) <= 100;
}

/** A drop split between the fund and its backup: the backup's part rounds down, the fund gets the rest. */
export function dropShares(amount: number, backupPercent: number): { toFund: number; toBackup: number } {
  const toBackup = Math.floor((amount * backupPercent) / 100);
  return { toFund: amount - toBackup, toBackup };
}

export type ShareRole = 'loser' | 'winner' | 'table' | 'high-hand';
export interface PayoutShare {
  readonly playerId: string;
  readonly share: ShareRole;
  readonly amount: number;
}

/**
 * A bad beat's payout: payoutPercent of the balance, split loser / winner / table as posted, the table's share
 * evenly among the others dealt in. Odd cents go to the loser (every cent is paid or stays in the fund: the shares
 * sum to the total). With nobody else dealt in, the table's share stays in the fund.
 */
export function badBeatShares(
  balance: number,
  rules: FundRules,
  hit: { readonly loser: string; readonly winner: string; readonly table: readonly string[] },
): PayoutShare[] {
  const pot = Math.floor((balance * rules.payoutPercent) / 100);
  const winner = Math.floor((pot * rules.split.winner) / 100);
  const tableTotal = hit.table.length === 0 ? 0 : Math.floor((pot * rules.split.table) / 100);
  const each = hit.table.length === 0 ? 0 : Math.floor(tableTotal / hit.table.length);
  const keptForTable = hit.table.length === 0 ? Math.floor((pot * rules.split.table) / 100) : 0;
  const loser = pot - winner - each * hit.table.length - keptForTable;
  return [
    { playerId: hit.loser, share: 'loser', amount: loser },
    { playerId: hit.winner, share: 'winner', amount: winner },
    ...hit.table.map((playerId) => ({ playerId, share: 'table' as const, amount: each })),
  ];
}

/** A high-hand period's prize (at most the balance) split evenly among the tied; odd cents to the first named. */
export function highHandShares(balance: number, rules: FundRules, winners: readonly string[]): PayoutShare[] {
  const prize = Math.min(rules.prize, balance);
  const each = Math.floor(prize / winners.length);
  const odd = prize - each * winners.length;
  return winners.map((playerId, i) => ({ playerId, share: 'high-hand', amount: each + (i === 0 ? odd : 0) }));
}

const RANKS = '23456789TJQKA';
const QUALIFYING = /^([2-9TJQKA]{5})( suited)?$/;

/**
 * The five cards a posted qualifying hand stands for (suits chosen: all one for "suited", else spread so that no
 * flush appears by accident), or null when it is not five ranks with at most four of one.
 */
export function qualifyingCards(hand: string): string[] | null {
  const match = typeof hand === 'string' ? QUALIFYING.exec(hand) : null;
  if (!match) return null;
  const ranks = [...match[1]!];
  const suited = match[2] !== undefined;
  if (ranks.some((r) => ranks.filter((o) => o === r).length > 4)) return null;
  if (suited && new Set(ranks).size !== 5) return null;
  const seen: Record<string, number> = {};
  return ranks.map((r) => {
    const n = (seen[r] = (seen[r] ?? -1) + 1);
    return r + (suited ? 's' : 'cdhs'[(n + RANKS.indexOf(r)) % 4]!);
  });
}
