// @ts-check
/**
 * Button ante, a forced-bet rule written outside the engine: the button posts the ante for everyone dealt in, one
 * dead post of `perPlayer` chips per player (`houseOptions.buttonAnte: { perPlayer }`, default 1). It adds one
 * forced bet to the hand being planned (the `forcedBets` hook); the core posts, refuses and settles it like any ante
 * (a button who is also the small blind, heads up, posts the blind first). Not with the rules' own ante: one ante per
 * hand is the table's choice, so the module refuses to stack on it.
 * @param {typeof import('../../libs/engine/src/index')} engine
 */
function buttonAnte(engine) {
  const { ruleModule, z } = engine;
  /** @param {number} bigBlind */
  const why = (bigBlind) => `the button ante is 1 to ${bigBlind} chips (the big blind) a player`;
  // Its parameter, in zod: a whole number of chips, 1 by default (the upper bound is the table's big blind: validate).
  const SCHEMA = z.strictObject({ perPlayer: z.int({ error: 'the button ante is a whole number of chips a player' }).default(1) });
  return ruleModule({
    name: 'buttonAnte',
    where: 'houseOptions',
    /** @param {any} rules */
    params: (rules) => (rules.houseOptions.buttonAnte && rules.ante.kind === 'none' ? rules.houseOptions.buttonAnte : null),
    defaults: Object.freeze(SCHEMA.parse({})),
    schema: SCHEMA,
    validate: (o, ctx) => (o.perPlayer >= 1 && o.perPlayer <= ctx.bigBlind ? null : { field: 'perPlayer', why: why(ctx.bigBlind) }),
    // PHH's antes are one per player: the button's entry holds everyone's, which a reader would take for a big ante.
    exportNotes: ({ events, playerOf }, o) =>
      events
        .filter((/** @type {any} */ e) => e.type === 'BlindPosted' && e.kind === 'ante')
        .map(
          (/** @type {any} */ e) => `button ante: ${playerOf(e.seat)} posted ${e.amount}, ${o.perPlayer} for each player dealt in (dead)`,
        ),
    forcedBets(ctx, forcedBets, o) {
      if (!ctx.isDealt(ctx.button)) return null;
      const ante = { seat: ctx.button, kind: /** @type {const} */ ('ante'), amount: o.perPlayer * ctx.dealt.length, live: false };
      return { forcedBets: [...forcedBets, ante] };
    },
  });
}

module.exports = { buttonAnte };
