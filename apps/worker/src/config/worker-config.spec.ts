import { workerConfigFromEnv } from './worker-config';

describe('worker settings', () => {
  it('serve metrics and health on 127.0.0.1 unless METRICS_HOST says otherwise', () => {
    expect(workerConfigFromEnv({}).metricsHost).toBe('127.0.0.1');
    expect(workerConfigFromEnv({ METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
  });

  it('turn the timer service on with FELT_API_URL, and read its switches', () => {
    expect(workerConfigFromEnv({}).apiUrl).toBeUndefined();
    const config = workerConfigFromEnv({ FELT_API_URL: 'http://127.0.0.1:3000', TIMER_CONCURRENCY: '8', TIMER_NO_SHOWS: 'off' });
    expect({ apiUrl: config.apiUrl, concurrency: config.timerConcurrency, noShows: config.timerNoShows }).toEqual({
      apiUrl: 'http://127.0.0.1:3000',
      concurrency: 8,
      noShows: false,
    });
    expect(workerConfigFromEnv({}).timerNoShows).toBe(true);
    expect(() => workerConfigFromEnv({ TIMER_NO_SHOWS: 'maybe' })).toThrow('TIMER_NO_SHOWS is on or off, got "maybe"');
    expect(() => workerConfigFromEnv({ TIMER_CONCURRENCY: '0' })).toThrow('TIMER_CONCURRENCY');
  });
});

describe('the worker’s secrets (docs/security.md "Insiders", row 6)', () => {
  it('reads the timer’s own key and nothing that signs staff tokens or opens sealed decks', () => {
    const env = {
      FELT_TIMER_PRIVATE_KEY: 'timer-key-pem',
      FELT_TOKEN_PRIVATE_KEY: 'staff-key-pem',
      JWT_SECRET: 'old-shared-secret-0123456789-0123456789',
      FELT_SEAL_KEY: 'ab'.repeat(32),
    };
    const config = workerConfigFromEnv(env);
    expect(config.timerPrivateKey).toBe('timer-key-pem');
    const held = JSON.stringify(config);
    for (const secret of [env.FELT_TOKEN_PRIVATE_KEY, env.JWT_SECRET, env.FELT_SEAL_KEY]) expect(held).not.toContain(secret);
  });
});
