/**
 * @felt/settings: reading the apps' settings from environment variables, one way for the API, the worker and the
 * projection runner. An empty variable counts as unset; an unreadable number stops the start with a message that
 * names the variable.
 */
export interface EnvironmentReader {
  /** The variable's text, or undefined when unset or empty. */
  text(name: string): string | undefined;
  /** The variable as a whole number >= min, or `fallback` when unset; anything else throws. */
  count(name: string, fallback: number, min: number): number;
}

export function environmentReader(env: NodeJS.ProcessEnv): EnvironmentReader {
  const text = (name: string): string | undefined => (env[name] === undefined || env[name] === '' ? undefined : env[name]);
  return {
    text,
    count(name, fallback, min) {
      const value = text(name);
      if (value === undefined) return fallback;
      const n = Number(value);
      if (!Number.isSafeInteger(n) || n < min) throw new Error(`${name} must be a whole number >= ${min}, got "${value}"`);
      return n;
    },
  };
}
