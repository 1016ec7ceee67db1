// @ts-check
const { jackpotDrop } = require('./jackpot-drop');

/**
 * The house's money modules for FELT_HOUSE_RULES, `felt play --house-rules` and `felt verify --house-rules`: the
 * jackpot drop. A casino with house rules of its own lists this module beside them.
 * @param {typeof import('../../engine/src/index')} engine
 */
const houseRules = (engine) => [jackpotDrop(engine)];

module.exports = { houseRules };
