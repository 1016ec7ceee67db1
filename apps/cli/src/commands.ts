import type { Command } from 'commander';
import { registerPlayCommand } from './play-command';
import { registerPhhCommand } from './phh-command';
import { registerReplayCommand } from './replay-command';
import { registerVerifyCommand } from './verify-command';
import { registerExportCommand } from './export-command';
import { registerAnchorsCommand, registerAnchorsReceiveCommand } from './anchors-command';
import { registerUsersCommand } from './users-command';
import { registerProjectionsCommand } from './projections-command';

/** Every `felt` command, in the order `felt --help` lists them (main.ts loads this file unless one command runs alone). */
export function registerCommands(program: Command): void {
  registerPlayCommand(program);
  registerPhhCommand(program);
  registerReplayCommand(program);
  registerVerifyCommand(program);
  registerExportCommand(program);
  registerAnchorsCommand(program);
  registerAnchorsReceiveCommand(program);
  registerUsersCommand(program);
  registerProjectionsCommand(program);
}
