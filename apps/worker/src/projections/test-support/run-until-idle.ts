import type { ProjectionRunner, ProjectionStep } from '../projection-runner';

/** Steps a runner until it has nothing left to project; returns the events it projected. */
export async function runUntilIdle(runner: ProjectionRunner<unknown>, maxSteps = 10_000): Promise<number> {
  let events = 0;
  for (let i = 0; i < maxSteps; i++) {
    const step: ProjectionStep = await runner.step();
    if (step.kind === 'idle') return events;
    if (step.kind === 'projected') events += step.events;
  }
  throw new Error(`${runner.checkpointName}: still projecting after ${maxSteps} steps`);
}
