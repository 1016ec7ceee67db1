/**
 * Writes the JSON Schemas of the event contract into apps/worker/contract/ from the zod schemas:
 *   npx tsx apps/worker/src/contract/generate-schemas.ts
 * With FELT_HOUSE_RULES set (a casino's modules, examples/house-rules/), their own events' schemas are written too:
 * the contract of that deployment. The committed contract is the default engine's.
 * Files of older schema versions are kept (consumers may still read them during a deprecation window).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadHouseRules } from '@felt/regulator';
import { CONTRACT_DIR, contractFiles } from './contract-files';

const houseRules = process.env.FELT_HOUSE_RULES;
for (const [path, content] of contractFiles(houseRules ? loadHouseRules(houseRules).modules : undefined)) {
  const file = join(CONTRACT_DIR, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  console.log(`wrote ${file}`);
}
