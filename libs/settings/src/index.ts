/**
 * @felt/settings: reading the apps' settings from environment variables, one way for the API, the worker and the
 * projection runner. An empty variable counts as unset; an unreadable number stops the start with a message that
 * names the variable. Also the data folder's lock (data-dir-lock.ts): the API holds it, the CLI reads it.
 */
export { API_PID_FILE, claimDataDir, runningApiPid } from './data-dir-lock';

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

/** Redis through Sentinel: the Sentinels' addresses and the name they watch the master under. */
export interface RedisSentinelSetting {
  readonly sentinels: readonly { readonly host: string; readonly port: number }[];
  readonly name: string;
}

/**
 * REDIS_SENTINELS ("host:port,host:port,...") and REDIS_SENTINEL_NAME: when set, clients ask the Sentinels where the
 * master is (and ask again after a failover) instead of REDIS_URL's host and port; REDIS_URL still gives the
 * password and the database number. Undefined when REDIS_SENTINELS is unset; one without the other stops the start.
 */
export function redisSentinelSetting(reader: EnvironmentReader): RedisSentinelSetting | undefined {
  const list = reader.text('REDIS_SENTINELS');
  const name = reader.text('REDIS_SENTINEL_NAME');
  if (list === undefined) {
    if (name !== undefined) throw new Error('REDIS_SENTINEL_NAME is set without REDIS_SENTINELS (host:port,host:port,...)');
    return undefined;
  }
  if (name === undefined)
    throw new Error('REDIS_SENTINELS is set without REDIS_SENTINEL_NAME (the name the Sentinels monitor the master under)');
  const sentinels = list.split(',').map((entry) => {
    const match = /^\s*([^\s:]+|\[[^\]]+\]):(\d{1,5})\s*$/.exec(entry);
    const port = match ? Number(match[2]) : NaN;
    if (!match || port < 1 || port > 65535) throw new Error(`REDIS_SENTINELS must be host:port,host:port,..., got "${entry}"`);
    return { host: match[1]!.replace(/^\[|\]$/g, ''), port };
  });
  return { sentinels, name };
}
