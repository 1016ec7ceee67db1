import type { Command } from 'commander';
import type { TableEngine, TableRules } from '@felt/engine';
import { loadHouseRules } from '@felt/regulator';

/** The one wording of `--house-rules` for felt play, verify and export. */
export const HOUSE_RULES_HELP =
  "the casino's own rule modules the tables were played with (default FELT_HOUSE_RULES): a JavaScript file whose houseRules(engine) returns them (examples/house-rules/)";

/**
 * The engine of a --house-rules file (default FELT_HOUSE_RULES): the default modules and, after them, the casino's;
 * null when neither names one. A file that cannot be loaded stops the command (exit 2, felt.house-rules).
 */
export function houseRulesEngine(file: string | undefined, command: Command, name: string): TableEngine | null {
  const path = file ?? (process.env.FELT_HOUSE_RULES || undefined);
  if (path === undefined) return null;
  try {
    return loadHouseRules(path);
  } catch (error) {
    return command.error(`felt ${name}: ${(error as Error).message}.`, { exitCode: 2, code: 'felt.house-rules' });
  }
}

/**
 * The house options a table's rules switch on that none of the engine's modules knows: a log played with a casino's
 * modules, read without them. `rules`: every rules the table recorded (TableOpened, RulesChanged).
 */
export function unknownHouseOptions(rules: readonly TableRules[], engine: TableEngine): string[] {
  const known = new Set(engine.modules.map((m) => m.name));
  const unknown = new Set<string>();
  for (const r of rules)
    for (const [option, params] of Object.entries(r.houseOptions ?? {})) if (params !== null && !known.has(option)) unknown.add(option);
  return [...unknown];
}
