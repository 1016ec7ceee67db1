import { resolve } from 'node:path';
import * as engine from '@felt/engine';
import { createTableDecider, DEFAULT_MODULES, type AnyRuleModule, type TableEngine } from '@felt/engine';

/**
 * A casino's own house options, by configuration: a JavaScript file whose `houseRules(engine)` returns its rule
 * modules (examples/house-rules/index.js), given to `felt play --house-rules`, `felt verify --house-rules` or
 * FELT_HOUSE_RULES. The engine's public API is handed in, so the file needs no path to Felt's build. The modules
 * come after the default ones, in the file's order. Throws an Error saying what is wrong with the file.
 *
 * The file runs with this process's rights (docs/security.md): it is the casino's code, configured by its operator.
 */
export function loadHouseRules(file: string): TableEngine {
  let loaded: { houseRules?: unknown };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = require(resolve(file)) as { houseRules?: unknown };
  } catch (error) {
    throw new Error(`cannot load the house rules ${file}: ${(error as Error).message}`, { cause: error });
  }
  if (typeof loaded.houseRules !== 'function')
    throw new Error(`${file} exports no houseRules(engine) function returning rule modules (examples/house-rules/)`);
  const modules = (loaded.houseRules as (api: typeof engine) => readonly AnyRuleModule[])(engine);
  return createTableDecider([...DEFAULT_MODULES, ...modules]);
}
