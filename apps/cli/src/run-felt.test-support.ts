import { CommanderError } from 'commander';
import { buildProgram } from './main';

/** Runs `felt ...args` in-process and collects what it prints and the exit code it would end with. */
export async function felt(...args: string[]): Promise<{ out: string; err: string; code: number }> {
  let out = '';
  let err = '';
  const program = buildProgram({ writeOut: (t) => (out += t), writeErr: (t) => (err += t), exitOverride: true });
  try {
    await program.parseAsync(['node', 'felt', ...args]);
    return { out, err, code: 0 };
  } catch (error) {
    if (error instanceof CommanderError) return { out, err, code: error.exitCode };
    throw error;
  }
}
