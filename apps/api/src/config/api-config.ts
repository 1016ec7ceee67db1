import { environmentReader } from '@felt/settings';
/**
 * The API's settings, read once from the environment at start. Everything has a default, so `npm start` serves on
 * a bare machine: port 3000, the embedded PGlite database in ./data, no Redis.
 */
export interface ApiConfig {
  readonly port: number;
  /** A postgres:// URL; without one the API runs on PGlite in `dataDir`. */
  readonly databaseUrl: string | undefined;
  /** PGlite's data folder (or IN_MEMORY); ignored with a databaseUrl. */
  readonly dataDir: string;
  /** PostgreSQL connections in the pool: at most this many commands write at once. */
  readonly databasePoolSize: number;
  /** When set, /health/ready and /metrics report Redis too (never as not ready: commands need only the database). */
  readonly redisUrl: string | undefined;
  /** Largest request body accepted (bytes); larger ones get 413. */
  readonly bodyLimitBytes: number;
  /** Folded table states kept in memory (least recently used go first). */
  readonly tableCacheSize: number;
  /** A snapshot of a table's folded state is saved once it is this many events past the last one. */
  readonly snapshotEvery: number;
  /** pino level: fatal, error, warn, info, debug, trace or silent. */
  readonly logLevel: string;
  /**
   * The Ed25519 private key staff tokens are signed with (FELT_TOKEN_PRIVATE_KEY, PKCS#8 PEM). Unset: the embedded
   * default reads or creates `<dataDir>/token.key`; with a databaseUrl the start fails instead (auth/token-keys.ts).
   */
  readonly tokenPrivateKey: string | undefined;
  /**
   * The timer service's Ed25519 public key (FELT_TIMER_PUBLIC_KEY, SPKI PEM): the only key besides the API's own
   * that a token may be signed with, for the timer role only. Unset: the public half of `<dataDir>/timer.key`.
   */
  readonly timerPublicKey: string | undefined;
  /**
   * The key that seals undealt decks at rest (FELT_SEAL_KEY, 64 hex digits). Unset: the embedded default reads or
   * creates `<dataDir>/seal.key`; with a databaseUrl the start fails instead
   * (tables/deck-seal.ts).
   */
  readonly sealKey: string | undefined;
  /** How long a token from POST /auth/login stays valid, in seconds (TOKEN_TTL_SECONDS, default 8 hours, at most a day). */
  readonly tokenTtlSeconds: number;
  /**
   * Regulators see the hole cards of hands in progress (FELT_LIVE_SURVEILLANCE=1; default off: only of hands that
   * are over). docs/security.md.
   */
  readonly liveSurveillance: boolean;
  /** Failed sign-ins in a row, per user name, before it is locked (LOGIN_FAILURES_BEFORE_LOCKOUT, default 5). */
  readonly loginFailuresBeforeLockout: number;
  /** How long a user name stays locked after that, and how long failures are remembered (LOGIN_LOCKOUT_SECONDS, 15 minutes). */
  readonly loginLockoutSeconds: number;
  /** Sign-in attempts per minute from one address (LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE, default 30). */
  readonly loginAttemptsPerAddressPerMinute: number;
  /**
   * Whom to believe about the client's address (TRUST_PROXY, Fastify's trustProxy): unset, the peer's address; "true"
   * any X-Forwarded-For; a number, that many proxies; else addresses or CIDRs, comma-separated. Set it behind a load
   * balancer, or every sign-in counts against the balancer's address.
   */
  readonly trustProxy: boolean | number | string;
  /**
   * Commands only from tokens bound to a registered device (FELT_REQUIRE_DEVICE=1: others get 403 DEVICE_REQUIRED);
   * off (default), they are recorded with `device: null`. docs/api.md "Devices".
   */
  readonly requireDevice: boolean;
  /**
   * The casino's own house rules (FELT_HOUSE_RULES): a JavaScript file whose houseRules(engine) returns its rule
   * modules (examples/house-rules/index.js), played after the default ones; unset, the default modules only. The
   * file is the operator's code and runs with the API's rights (docs/security.md).
   */
  readonly houseRules: string | undefined;
  /**
   * The absence timer (docs/players.md): FELT_ABSENCE_SECONDS, how long a player may sit out (a break counts; 0, the
   * default: not timed; the worker's timer takes the same setting), and FELT_ABSENCE_RULE, what happens when it runs
   * out: `tell` (default: the floor is told, the seat stays) or `release` (the player is stood up, the seat opens).
   */
  readonly absenceSeconds: number;
  readonly absenceRule: 'tell' | 'release';
}

/** The longest TOKEN_TTL_SECONDS may be: a day (a shift and then some). */
export const MAX_LOGIN_TOKEN_TTL_SECONDS = 24 * 60 * 60;

export const API_CONFIG = Symbol('API_CONFIG');

export const DEFAULT_API_CONFIG: ApiConfig = {
  port: 3000,
  databaseUrl: undefined,
  dataDir: './data',
  databasePoolSize: 20,
  redisUrl: undefined,
  bodyLimitBytes: 64 * 1024,
  tableCacheSize: 1000,
  snapshotEvery: 100,
  logLevel: 'info',
  tokenPrivateKey: undefined,
  timerPublicKey: undefined,
  sealKey: undefined,
  tokenTtlSeconds: 8 * 60 * 60,
  liveSurveillance: false,
  loginFailuresBeforeLockout: 5,
  loginLockoutSeconds: 15 * 60,
  loginAttemptsPerAddressPerMinute: 30,
  trustProxy: false,
  requireDevice: false,
  houseRules: undefined,
  absenceSeconds: 0,
  absenceRule: 'tell',
};

/** Reads the settings from environment variables; an unreadable number stops the start with a clear message. */
export function apiConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const { text, count } = environmentReader(env);
  return {
    port: count('PORT', DEFAULT_API_CONFIG.port, 0),
    databaseUrl: text('DATABASE_URL'),
    dataDir: text('DATA_DIR') ?? DEFAULT_API_CONFIG.dataDir,
    databasePoolSize: count('DATABASE_POOL_SIZE', DEFAULT_API_CONFIG.databasePoolSize, 1),
    redisUrl: text('REDIS_URL'),
    bodyLimitBytes: count('BODY_LIMIT_BYTES', DEFAULT_API_CONFIG.bodyLimitBytes, 1024),
    tableCacheSize: count('TABLE_CACHE_SIZE', DEFAULT_API_CONFIG.tableCacheSize, 1),
    snapshotEvery: count('SNAPSHOT_EVERY', DEFAULT_API_CONFIG.snapshotEvery, 1),
    logLevel: text('LOG_LEVEL') ?? DEFAULT_API_CONFIG.logLevel,
    tokenPrivateKey: text('FELT_TOKEN_PRIVATE_KEY'),
    timerPublicKey: text('FELT_TIMER_PUBLIC_KEY'),
    sealKey: text('FELT_SEAL_KEY'),
    tokenTtlSeconds: atMost(
      'TOKEN_TTL_SECONDS',
      count('TOKEN_TTL_SECONDS', DEFAULT_API_CONFIG.tokenTtlSeconds, 60),
      MAX_LOGIN_TOKEN_TTL_SECONDS,
    ),
    liveSurveillance: flag(env, 'FELT_LIVE_SURVEILLANCE'),
    loginFailuresBeforeLockout: count('LOGIN_FAILURES_BEFORE_LOCKOUT', DEFAULT_API_CONFIG.loginFailuresBeforeLockout, 1),
    loginLockoutSeconds: count('LOGIN_LOCKOUT_SECONDS', DEFAULT_API_CONFIG.loginLockoutSeconds, 1),
    loginAttemptsPerAddressPerMinute: count(
      'LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE',
      DEFAULT_API_CONFIG.loginAttemptsPerAddressPerMinute,
      1,
    ),
    trustProxy: trustProxyFrom(text('TRUST_PROXY')),
    requireDevice: flag(env, 'FELT_REQUIRE_DEVICE'),
    houseRules: text('FELT_HOUSE_RULES'),
    absenceSeconds: count('FELT_ABSENCE_SECONDS', DEFAULT_API_CONFIG.absenceSeconds, 0),
    absenceRule: absenceRuleFrom(text('FELT_ABSENCE_RULE')),
  };
}

function absenceRuleFrom(value: string | undefined): ApiConfig['absenceRule'] {
  if (value === undefined) return DEFAULT_API_CONFIG.absenceRule;
  if (value === 'tell' || value === 'release') return value;
  throw new Error(`FELT_ABSENCE_RULE is tell or release, got "${value}"`);
}

/** A switch: "1" or "true" on, unset, empty, "0" or "false" off; anything else stops the start. */
function flag(env: NodeJS.ProcessEnv, name: string): boolean {
  const value = env[name];
  if (value === undefined || value === '' || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  throw new Error(`${name} must be 1 or 0, got "${value}"`);
}

function trustProxyFrom(value: string | undefined): boolean | number | string {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  return /^\d+$/.test(value) ? Number(value) : value;
}

function atMost(name: string, value: number, max: number): number {
  if (value > max) throw new Error(`${name} must be at most ${max}, got ${value}`);
  return value;
}
