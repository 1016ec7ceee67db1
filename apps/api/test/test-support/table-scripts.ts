import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTableScriptJson, runTableScript, type ScriptCommand, type TableScript, type TableScriptRun } from '@felt/formats';

export interface ExampleScript {
  readonly file: string;
  readonly script: TableScript;
  /** The table-script runner's own run: the reference the API must reproduce. */
  readonly run: TableScriptRun;
}

const EXAMPLES = join(__dirname, '..', '..', '..', '..', 'examples');

/** Every example table script that parses and that the runner itself plays through with its expectations met. */
export function exampleScripts(): ExampleScript[] {
  const out: ExampleScript[] = [];
  for (const file of readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const parsed = parseTableScriptJson(readFileSync(join(EXAMPLES, file), 'utf8'));
    if (!parsed.ok) continue;
    const run = runTableScript(parsed.script);
    if (run.ok) out.push({ file, script: parsed.script, run });
  }
  return out;
}

/** A script command as a client sends it: without the keys only the script runner understands. */
export function requestBody(command: ScriptCommand): Record<string, unknown> {
  const { note: _note, expectRejection: _rejection, expectBefore: _before, ...body } = command as ScriptCommand & Record<string, unknown>;
  return body;
}
