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
    // Run it twice awards each run's half of a pot less the rake alone (run-it-twice.ts reads rakeByPot, not what
    // every module holds from the pots): with a drop the winners would be paid the drop too. Refused until it does.
    conflicts: (options) =>
      options.runItTwice
        ? { field: 'jackpotDrop', why: 'the jackpot drop is not played with run it twice (its halves would pay the drop out)' }
        : null,
  });
}

module.exports = { jackpotDrop, dropByPot };
