import { environmentReader } from '@felt/settings';
/** The projection runner's settings, read from the environment at start (the worker's other settings: WorkerConfig). */
export interface ProjectionsConfig {
  /** PROJECTIONS=off leaves the read models to another worker (default on). */
  readonly enabled: boolean;
  /** PROJECTION_BATCH_SIZE: events per transaction (default 2000). */
  readonly batchSize: number;
  /** PROJECTION_IDLE_MS: the first wait when the log has nothing new; it doubles while idle ... */
  readonly idleMs: number;
  /** ... up to PROJECTION_IDLE_MAX_MS (defaults 50 and 1000 ms). */
  readonly idleMaxMs: number;
  /** FELT_HOUSE_RULES: the casino's own rule modules the tables play (as the API's), for folding the table views. */
  readonly houseRules?: string;
}

export const PROJECTIONS_CONFIG = Symbol('PROJECTIONS_CONFIG');

export const DEFAULT_PROJECTIONS_CONFIG: ProjectionsConfig = { enabled: true, batchSize: 2000, idleMs: 50, idleMaxMs: 1000 };

export function projectionsConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ProjectionsConfig {
  const { count } = environmentReader(env);
  const switched = env.PROJECTIONS?.trim().toLowerCase();
  if (switched !== undefined && switched !== '' && switched !== 'on' && switched !== 'off')
    throw new Error(`PROJECTIONS must be "on" or "off", got "${env.PROJECTIONS}"`);
  const idleMs = count('PROJECTION_IDLE_MS', DEFAULT_PROJECTIONS_CONFIG.idleMs, 1);
  return {
    enabled: switched !== 'off',
    batchSize: count('PROJECTION_BATCH_SIZE', DEFAULT_PROJECTIONS_CONFIG.batchSize, 1),
    idleMs,
    idleMaxMs: Math.max(idleMs, count('PROJECTION_IDLE_MAX_MS', DEFAULT_PROJECTIONS_CONFIG.idleMaxMs, 1)),
    ...(env.FELT_HOUSE_RULES ? { houseRules: env.FELT_HOUSE_RULES } : {}),
  };
}
