import { comparePositions } from '@felt/event-store';
import type { ProjectionRunner } from '../projection-runner';
import { headOfLog } from './random-session';

/**
 * Steps a runner until its checkpoint is the last event of the log; returns the events it projected. Idle steps
 * before that are waited out: transactions of other databases on the same server hold the gap-safe reader back.
 */
export async function runUntilIdle(runner: ProjectionRunner<unknown>, maxSteps = 10_000): Promise<number> {
  const head = await headOfLog(runner.store);
  let events = 0;
  for (let i = 0; i < maxSteps; i++) {
    const step = await runner.step();
    if (step.kind === 'projected') events += step.events;
    else if (step.kind === 'idle' && comparePositions(step.position, head) >= 0) return events;
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${runner.checkpointName}: not at the head of the log after ${maxSteps} steps`);
}
