import { GroupCommit, type BatchOutcome } from './group-commit';

/** A batch sender whose batches the test answers by hand. */
function manualSender() {
  const batches: { items: readonly number[]; answer: (outcomes: BatchOutcome<string>[]) => void; fail: (error: Error) => void }[] = [];
  const send = (items: readonly number[]) =>
    new Promise<readonly BatchOutcome<string>[]>((answer, fail) => batches.push({ items, answer, fail }));
  return { batches, send };
}

const echo = (items: readonly number[]): BatchOutcome<string>[] => items.map((n) => ({ value: `#${n}` }));

describe('GroupCommit', () => {
  it('sends a lone call at once, as a batch of one', async () => {
    const { batches, send } = manualSender();
    const group = new GroupCommit(send, { maxInFlight: 2, maxBatch: 10 });
    const result = group.submit(1);
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    batches[0]!.answer(echo([1]));
    await expect(result).resolves.toBe('#1');
  });

  it('queues the calls made while maxInFlight batches are out and sends them together when one returns', async () => {
    const { batches, send } = manualSender();
    const group = new GroupCommit(send, { maxInFlight: 2, maxBatch: 10 });
    const results = [1, 2, 3, 4, 5].map((n) => group.submit(n));
    expect(batches.map((b) => b.items)).toEqual([[1], [2]]);
    batches[1]!.answer(echo([2]));
    await results[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches.map((b) => b.items)).toEqual([[1], [2], [3, 4, 5]]);
    batches[0]!.answer(echo([1]));
    batches[2]!.answer(echo([3, 4, 5]));
    await expect(Promise.all(results)).resolves.toEqual(['#1', '#2', '#3', '#4', '#5']);
    expect(batches).toHaveLength(3);
  });

  it('never puts more than maxBatch calls in one batch', async () => {
    const { batches, send } = manualSender();
    const group = new GroupCommit(send, { maxInFlight: 1, maxBatch: 2 });
    const results = [1, 2, 3, 4, 5, 6].map((n) => group.submit(n));
    for (let i = 0; i < 4; i++) {
      const batch = batches[i]!;
      batch.answer(echo(batch.items));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3], [4, 5], [6]]);
    await expect(Promise.all(results)).resolves.toEqual(['#1', '#2', '#3', '#4', '#5', '#6']);
  });

  it('fails only the call whose outcome is an error, and every call of a batch that failed as a whole', async () => {
    const { batches, send } = manualSender();
    const group = new GroupCommit(send, { maxInFlight: 1, maxBatch: 10 });
    const first = group.submit(1);
    const [second, third] = [group.submit(2), group.submit(3)];
    batches[0]!.fail(new Error('connection lost'));
    await expect(first).rejects.toThrow('connection lost');
    await new Promise((resolve) => setImmediate(resolve));
    batches[1]!.answer([{ error: new Error('bad item 2') }, { value: '#3' }]);
    await expect(second).rejects.toThrow('bad item 2');
    await expect(third).resolves.toBe('#3');
  });

  it('turns a sender that throws instead of rejecting into failed calls, and keeps serving', async () => {
    let calls = 0;
    const group = new GroupCommit<number, string>(
      (items) => {
        if (calls++ === 0) throw new Error('sender bug');
        return Promise.resolve(echo(items));
      },
      { maxInFlight: 1, maxBatch: 10 },
    );
    await expect(group.submit(1)).rejects.toThrow('sender bug');
    await expect(group.submit(2)).resolves.toBe('#2');
  });

  it('rejects every call when the sender answers with fewer outcomes than calls', async () => {
    const group = new GroupCommit<number, string>(() => Promise.resolve([]), { maxInFlight: 1, maxBatch: 10 });
    await expect(group.submit(1)).rejects.toThrow('0 outcomes for 1 calls');
  });
});
