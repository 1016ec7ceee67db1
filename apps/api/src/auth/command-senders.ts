import type { AnyRuleModule, CommandSenders } from '@felt/engine';
import { FLOOR_ONLY_COMMANDS } from '@felt/staff';

/**
 * Who may send a table command at tables played by these modules (docs/security.md "Who may send a module's
 * commands"): the core's floor-only commands as libs/staff lists them, a module's as the module declares it
 * (ModuleCommand.sentBy), a casino's module's too; any other command the table's dealers and the floor.
 */
export function commandSenders(modules: readonly AnyRuleModule[], commandType: string): CommandSenders {
  if (FLOOR_ONLY_COMMANDS.has(commandType)) return 'floor-only';
  const command = modules.find((m) => m.commands?.[commandType] !== undefined)?.commands?.[commandType];
  return command?.sentBy ?? 'dealer-and-floor';
}

/** The table commands the timer service's principal may send: the modules' expiries ('timer-and-floor'). */
export function timerCommands(modules: readonly AnyRuleModule[]): readonly string[] {
  return modules.flatMap((m) => Object.entries(m.commands ?? {}).flatMap(([type, c]) => (c.sentBy === 'timer-and-floor' ? [type] : [])));
}
