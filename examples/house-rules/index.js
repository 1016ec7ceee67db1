// @ts-check
const { sevenDeuceBounty } = require('./seven-deuce-bounty');
const { buttonAnte } = require('./button-ante');

/**
 * What `felt play --house-rules FILE` asks a file for: this casino's modules, added after the default ones.
 * @param {typeof import('../../libs/engine/src/index')} engine
 */
const houseRules = (engine) => [sevenDeuceBounty(engine), buttonAnte(engine)];

module.exports = { houseRules };
