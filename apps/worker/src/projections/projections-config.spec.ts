import { DEFAULT_PROJECTIONS_CONFIG, projectionsConfigFromEnv } from './projections-config';

describe('projections settings from the environment', () => {
  it('defaults to on, 2000 events per batch, idle waits from 50 ms doubling to 1 s', () => {
    expect(projectionsConfigFromEnv({})).toEqual(DEFAULT_PROJECTIONS_CONFIG);
    expect(DEFAULT_PROJECTIONS_CONFIG).toEqual({ enabled: true, batchSize: 2000, idleMs: 50, idleMaxMs: 1000 });
  });

  it('reads PROJECTIONS, PROJECTION_BATCH_SIZE and the idle waits', () => {
    expect(
      projectionsConfigFromEnv({
        PROJECTIONS: 'off',
        PROJECTION_BATCH_SIZE: '500',
        PROJECTION_IDLE_MS: '20',
        PROJECTION_IDLE_MAX_MS: '400',
      }),
    ).toEqual({
      enabled: false,
      batchSize: 500,
      idleMs: 20,
      idleMaxMs: 400,
    });
    expect(projectionsConfigFromEnv({ PROJECTIONS: 'ON' }).enabled).toBe(true);
    // The cap is never below the first wait.
    expect(projectionsConfigFromEnv({ PROJECTION_IDLE_MS: '3000' }).idleMaxMs).toBe(3000);
  });

  it('refuses what it cannot read, saying which variable and what it got', () => {
    expect(() => projectionsConfigFromEnv({ PROJECTION_BATCH_SIZE: '0' })).toThrow(
      'PROJECTION_BATCH_SIZE must be a whole number >= 1, got "0"',
    );
    expect(() => projectionsConfigFromEnv({ PROJECTION_BATCH_SIZE: 'lots' })).toThrow(/PROJECTION_BATCH_SIZE/);
    expect(() => projectionsConfigFromEnv({ PROJECTIONS: 'maybe' })).toThrow('PROJECTIONS must be "on" or "off", got "maybe"');
  });
});
