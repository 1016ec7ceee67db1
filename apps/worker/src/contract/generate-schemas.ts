/**
 * Writes the JSON Schemas of the event contract into apps/worker/contract/ from the zod schemas:
 *   npx tsx apps/worker/src/contract/generate-schemas.ts
 * Files of older schema versions are kept (consumers may still read them during a deprecation window).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CONTRACT_DIR, contractFiles } from './contract-files';

for (const [path, content] of contractFiles()) {
  const file = join(CONTRACT_DIR, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  console.log(`wrote ${file}`);
}
