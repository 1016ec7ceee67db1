// @ts-check
const { dropModule, dropByPot } = require('./drop-module');

/**
 * The jackpot drop (docs/money.md "The drops with the rake"): from each raked pot, chips for a jackpot fund of the
 * book (a bad beat, a high hand), after the rake. `houseOptions.jackpotDrop: { fundId, amount | percent, threshold,
 * cap, flopRequired, order }`; the module is drop-module.js's.
 * @param {typeof import('../../engine/src/index')} engine
 */
function jackpotDrop(engine) {
  return dropModule(engine, {
    name: 'jackpotDrop',
    kind: null,
    slice: 'dropByPot',
    label: 'Jackpot drop',
    heldBefore: (house, pot) => house.rakeByPot?.[pot] ?? 0,
    // Run it twice halves each pot after everything the modules hold back (the settlement's held step).
    conflicts: () => null,
  });
}

module.exports = { jackpotDrop, dropByPot };
