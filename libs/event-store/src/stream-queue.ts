/**
 * Runs the commands of one stream one after another inside this process, streams in parallel. Two requests for the
 * same stream then never race each other to the append: the second is decided on the state the first produced
 * (a rule refusal or an expectedVersion mismatch, not a lost race). Writers in other processes are still
 * serialised by the append's expected version.
 */
export class StreamQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    // The last one out removes the key, so idle streams cost nothing.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  get busyKeys(): number {
    return this.tails.size;
  }
}
