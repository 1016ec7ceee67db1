import { CommandIdReusedError, type AppendRequest, type AppendResult } from './append';
import type { EventStore } from './event-store';

/** An append written as asked (neither a conflict nor a command seen before). */
export type Appended = Extract<AppendResult, { ok: true }>;

/** One party's place in a JointAppend. */
export interface JointSlot {
  /**
   * This party's appends, answered once every party has given its own: each one's result (appended, never a
   * duplicate), or null when anything kept the joint write from being as decided, with nothing of it written.
   */
  write(appends: readonly AppendRequest[]): Promise<readonly Appended[] | null>;
  /** This party has nothing to write as decided: the joint write does not happen (every write answers null). Ignored after write. */
  decline(): void;
}

/** The joint write found what a party did not expect (another writer, a retry): rolled back whole. */
class NotAsDecided extends Error {}

interface Given {
  readonly appends: readonly AppendRequest[];
  readonly resolve: (written: readonly Appended[] | null) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * The appends of several parties (the decisions of different streams, each made in its own stream's queue) written
 * in one statement and one transaction, all or none: a tournament's hand end and the commands it decides at its own
 * table commit together, so that no crash can leave one without the other. Written once every slot has given its
 * appends or declined, each stream's in the order given (in the global log, and so to the outbox's relay, the one
 * transaction's streams come in stream-id order: felt_append_batch locks them so, as in every group commit). Any
 * append not written as asked (a version another writer moved, a command id seen before) rolls all back, and every
 * party then goes its one-at-a-time way, which answers each such case.
 */
export class JointAppend {
  readonly slots: readonly JointSlot[];
  private readonly given: (Given | 'declined' | undefined)[];
  private settled = 0;

  constructor(
    private readonly store: EventStore,
    parties: number,
  ) {
    this.given = new Array<Given | 'declined' | undefined>(parties);
    this.slots = Array.from({ length: parties }, (_, i) => ({
      write: (appends) =>
        new Promise<readonly Appended[] | null>((resolve, reject) => {
          if (this.given[i] !== undefined) throw new Error(`joint append slot ${i} was already used`);
          this.settle(i, { appends, resolve, reject });
        }),
      decline: () => {
        if (this.given[i] === undefined) this.settle(i, 'declined');
      },
    }));
  }

  private settle(i: number, given: Given | 'declined'): void {
    this.given[i] = given;
    if (++this.settled === this.given.length) void this.commit();
  }

  private async commit(): Promise<void> {
    const parties = this.given.filter((g): g is Given => g !== 'declined');
    if (parties.length < this.given.length) return parties.forEach((p) => p.resolve(null));
    try {
      const written = await this.store.transaction(async (tx) => {
        const outcomes = await this.store.appendInOrder(
          parties.flatMap((p) => p.appends),
          tx,
        );
        return outcomes.map((outcome) => {
          if ('error' in outcome) throw outcome.error;
          if (!outcome.value.ok || outcome.value.duplicate) throw new NotAsDecided();
          return outcome.value;
        });
      });
      let from = 0;
      for (const p of parties) p.resolve(written.slice(from, (from += p.appends.length)));
    } catch (error) {
      const notAsDecided = error instanceof NotAsDecided || error instanceof CommandIdReusedError;
      for (const p of parties)
        if (notAsDecided) p.resolve(null);
        else p.reject(error);
    }
  }
}
