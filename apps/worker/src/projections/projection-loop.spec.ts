import type { ProjectionRunner, ProjectionStep } from '@felt/read-models';
import { ProjectionLoop } from './projection-loop';

const at = { txId: '1', globalPosition: '1' };
const projected = (): ProjectionStep => ({ kind: 'projected', events: 1, rows: 1, position: at });
const idle = (): ProjectionStep => ({ kind: 'idle', position: at });
const broken = (): ProjectionStep => {
  throw new Error('schema version 99');
};

/** A runner that plays a script of steps (the last one repeats): the loop only calls step() and reads the name. */
function scripted(name: string, script: (() => ProjectionStep)[]): { runner: ProjectionRunner<unknown>; calls: () => number } {
  let calls = 0;
  const runner = {
    model: { name },
    step: async () => script[Math.min(calls++, script.length - 1)]!(),
  } as unknown as ProjectionRunner<unknown>;
  return { runner, calls: () => calls };
}

/** Runs the loop until `done` says so (checked at each step and wait), then stops it. */
async function runUntil(loop: ProjectionLoop, done: () => boolean): Promise<void> {
  loop.start();
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
  await loop.stop();
}

describe('ProjectionLoop', () => {
  it('doubles its wait while every projection is idle, up to the cap, and starts over after work', async () => {
    const waits: number[] = [];
    const { runner } = scripted('lobby', [idle, idle, idle, idle, projected, idle, idle]);
    const loop = new ProjectionLoop([runner], { idleMs: 1, idleMaxMs: 4 }, { onWait: (ms) => waits.push(ms) });
    await runUntil(loop, () => waits.length >= 6);
    expect(waits.slice(0, 6)).toEqual([1, 2, 4, 4, 1, 2]);
  });

  it('backs a failing projection off alone: the others keep projecting meanwhile', async () => {
    const failing = scripted('hand-history', [broken]);
    const healthy = scripted('lobby', [projected, projected, projected, projected, idle]);
    const errors: [string, number, number][] = [];
    const steps: string[] = [];
    const loop = new ProjectionLoop(
      [failing.runner, healthy.runner],
      { idleMs: 1, idleMaxMs: 1, backoffBaseMs: 60_000, backoffMaxMs: 60_000 },
      {
        onError: (name, error, attempt, delay) => errors.push([name, attempt, delay]),
        onStep: (name, step) => steps.push(`${name}:${step.kind}`),
      },
    );
    await runUntil(loop, () => healthy.calls() >= 6);
    expect(steps.slice(0, 5)).toEqual(['lobby:projected', 'lobby:projected', 'lobby:projected', 'lobby:projected', 'lobby:idle']);
    // Tried once, then left alone for its backoff (30 to 60 s) while the healthy one went on.
    expect(failing.calls()).toBe(1);
    expect(errors).toHaveLength(1);
    expect(errors[0]!.slice(0, 2)).toEqual(['hand-history', 1]);
    expect(errors[0]![2]).toBeGreaterThanOrEqual(30_000);
  });
});
