import { environmentReader, redisSentinelSetting, type RedisSentinelSetting } from '@felt/settings';
/**
 * The worker's settings, read once from the environment at start. Everything has a default; without REDIS_URL
 * the outbox relay is off and events simply wait in the log.
 */
export interface WorkerConfig {
  /** A postgres:// URL; without one the worker opens PGlite in `dataDir` (one process per folder). */
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly databasePoolSize: number;
  /** redis:// URL of BullMQ's Redis; unset turns the relay off. */
  readonly redisUrl: string | undefined;
  /** REDIS_SENTINELS + REDIS_SENTINEL_NAME: find the master through Sentinel (REDIS_URL then gives only password and db). */
  readonly redisSentinel: RedisSentinelSetting | undefined;
  /**
   * REDIS_REPLICA_ACKS: replicas that must hold a batch's jobs (Redis WAIT) before the relay's checkpoint passes them,
   * so a Sentinel failover to a replica loses no job the checkpoint covers. Default 1 with Sentinels, else 0.
   */
  readonly redisReplicaAcks: number;
  /** Shard queues felt-events-0 .. felt-events-(n-1); consumers must use the same number. */
  readonly eventShards: number;
  /** Events per addBulk. */
  readonly relayBatchSize: number;
  /** BullMQ key prefix. */
  readonly queuePrefix: string;
  /** Port of the worker's own HTTP server: GET /metrics (Prometheus) and GET /health. 0 picks a free port. */
  readonly metricsPort: number;
  /**
   * The address that server listens on (METRICS_HOST): 127.0.0.1 by default, so metrics and health are not served
   * to the network unless asked for ("0.0.0.0" or "::" for a scraper on another host).
   */
  readonly metricsHost: string;
  readonly logLevel: string;
  /**
   * FELT_API_URL: where the API listens (e.g. http://127.0.0.1:3000). With REDIS_URL it turns the timer service on:
   * shot clocks and room calls expire through the API at their deadlines (apps/worker/src/timer).
   */
  readonly apiUrl: string | undefined;
  /** FELT_RELAY_SIGNING_KEY: the relay's Ed25519 key (64 hex digits or PKCS #8 PEM); else `<DATA_DIR>/relay-signing.key`. */
  readonly relaySigningKey: string | undefined;
  /** FELT_ANCHOR_PUSH_URL: where signed anchors are POSTed every anchorIntervalMs (off without it). */
  readonly anchorPushUrl: string | undefined;
  /** FELT_ANCHOR_KEY: the file of the Ed25519 private key (PEM) that signs them. */
  readonly anchorKeyFile: string | undefined;
  /** FELT_ANCHOR_INTERVAL_MS: how often (default a minute). */
  readonly anchorIntervalMs: number;
  /**
   * FELT_TIMER_PRIVATE_KEY: the timer service's own Ed25519 key (PKCS#8 PEM), else `<DATA_DIR>/timer.key`. The API
   * takes tokens signed with it for the timer role only (expiries); the worker holds no staff signing key and no seal
   * key (docs/security.md "Insiders", row 6).
   */
  readonly timerPrivateKey: string | undefined;
  /** TIMER_CONCURRENCY: expiries sent at once by this process. */
  readonly timerConcurrency: number;
  /** TIMER_NO_SHOWS=off: leave a room's calls that run out to the floor (default: the timer records the no-show). */
  readonly timerNoShows: boolean;
  /**
   * FELT_ABSENCE_SECONDS: the house's absence limit for a player sitting out (a break counts), as the API's; 0 (the
   * default): players sitting out are not timed (docs/players.md "The absence timer").
   */
  readonly absenceSeconds: number;
  /**
   * FELT_HOUSE_RULES: the casino's own rule modules (a JavaScript file, as the API's): the timer schedules the
   * deadlines their events set (RuleModule.deadlines) beside the default modules'.
   */
  readonly houseRules: string | undefined;
}

export const WORKER_CONFIG = Symbol('WORKER_CONFIG');

export const DEFAULT_WORKER_CONFIG: WorkerConfig = {
  databaseUrl: undefined,
  dataDir: './data',
  databasePoolSize: 5,
  redisUrl: undefined,
  redisSentinel: undefined,
  redisReplicaAcks: 0,
  eventShards: 8,
  relayBatchSize: 500,
  queuePrefix: 'bull',
  metricsPort: 9464,
  metricsHost: '127.0.0.1',
  logLevel: 'info',
  apiUrl: undefined,
  relaySigningKey: undefined,
  anchorPushUrl: undefined,
  anchorKeyFile: undefined,
  anchorIntervalMs: 60_000,
  timerPrivateKey: undefined,
  timerConcurrency: 64,
  timerNoShows: true,
  absenceSeconds: 0,
  houseRules: undefined,
};

/** Reads the settings from environment variables; an unreadable number stops the start with a clear message. */
export function workerConfigFromEnv(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const reader = environmentReader(env);
  const { text, count } = reader;
  const redisSentinel = redisSentinelSetting(reader);
  return {
    databaseUrl: text('DATABASE_URL'),
    dataDir: text('DATA_DIR') ?? DEFAULT_WORKER_CONFIG.dataDir,
    databasePoolSize: count('DATABASE_POOL_SIZE', DEFAULT_WORKER_CONFIG.databasePoolSize, 1),
    redisUrl: text('REDIS_URL'),
    redisSentinel,
    redisReplicaAcks: count('REDIS_REPLICA_ACKS', redisSentinel ? 1 : 0, 0),
    eventShards: count('EVENT_SHARDS', DEFAULT_WORKER_CONFIG.eventShards, 1),
    relayBatchSize: count('RELAY_BATCH_SIZE', DEFAULT_WORKER_CONFIG.relayBatchSize, 1),
    queuePrefix: text('QUEUE_PREFIX') ?? DEFAULT_WORKER_CONFIG.queuePrefix,
    metricsPort: count('METRICS_PORT', DEFAULT_WORKER_CONFIG.metricsPort, 0),
    metricsHost: text('METRICS_HOST') ?? DEFAULT_WORKER_CONFIG.metricsHost,
    logLevel: text('LOG_LEVEL') ?? DEFAULT_WORKER_CONFIG.logLevel,
    apiUrl: text('FELT_API_URL'),
    relaySigningKey: text('FELT_RELAY_SIGNING_KEY'),
    anchorPushUrl: text('FELT_ANCHOR_PUSH_URL'),
    anchorKeyFile: text('FELT_ANCHOR_KEY'),
    anchorIntervalMs: count('FELT_ANCHOR_INTERVAL_MS', DEFAULT_WORKER_CONFIG.anchorIntervalMs, 1000),
    timerPrivateKey: text('FELT_TIMER_PRIVATE_KEY'),
    timerConcurrency: count('TIMER_CONCURRENCY', DEFAULT_WORKER_CONFIG.timerConcurrency, 1),
    timerNoShows: onOff('TIMER_NO_SHOWS', text('TIMER_NO_SHOWS'), DEFAULT_WORKER_CONFIG.timerNoShows),
    absenceSeconds: count('FELT_ABSENCE_SECONDS', DEFAULT_WORKER_CONFIG.absenceSeconds, 0),
    houseRules: text('FELT_HOUSE_RULES'),
  };
}

/** on/off (also 1/0, true/false); anything else stops the start, naming the variable. */
function onOff(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (['on', '1', 'true'].includes(value)) return true;
  if (['off', '0', 'false'].includes(value)) return false;
  throw new Error(`${name} is on or off, got "${value}"`);
}
