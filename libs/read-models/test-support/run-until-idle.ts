import { comparePositions } from '@felt/event-store';
import { repeatUntil } from '../../event-store/test-support/eventually';
import type { ProjectionRunner } from '@felt/read-models';
import { headOfLog } from './random-session';

/**
 * Steps a runner until its checkpoint is the last event of the log; returns the events it projected. Idle steps
 * before that are waited out: transactions of other databases on the same server hold the gap-safe reader back.
 */
export async function runUntilIdle(runner: ProjectionRunner<unknown>, timeoutMs = 120_000): Promise<number> {
  const head = await headOfLog(runner.store);
  let events = 0;
  const last = await repeatUntil(
    async () => {
      const step = await runner.step();
      if (step.kind === 'projected') events += step.events;
      return step;
    },
    (step) => step.kind === 'idle' && comparePositions(step.position, head) >= 0,
    (step) => step.kind === 'projected',
    timeoutMs,
  );
  if (last.kind !== 'idle') throw new Error(`${runner.checkpointName}: not at the head of the log after ${timeoutMs} ms`);
  return events;
}
