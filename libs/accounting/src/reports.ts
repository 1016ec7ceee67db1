import type { HandRecord } from '@felt/projections';
import type { MoneyEvent } from './events';
import { evolveBook } from './evolve';
import { DEFAULT_CENTS_PER_CHIP, INITIAL_BOOK_STATE, type BookState, type FundState } from './state';

/**
 * The reports a regulator reproduces from the log (docs/money.md "Reports"): each is a pure fold of recorded events
 * (the book's) and hand records (the tables'), so replaying the export gives the same figures to the cent.
 */

/** A fund's line of the report: its totals (FundState), its kind and name, not its rules or what it paid for. */
export type FundReportRow = Omit<FundState, 'rules' | 'paidFor'> & { readonly kind: string; readonly name: string };

export function bookOf(events: readonly MoneyEvent[]): BookState {
  return events.reduce(evolveBook, INITIAL_BOOK_STATE);
}

export function fundReport(book: BookState): FundReportRow[] {
  return Object.values(book.funds)
    .sort((a, b) => (a.fundId < b.fundId ? -1 : 1))
    .map(({ rules, paidFor: _paidFor, ...totals }) => ({ ...totals, kind: rules.kind, name: rules.name }));
}

/**
 * A fund as the room's public board posts it: its name, kind and balance, nothing of who paid in or was paid (the
 * board and /live's `jackpots` channel, no token; docs/security.md "Money").
 */
export interface JackpotBoardRow {
  readonly fundId: string;
  readonly kind: string;
  readonly name: string;
  readonly balance: number;
}

export function jackpotBoard(book: BookState): JackpotBoardRow[] {
  return fundReport(book).map(({ fundId, kind, name, balance }) => ({ fundId, kind, name, balance }));
}

/** A fund's history: every event that moved its money, in log order. */
export function fundHistory(events: readonly MoneyEvent[], fundId: string): MoneyEvent[] {
  return events.filter(
    (e) =>
      (e.type === 'DropCollected' || e.type === 'FundSeeded' || e.type === 'JackpotPaid' || e.type === 'FundOpened') && e.fundId === fundId,
  );
}

export interface CountRow {
  readonly tableId: string;
  readonly shiftId: string;
  /** The cash buy-ins recorded at the table: what the box should hold. */
  readonly expected: number;
  readonly counted: number | null;
  readonly variance: number | null;
  readonly reason: string | null;
  readonly fills: number;
  readonly credits: number;
  readonly chipsFromCage: number;
}

/** Expected against counted, per table and shift (tables in id order, then shifts). */
export function countSheet(book: BookState): CountRow[] {
  return Object.values(book.tables)
    .sort((a, b) => (a.tableId === b.tableId ? (a.shiftId < b.shiftId ? -1 : 1) : a.tableId < b.tableId ? -1 : 1))
    .map((t) => ({
      tableId: t.tableId,
      shiftId: t.shiftId,
      expected: t.cashBuyIns,
      counted: t.count?.counted ?? null,
      variance: t.count?.variance ?? null,
      reason: t.count?.reason ?? null,
      fills: t.fills,
      credits: t.credits,
      chipsFromCage: t.chipsFromCage,
    }));
}

/** A shift of the room: [from, to) in ISO time. */
export interface Shift {
  readonly shiftId: string;
  readonly from: string;
  readonly to: string;
}

export interface RevenueRow {
  readonly tableId: string;
  readonly shiftId: string;
  readonly hands: number;
  /** The table's chip values in cents over the shift's hands (one, unless the floor changed it mid-shift). */
  readonly centsPerChip: readonly number[];
  /** Every chip the house took from the pots (rake, chop fees included), in the table's chips. */
  readonly rakeChips: number;
  /** The same in cents, each hand at the chip value in force when it ended. */
  readonly rake: number;
  /** Of the rake: chopped blinds' fees, in cents. */
  readonly fees: number;
  /** Time charges as the table recorded them (the engine records none yet: 0). */
  readonly timeCharges: number;
  /** Gross gaming revenue in cents: rake + time charges (fees are part of the rake). */
  readonly ggr: number;
  /** Jackpot and promotion drops collected at the table, in cents: players' money held in funds, not revenue. */
  readonly drops: number;
}

/** Each table's chip value in cents at a time: the latest ChipValueSet at or before it, else the default. */
function chipValueAt(book: readonly MoneyEvent[]): (tableId: string, at: string) => number {
  const set = new Map<string, { at: number; cents: number }[]>();
  for (const e of book)
    if (e.type === 'ChipValueSet') set.set(e.tableId, [...(set.get(e.tableId) ?? []), { at: Date.parse(e.at), cents: e.centsPerChip }]);
  return (tableId, at) => {
    const values = set.get(tableId);
    if (!values) return DEFAULT_CENTS_PER_CHIP;
    const t = Date.parse(at);
    let cents = DEFAULT_CENTS_PER_CHIP;
    for (const v of values) if (v.at <= t) cents = v.cents;
    return cents;
  };
}

/** What the revenue report reads of a finished hand (a reader may keep just this of each hand). */
export type RevenueHand = Pick<HandRecord, 'tableId' | 'handNumber' | 'status' | 'endedAt' | 'rake' | 'chopFee'>;

export function revenueHandOf(h: RevenueHand): RevenueHand {
  const { tableId, handNumber, status, endedAt, rake } = h;
  return h.chopFee === undefined
    ? { tableId, handNumber, status, endedAt, rake }
    : { tableId, handNumber, status, endedAt, rake, chopFee: h.chopFee };
}

/**
 * Gross gaming revenue per table and shift, in cents: the completed hands' rake as the table recorded it, each at
 * the table's chip value when the hand ended (a hand belongs to the shift it ended in; voided hands take nothing),
 * and the drops the book collected there in that shift.
 */
export function revenueReport(hands: readonly RevenueHand[], book: readonly MoneyEvent[], shifts: readonly Shift[]): RevenueRow[] {
  const rows = new Map<
    string,
    { -readonly [K in keyof Omit<RevenueRow, 'timeCharges' | 'ggr'>]: RevenueRow[K] } & { centsPerChip: number[] }
  >();
  const row = (tableId: string, shiftId: string) => {
    const key = `${tableId}/${shiftId}`;
    let r = rows.get(key);
    if (!r) rows.set(key, (r = { tableId, shiftId, hands: 0, centsPerChip: [], rakeChips: 0, rake: 0, fees: 0, drops: 0 }));
    return r;
  };
  const centsPerChip = chipValueAt(book);
  const shiftOf = shiftFinder(shifts);
  for (const hand of hands) {
    if (hand.status !== 'complete' || hand.endedAt === null) continue;
    const shift = shiftOf(hand.endedAt);
    if (!shift) continue;
    const r = row(hand.tableId, shift);
    const cents = centsPerChip(hand.tableId, hand.endedAt);
    if (!r.centsPerChip.includes(cents)) r.centsPerChip.push(cents);
    r.hands++;
    r.rakeChips += hand.rake;
    r.rake += hand.rake * cents;
    r.fees += (hand.chopFee ?? 0) * cents;
  }
  for (const e of book) {
    if (e.type !== 'DropCollected') continue;
    const shift = shiftOf(e.at);
    if (shift) row(e.tableId, shift).drops += e.amount;
  }
  return [...rows.values()]
    .sort((a, b) => (a.tableId === b.tableId ? (a.shiftId < b.shiftId ? -1 : 1) : a.tableId < b.tableId ? -1 : 1))
    .map((r) => ({ ...r, timeCharges: 0, ggr: r.rake }));
}

export function shiftAt(shifts: readonly Shift[], at: string): string | null {
  return shiftFinder(shifts)(at);
}

/** shiftAt for many times: each shift's bounds are read once (a day's report asks for 100,000 times). */
function shiftFinder(shifts: readonly Shift[]): (at: string) => string | null {
  const bounds = shifts.map((s) => ({ shiftId: s.shiftId, from: Date.parse(s.from), to: Date.parse(s.to) }));
  return (at) => {
    const t = Date.parse(at);
    return bounds.find((s) => s.from <= t && t < s.to)?.shiftId ?? null;
  };
}
