import { workerConfigFromEnv } from './worker-config';

describe('worker settings', () => {
  it('serve metrics and health on 127.0.0.1 unless METRICS_HOST says otherwise', () => {
    expect(workerConfigFromEnv({}).metricsHost).toBe('127.0.0.1');
    expect(workerConfigFromEnv({ METRICS_HOST: '0.0.0.0' }).metricsHost).toBe('0.0.0.0');
  });
});
