// @ts-check
/**
 * Seven-deuce bounty, a house rule written outside the engine, as a casino's own developer would: a player who wins
 * a pot at the showdown with 7-2 tabled collects a set bounty from every other player dealt in (each pays what they
 * have, up to the bounty). The rules record it as `houseOptions.sevenDeuce: { bigBlinds }` (the bounty in big
 * blinds, default 1). One event of its own, SevenDeuceBountyPaid, after the pots are awarded and before the hand
 * ends: HandEnded's stacks already include it.
 *
 * A 7-2 that wins uncontested collects nothing here: the cards are face down, and the engine has no "show to claim"
 * after a fold-out; paying would tell the table what the winner held.
 *
 * Its own command: a floor supervisor may waive the bounty for the hand in progress (a disputed hand, a misdeal
 * played on, a player who tabled 7-2 by mistake of the dealer), with a reason: WaiveSevenDeuceBounty -> the event
 * SevenDeuceBountyWaived; that hand then pays no bounty. Floor only (`sentBy`): the API refuses it from a dealer
 * (403 FORBIDDEN_ROLE) and writes nothing.
 *
 * The engine's public API is handed in (`felt play --house-rules`, or createTableDecider in a program), so this file
 * needs no path to the engine's build. It uses only what index.ts exports.
 * @param {typeof import('../../libs/engine/src/index')} engine
 */
function sevenDeuceBounty(engine) {
  const { accept, handInProgress, reject, rejection, ruleModule, formatCard, handWith, playerWith, tableWith, z } = engine;
  // The option's parameters, their check and their default, in zod (the engine parses what a table asks for with it).
  const BOUNTY = 'the bounty is 1 to 100 big blinds';
  const SCHEMA = z.strictObject({ bigBlinds: z.int({ error: BOUNTY }).min(1, { error: BOUNTY }).max(100, { error: BOUNTY }).default(1) });
  const DEFAULTS = Object.freeze(SCHEMA.parse({}));
  const REASON = 'the reason is 1 to 200 characters: why the floor waives the bounty';
  const WAIVE = z.strictObject({
    type: z.literal('WaiveSevenDeuceBounty'),
    reason: z.string({ error: REASON }).trim().min(1, { error: REASON }).max(200, { error: REASON }),
  });
  /** @param {readonly number[]} cards */
  const isSevenDeuce = (cards) => cards.length === 2 && [...cards.map((c) => formatCard(c)[0])].sort().join('') === '27';

  return ruleModule({
    name: 'sevenDeuce',
    where: 'houseOptions',
    /** @param {any} rules */
    params: (rules) => rules.houseOptions.sevenDeuce ?? null,
    defaults: DEFAULTS,
    schema: SCHEMA,
    // The hand's own record of a waiver (HandState.house; every hand starts without one).
    handSliceStart: /** @type {any} */ ({ sevenDeuceWaived: false }),
    rejectionCodes: ['BOUNTY_ALREADY_WAIVED'],
    commandSchemas: { WaiveSevenDeuceBounty: WAIVE },
    commands: {
      WaiveSevenDeuceBounty: {
        actsForHandSeat: false,
        // The house's terms for the hand: a dealer does not waive what a player would collect.
        sentBy: 'floor-only',
        decide(command, state, params) {
          const c = /** @type {any} */ (command);
          if (params === null) return reject(rejection('OPTION_NOT_ENABLED', 'Seven-deuce bounties are not played at this table.'));
          if (!handInProgress(state) || !state.hand)
            return reject(
              rejection('HAND_NOT_IN_PROGRESS', 'The floor waives the seven-deuce bounty during a hand, before it is settled.'),
            );
          if (/** @type {any} */ (state.hand.house).sevenDeuceWaived)
            return reject(
              rejection(/** @type {any} */ ('BOUNTY_ALREADY_WAIVED'), 'The seven-deuce bounty is already waived for this hand.'),
            );
          const reason = typeof c.reason === 'string' ? c.reason.trim() : '';
          if (reason === '' || reason.length > 200) return reject(rejection('INVALID_COMMAND', `Give a reason: ${REASON}.`, 'reason'));
          return accept([/** @type {any} */ ({ type: 'SevenDeuceBountyWaived', handNumber: state.hand.handNumber, reason })]);
        },
        note: 'Seven-deuce bounty (a casino module): the floor waives the bounty for the hand in progress, with a reason; that hand pays none. 422 OPTION_NOT_ENABLED, HAND_NOT_IN_PROGRESS, BOUNTY_ALREADY_WAIVED.',
      },
    },
    // The command that recorded a waiver, from its event: the regulator decides it again (felt verify).
    commandFor: (first) =>
      first.type === /** @type {string} */ ('SevenDeuceBountyWaived')
        ? /** @type {any} */ ({ type: 'WaiveSevenDeuceBounty', reason: /** @type {any} */ (first).reason })
        : null,
    // At the settlement's last step (after the final awards, before HandEnded): its bounties, after the others' events.
    settle(state, hand, s, o) {
      if (s.step !== 'after' || /** @type {any} */ (hand.house).sevenDeuceWaived) return s;
      const awards = s.awards;
      const bounty = o.bigBlinds * /** @type {NonNullable<typeof state.rules>} */ (state.rules).bigBlind;
      /** @type {any[]} */
      const events = [];
      const stacks = new Map(hand.players.map((p) => [p.seat, p.stack]));
      for (const a of awards) for (const w of a.winners) stacks.set(w.seat, (stacks.get(w.seat) ?? 0) + w.amount);
      const winners = [...new Set(awards.flatMap((a) => a.winners.filter((w) => w.amount > 0).map((w) => w.seat)))].sort((x, y) => x - y);
      for (const seat of winners) {
        const winner = hand.players.find((p) => p.seat === seat);
        if (!winner || !winner.shown || !isSevenDeuce(winner.holeCards)) continue;
        const paid = [];
        for (const p of hand.players) {
          // Still seated (a player who folded and left took their stack with them).
          const sitting = state.seats[p.seat - 1]?.playerId === p.playerId;
          const amount = Math.min(bounty, stacks.get(p.seat) ?? 0);
          if (p.seat === seat || !sitting || amount === 0) continue;
          paid.push({ seat: p.seat, amount });
          stacks.set(p.seat, (stacks.get(p.seat) ?? 0) - amount);
          stacks.set(seat, (stacks.get(seat) ?? 0) + amount);
        }
        if (paid.length > 0) events.push({ type: 'SevenDeuceBountyPaid', handNumber: hand.handNumber, seat, paid });
      }
      return events.length === 0 ? s : { ...s, events: [...s.events, ...events] };
    },
    describe: (/** @type {any} */ e, playerOf) =>
      e.type === 'SevenDeuceBountyPaid'
        ? `Seven-deuce bounty: ${playerOf(e.seat)} collects ${e.paid.map((/** @type {any} */ p) => `${p.amount} from ${playerOf(p.seat)}`).join(', ')}`
        : e.type === 'SevenDeuceBountyWaived'
          ? `The floor waives the seven-deuce bounty for this hand: ${e.reason}`
          : null,
    // PHH and OHH have no field for a bounty: finishing stacks include it, and this note says where it came from.
    // Its event in the queue's contract (apps/worker/src/contract), when this module is configured (FELT_HOUSE_RULES).
    eventSchemas: {
      SevenDeuceBountyPaid: z
        .object({
          type: z.literal('SevenDeuceBountyPaid'),
          handNumber: z.int().min(1),
          seat: z.int().min(1).describe('the winner with 7-2, who collects'),
          paid: z.array(z.object({ seat: z.int().min(1), amount: z.int().min(1).describe('chips') })).min(1),
        })
        .describe('a seven-deuce bounty: after the pots, each seat in `paid` paid the winner at `seat` (house rule sevenDeuce)'),
      SevenDeuceBountyWaived: z
        .object({
          type: z.literal('SevenDeuceBountyWaived'),
          handNumber: z.int().min(1),
          reason: z.string().min(1).max(200).describe("the floor's reason"),
        })
        .describe('the floor waived the seven-deuce bounty for this hand: it pays none (house rule sevenDeuce)'),
    },
    exportNotes: ({ events, playerOf }) =>
      events.flatMap((/** @type {any} */ e) =>
        e.type === 'SevenDeuceBountyPaid'
          ? [
              `seven-deuce bounty: ${playerOf(e.seat)} won with 7-2 and collected ${e.paid.map((/** @type {any} */ p) => `${p.amount} from ${playerOf(p.seat)}`).join(', ')} (after the pots; finishing stacks include it)`,
            ]
          : e.type === 'SevenDeuceBountyWaived'
            ? [`seven-deuce bounty waived by the floor for this hand: ${e.reason}`]
            : [],
      ),
    evolve: /** @type {any} */ ({
      /** @param {any} state */
      SevenDeuceBountyWaived: (state) =>
        tableWith(state, { hand: handWith(state.hand, { house: { ...state.hand.house, sevenDeuceWaived: true } }) }),
      /** @param {any} state @param {{ seat: number; paid: { seat: number; amount: number }[] }} e */
      SevenDeuceBountyPaid(state, e) {
        const hand = state.hand;
        const total = e.paid.reduce((sum, p) => sum + p.amount, 0);
        const players = hand.players.map((/** @type {any} */ p) => {
          const paid = e.paid.find((x) => x.seat === p.seat);
          if (paid) return playerWith(p, { stack: p.stack - paid.amount });
          return p.seat === e.seat ? playerWith(p, { stack: p.stack + total }) : p;
        });
        return tableWith(state, { hand: handWith(hand, { players }) });
      },
    }),
  });
}

module.exports = { sevenDeuceBounty };
