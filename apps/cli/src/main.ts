import { basename } from 'node:path';
import { Command } from 'commander';
import { registerPhhCommand } from './phh-command';

/**
 * The `felt` command line (bin/felt.js runs the compiled form of this file).
 *   felt play FILE [--json]   run a table script and print each hand (docs/table-scripts.md)
 *   felt phh PATH... [--json] replay PHH hand histories through the engine (apps/cli/src/phh-command.ts)
 *   felt replay / verify / export / anchors   a regulator's view of the event log (docs/regulators.md)
 *   felt users / token   who may sign in to the API, and access tokens (docs/api.md "Authentication and roles")
 */
export interface ProgramOptions {
  /** Where normal output goes (process.stdout by default). */
  readonly writeOut?: (text: string) => void;
  /** Where error messages go (process.stderr by default). */
  readonly writeErr?: (text: string) => void;
  /** Throw a CommanderError (with its exitCode) instead of exiting the process: for tests. */
  readonly exitOverride?: boolean;
}

/** `only`: the program with that one command (the process runs it alone; its help lists only it). */
export function buildProgram(options: ProgramOptions = {}, only?: 'phh'): Command {
  const program = new Command('felt');
  program.description("Felt: the live casino Texas Hold'em engine on the command line");
  // Output and exit settings first: commander copies them into each subcommand when it is added.
  program.configureOutput({
    writeOut: options.writeOut ?? ((text) => process.stdout.write(text)),
    writeErr: options.writeErr ?? ((text) => process.stderr.write(text)),
  });
  if (options.exitOverride) program.exitOverride();

  if (only === 'phh') {
    registerPhhCommand(program);
    return program;
  }
  // Loaded here, not at the top: `felt phh` is timed as a whole process beside pokerkit, and the other commands
  // bring the store, PostgreSQL's client and the schemas (about a fifth of a corpus replay's CPU).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('./commands') as typeof import('./commands')).registerCommands(program);
  return program;
}

/** True when this file is the program being run: directly (node main.js, tsx main.ts) or through bin/felt.js. */
function launchedAsCli(): boolean {
  const entry = require.main;
  if (entry === undefined) return false;
  return entry === module || basename(entry.filename) === 'felt.js' || basename(entry.filename) === 'felt';
}

if (launchedAsCli()) {
  buildProgram({}, process.argv[2] === 'phh' ? 'phh' : undefined)
    .parseAsync(process.argv)
    .catch((error: unknown) => {
      process.stderr.write(`felt: ${(error as Error).stack ?? String(error)}\n`);
      process.exit(70);
    });
}
