// @ts-check
const { dropModule } = require('./drop-module');

/**
 * The promotion drop (docs/money.md "The drops with the rake"): from each raked pot, chips for a promotion fund of
 * the book (a high-hand promotion, a posted giveaway), after the rake and the jackpot drop, into a fund of its own.
 * `houseOptions.promotionDrop: { fundId, amount | percent, threshold, cap, flopRequired, order }`; its DropTaken
 * says `drop: 'promotion'`. The module is drop-module.js's.
 * @param {typeof import('../../engine/src/index')} engine
 */
function promotionDrop(engine) {
  return dropModule(engine, {
    name: 'promotionDrop',
    kind: 'promotion',
    slice: 'promotionDropByPot',
    label: 'Promotion drop',
    // Measured after what the rake and the jackpot drop took (the house lists the jackpot drop first).
    heldBefore: (house, pot) => (house.rakeByPot?.[pot] ?? 0) + (house.dropByPot?.[pot] ?? 0),
    conflicts: (options) =>
      options.jackpotDrop && options.jackpotDrop.fundId === options.promotionDrop.fundId
        ? { field: 'promotionDrop', why: 'the promotion drop goes to a fund of its own, not the jackpot drop’s' }
        : null,
  });
}

module.exports = { promotionDrop };
