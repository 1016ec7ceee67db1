// @ts-check
const { jackpotDrop } = require('./jackpot-drop');
const { promotionDrop } = require('./promotion-drop');

/**
 * The house's money modules for FELT_HOUSE_RULES, `felt play --house-rules` and `felt verify --house-rules`: the
 * jackpot drop, then the promotion drop (taken after it, from what is left). A casino with house rules of its own
 * lists these modules beside them.
 * @param {typeof import('../../engine/src/index')} engine
 */
const houseRules = (engine) => [jackpotDrop(engine), promotionDrop(engine)];

module.exports = { houseRules };
