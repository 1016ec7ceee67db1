import type { OutboxRelay, RelayStep } from './outbox-relay';
import { waitUntil } from '../../../../libs/event-store/test-support/eventually';
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

/** Waits on a condition, never on a wall-clock window: a loaded CI machine only makes it slower. */
const until = (condition: () => boolean) => waitUntil('the loop to get there', condition);

describe('RelayLoop', () => {
  it('backs off on consecutive failures, reports the recovery, and keeps going', async () => {
    const { relay } = fakeRelay([fail, fail, fail, published, idle]);
    const errors: [number, number][] = [];
    let recovered = 0;
    const steps: string[] = [];
    const loop = new RelayLoop(
      relay,
      { idleMs: 5, backoffBaseMs: 4, backoffMaxMs: 10 },
      {
        onError: (_error, attempt, delayMs) => errors.push([attempt, delayMs]),
        onRecovered: (failures) => (recovered = failures),
        onStep: (step) => steps.push(step.kind),
      },
    );
    loop.start();
    await until(() => steps.includes('idle'));
    await loop.stop();
    expect(errors.map(([attempt]) => attempt)).toEqual([1, 2, 3]);
    for (const [attempt, delay] of errors) expect(delay).toBeLessThanOrEqual(Math.min(10, 4 * 2 ** (attempt - 1)));
    expect(recovered).toBe(3);
    expect(steps.slice(0, 2)).toEqual(['published', 'idle']);
  });

  it('stops in a long idle wait without sitting it out', async () => {
    const { relay, calls } = fakeRelay([idle]);
    // An hour's idle wait: stop() resolving at all within the test's timeout shows it ended the wait.
    const loop = new RelayLoop(relay, { idleMs: 3_600_000 });
    loop.start();
    await until(() => calls() === 1);
    await loop.stop();
    expect(calls()).toBe(1);
  }, 30_000);
});
