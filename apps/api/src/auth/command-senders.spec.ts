import { DEFAULT_MODULES, tableDecider } from '@felt/engine';
import { FLOOR_ONLY_COMMANDS } from '@felt/staff';
import { commandSenders, timerCommands } from './command-senders';

describe('who may send a table command', () => {
  it("the core's floor-only commands are the core's; a module's command is as its module declares (sentBy)", () => {
    for (const type of FLOOR_ONLY_COMMANDS) expect(tableDecider.commandTypes).toContain(type);
    const declared = Object.fromEntries(
      DEFAULT_MODULES.flatMap((m) => Object.entries(m.commands ?? {}).map(([type, c]) => [type, c.sentBy ?? 'dealer-and-floor'])),
    );
    for (const [type, sentBy] of Object.entries(declared))
      expect({ type, sentBy: commandSenders(DEFAULT_MODULES, type) }).toEqual({ type, sentBy });
    // The chop, the bomb pot and the floor's clock commands are the floor's; the expiry is the timer's.
    expect(Object.entries(declared).filter(([, s]) => s === 'floor-only').length).toBeGreaterThanOrEqual(4);
    expect(timerCommands(DEFAULT_MODULES)).toEqual(Object.keys(declared).filter((t) => declared[t] === 'timer-and-floor'));
    expect(timerCommands(DEFAULT_MODULES)).toHaveLength(1);
    expect(commandSenders(DEFAULT_MODULES, 'Fold')).toBe('dealer-and-floor');
    expect(commandSenders(DEFAULT_MODULES, 'VoidHand')).toBe('floor-only');
  });
});
