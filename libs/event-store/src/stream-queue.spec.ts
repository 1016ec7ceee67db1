import { StreamQueue } from './stream-queue';

/** A turn of the event loop: the queue's other tasks and its clean-up run meanwhile. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the per-stream queue', () => {
  it('runs the tasks of one stream one after another, and different streams side by side', async () => {
    const queue = new StreamQueue();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([queue.run('a', task('a1')), queue.run('a', task('a2')), queue.run('b', task('b1'))]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('a1 end')).toBeLessThan(log.indexOf('a2 start'));
    expect(log.indexOf('b1 start')).toBeLessThan(log.indexOf('a1 end'));
  });

  it('goes on after a failed task and forgets idle streams', async () => {
    const queue = new StreamQueue();
    const failed = queue.run('a', async () => {
      throw new Error('boom');
    });
    const next = queue.run('a', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
    await tick();
    expect(queue.busyKeys).toBe(0);
  });
});
