import { callRunOut, DEFAULT_CALL_RESPONSE_SECONDS, respondBy } from './call-response';

describe('⚙ call response time', () => {
  it('gives three minutes by default and runs out exactly at the deadline', () => {
    expect(DEFAULT_CALL_RESPONSE_SECONDS).toBe(180);
    const deadline = respondBy('2026-01-01T20:00:00.000Z', 180);
    expect(deadline).toBe('2026-01-01T20:03:00.000Z');
    expect(callRunOut(deadline, '2026-01-01T20:02:59.999Z')).toBe(false);
    expect(callRunOut(deadline, '2026-01-01T20:03:00.000Z')).toBe(true);
  });
});
