// @ts-check
/**
 * The drop from each pot (same order as the pots). `held`: what the house took from each pot before this drop (the
 * rake; for the promotion drop, the rake and the jackpot drop).
 * @param {{ amount: number | null; percent: number | null; threshold: number; cap: number | null; flopRequired: boolean; order: string }} o @param {readonly number[]} pots @param {readonly number[]} held @param {boolean} flopSeen
 */
function dropByPot(o, pots, held, flopSeen) {
  if (o.flopRequired && !flopSeen) return pots.map(() => 0);
  const hundredths = Math.round((o.percent ?? 0) * 100);
  return pots.map((pot, i) => {
    const left = pot - (held[i] ?? 0);
    const base = o.order === 'rake-first' ? left : pot;
    if (base < o.threshold || base === 0) return 0;
    const wanted = o.amount ?? Math.floor((base * hundredths) / 10000);
    return Math.max(0, Math.min(wanted, o.cap ?? wanted, left));
  });
}

/**
 * A drop for a fund of the house's book (docs/money.md "The drops with the rake"), a house option written outside
 * the engine (jackpot-drop.js, promotion-drop.js): from each pot that reaches the threshold, a set amount or a
 * percentage (rounded down, capped) goes to the fund. `houseOptions[spec.name]: { fundId, amount | percent,
 * threshold, cap, flopRequired, order }`. One event, DropTaken {handNumber, fundId, amount, byPot}, before any pot
 * is awarded and after the rake (the engine's rake module comes first in every registry: house modules follow the
 * default ones, in the order the house lists them); the winners get each pot less all of them. The book credits the
 * fund from it (CollectTableDrop, actor service: apps/api/src/accounting/drop-collector.ts). Every drop module
 * records the same event, which names the module where it is not the jackpot drop (`drop: 'promotion'`): each module
 * folds and describes its own. The book collects a hand's drop once per fund, so a table's two drops name two funds.
 *
 * `order` is the table's rule for which is taken first: 'rake-first' (default) measures the threshold, the
 * percentage and the cap on the pot less what the house took before (`spec.heldBefore`); 'drop-first' on the whole
 * pot (the rake is always worked out on the whole pot, as the rake option says). Either way a pot never pays more
 * than it holds.
 *
 * The chips leave the table like the rake: its evolve adds them to `rakeCollected` (every chip the house took at
 * the table, as the chop's fee is), so the table's conservation check holds; the revenue report reads the rake per
 * pot from RakeTaken, not this total, so a drop is never counted as revenue.
 * @param {typeof import('../../engine/src/index')} engine
 * @param {{ name: string; kind: string | null; slice: string; label: string; heldBefore: (house: any, pot: number) => number; conflicts: (options: any) => { field: string; why: string } | null }} spec
 *   `kind`: the event's `drop` field (null: none, the jackpot drop's); `slice`: the hand's working state holding
 *   this drop per pot; `label`: the drop in a floor's words.
 */
function dropModule(engine, spec) {
  /** A DropTaken of this module (the table's other drop module folds its own). @param {{ drop?: string }} e */
  const mine = (e) => (e.drop ?? null) === spec.kind;
  const { ruleModule, derivePots, handWith, tableWith, z } = engine;
  const FUND = 'the fund id is 1 to 64 letters, digits, dots, dashes or underscores (a fund of the book)';
  const AMOUNT = 'the drop is a whole number of chips, at least 1, or null';
  const PERCENT = 'the drop percentage is from 0 to 100, in hundredths at most, or null';
  const CHIPS = 'a whole number of chips, 0 or more';
  const SCHEMA = z.strictObject({
    fundId: z.string({ error: FUND }).regex(/^[A-Za-z0-9._-]{1,64}$/, { error: FUND }),
    /** A set number of chips from each qualifying pot; or `percent` of it. */
    amount: z.int({ error: AMOUNT }).min(1, { error: AMOUNT }).nullable().default(null),
    percent: z
      .number({ error: PERCENT })
      .min(0, { error: PERCENT })
      .max(100, { error: PERCENT })
      .refine((p) => Math.round(p * 100) === p * 100, { error: PERCENT })
      .nullable()
      .default(null),
    /** A pot smaller than this (after the rake, or whole: `order`) gives nothing. */
    threshold: z
      .int({ error: `the threshold is ${CHIPS}` })
      .min(0, { error: `the threshold is ${CHIPS}` })
      .default(0),
    /** The most taken from one pot; null for no cap. */
    cap: z
      .int({ error: `the cap is ${CHIPS}, or null` })
      .min(0, { error: `the cap is ${CHIPS}, or null` })
      .nullable()
      .default(null),
    /** No flop, no drop (as the rake's noFlopNoDrop). */
    flopRequired: z.boolean({ error: 'flopRequired is true or false' }).default(true),
    order: z.enum(['rake-first', 'drop-first'], { error: "the order is 'rake-first' or 'drop-first'" }).default('rake-first'),
  });

  return ruleModule({
    name: spec.name,
    where: 'houseOptions',
    /** @param {any} rules */
    params: (rules) => rules.houseOptions[spec.name] ?? null,
    // No defaults without a fund: the table names the fund its drops go to (these only fill what it leaves out).
    defaults: /** @type {any} */ (
      Object.freeze({ amount: null, percent: null, threshold: 0, cap: null, flopRequired: true, order: 'rake-first' })
    ),
    schema: SCHEMA,
    validate: (o) =>
      (o.amount === null) === (o.percent === null)
        ? { field: 'amount', why: 'the drop is either a set amount or a percentage, one of them' }
        : null,
    conflicts: spec.conflicts,
    handSliceStart: /** @type {any} */ ({ [spec.slice]: Object.freeze([]) }),
    // The settlement: the drop is taken before any pot is awarded (`take`), and held back from each pot (`held`).
    settle(_state, hand, s, o) {
      const house = /** @type {any} */ (hand.house);
      if (s.step === 'held') {
        const mine = house[spec.slice];
        if (mine.length === 0) return s;
        const held = Array.from({ length: Math.max(s.held.length, mine.length) }, (_, i) => (s.held[i] ?? 0) + (mine[i] ?? 0));
        return { step: 'held', held };
      }
      if (s.step !== 'take' || house.chopped || house[spec.slice].length > 0 || hand.potsAwarded > 0) return s;
      const pots = derivePots(hand.players).map((p) => p.amount);
      const byPot = dropByPot(
        o,
        pots,
        pots.map((_, i) => spec.heldBefore(house, i)),
        hand.board.length >= 3,
      );
      const amount = byPot.reduce((a, b) => a + b, 0);
      if (amount === 0) return s;
      return {
        step: 'take',
        events: [
          ...s.events,
          /** @type {any} */ ({
            type: 'DropTaken',
            handNumber: hand.handNumber,
            fundId: o.fundId,
            amount,
            byPot,
            ...(spec.kind === null ? {} : { drop: spec.kind }),
          }),
        ],
      };
    },
    describe: (/** @type {any} */ e) => (e.type === 'DropTaken' && mine(e) ? `${spec.label}: ${e.amount} to fund ${e.fundId}` : null),
    // PHH and OHH have a rake field and none for a drop: the pots' winners got less than the pots by it.
    exportNotes: ({ events }) =>
      events
        .filter((/** @type {any} */ e) => e.type === 'DropTaken' && mine(e))
        .map(
          (/** @type {any} */ e) =>
            `${spec.label.toLowerCase()}: ${e.amount} taken for fund ${e.fundId} (by pot, main first: ${e.byPot.join(', ')}); not rake, the winners got the pots less rake and drop`,
        ),
    eventSchemas: {
      DropTaken: z
        .object({
          type: z.literal('DropTaken'),
          handNumber: z.int().min(1),
          fundId: z.string(),
          amount: z.int().min(1).describe('chips'),
          byPot: z.array(z.int().min(0)).describe('chips from each pot, main pot first'),
          drop: z.enum(['promotion']).optional().describe("which drop, where not the jackpot drop's"),
        })
        .describe("a pot's drop for a fund of the house's book (house rules jackpotDrop, promotionDrop)"),
    },
    evolve: /** @type {any} */ ({
      /** @param {any} state @param {{ drop?: string; amount: number; byPot: number[] }} e */
      DropTaken(state, e) {
        if (!mine(e)) return state;
        const hand = state.hand;
        const dropped = handWith(hand, { house: { ...hand.house, [spec.slice]: e.byPot } });
        return tableWith(state, { rakeCollected: state.rakeCollected + e.amount, hand: dropped });
      },
    }),
  });
}

module.exports = { dropModule, dropByPot };
