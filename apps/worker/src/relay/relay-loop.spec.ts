import type { OutboxRelay, RelayStep } from './outbox-relay';
import { RelayLoop } from './relay-loop';

function fakeRelay(script: (() => RelayStep)[]): { relay: OutboxRelay; calls: () => number } {
  let calls = 0;
  const relay = {
    async step(): Promise<RelayStep> {
      const next = script[Math.min(calls++, script.length - 1)]!;
      return next();
    },
    appended(): void {},
  } as unknown as OutboxRelay;
  return { relay, calls: () => calls };
}

const fail = () => {
  throw new Error('Redis away');
};
const published = (): RelayStep => ({ kind: 'published', count: 1, position: { txId: '1', globalPosition: '1' }, events: [] });
const idle = (): RelayStep => ({ kind: 'idle' });

describe('RelayLoop', () => {
  it('backs off on consecutive failures, reports the recovery, and keeps going', async () => {
    const { relay } = fakeRelay([fail, fail, fail, published, idle]);
    const errors: [number, number][] = [];
    let recovered = 0;
    const steps: string[] = [];
    const loop = new RelayLoop(relay, { idleMs: 5, backoffBaseMs: 4, backoffMaxMs: 10 }, {
      onError: (_error, attempt, delayMs) => errors.push([attempt, delayMs]),
      onRecovered: (failures) => (recovered = failures),
      onStep: (step) => steps.push(step.kind),
    });
    loop.start();
    await new Promise((resolve) => setTimeout(resolve, 100));
    await loop.stop();
    expect(errors.map(([attempt]) => attempt)).toEqual([1, 2, 3]);
    for (const [attempt, delay] of errors) expect(delay).toBeLessThanOrEqual(Math.min(10, 4 * 2 ** (attempt - 1)));
    expect(recovered).toBe(3);
    expect(steps.slice(0, 2)).toEqual(['published', 'idle']);
  });

  it('stops promptly even in a long wait', async () => {
    const { relay, calls } = fakeRelay([idle]);
    const loop = new RelayLoop(relay, { idleMs: 60_000 });
    loop.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = Date.now();
    await loop.stop();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(calls()).toBe(1);
  });
});
