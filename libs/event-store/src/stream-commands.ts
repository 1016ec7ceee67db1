import { CommandIdReusedError } from './append';
import { JointAppend, type JointSlot } from './joint-append';
import type { EventMetadata, NewEvent, RecordedEvent } from './event-types';
import type { Transaction } from './database';
import type { EventStore } from './event-store';
import { StreamQueue } from './stream-queue';

/**
 * One command against one stream, the same way for every stream kind (tables, room games, what comes next): the
 * stream's fold → the decider → append at the version the fold was made from → on a lost race, catch up and decide
 * again. Nothing is written unless the decider accepted the command and the version still matched at the append.
 * Idempotent by command id: a retry gets the first result, even one the decider would now refuse; a key used for
 * another stream, by another user or for another request is refused, never replayed; a key still being handled in
 * this process is refused too. Commands of one stream run one after another in this process (a second request is
 * decided on the state the first produced, not lost in a race); other processes are held off by the expected version.
 * The store knows nothing of what events mean: the stream kind says how to fold, decide and write (StreamKind).
 */

/** A stream's fold as the caller keeps it: at least its version. */
export interface FoldedStream {
  readonly version: number;
}

export interface StreamCommandRequest {
  readonly commandId: string;
  /** The server made the id up (the client sent none): nobody can retry with it, so nothing is looked up. */
  readonly commandIdGenerated?: boolean;
  readonly expectedVersion?: number;
  /** Who sent it, from where, as part of which request: on every event it writes. */
  readonly metadata: object;
  /**
   * Writes that must commit with the command's events or not at all (another stream's, an approval's record): run in
   * the append's transaction once the events are appended (`version`: the stream's version after them), never for a
   * replay or a command that writes nothing.
   */
  readonly alongside?: (tx: Transaction, version: number) => Promise<void>;
}

/** The decider's answer: a refusal answered as is, or events to append and the fold they lead to. */
export type StreamDecision<F, R, A> =
  | { readonly ok: false; readonly refusal: R }
  | {
      readonly ok: true;
      readonly events: readonly NewEvent[];
      /** Added to the request's metadata on every event (the time the decision was made with, say). */
      readonly metadata?: EventMetadata;
      /** The fold once the events are versions folded.version+1 .. version. */
      readonly advance: (version: number) => F;
      /**
       * The same fold, kept nowhere: the next command of a batch is decided on it before anything is appended
       * (handleAll). A kind without it applies its commands one at a time.
       */
      readonly fold?: (version: number) => F;
      /** Said with an applied outcome (and only then). */
      readonly note?: A;
    };

/** How one kind of stream is folded, decided and written. */
export interface StreamKind<Q extends StreamCommandRequest, F extends FoldedStream, R, A> {
  /** The stream as this process last knew it (it may be behind another process). */
  current(streamId: string): Promise<F>;
  /** The stream with every event the store has now. */
  caughtUp(streamId: string, from: F): Promise<F>;
  /** Whether this command may start a stream that has no event; without it, `not-found`. */
  mayStart(request: Q): boolean;
  decide(request: Q, folded: F): Promise<StreamDecision<F, R, A>> | StreamDecision<F, R, A>;
  /** An event as answered (a sealed one opened); the events as stored when absent. */
  opened?(event: RecordedEvent): RecordedEvent;
  /** A replay answers only the request that first used the key: who else sent it, or null (the same sender and request). */
  keyReusedBy(first: EventMetadata, request: Q): 'another-user' | 'another-request' | null;
}

export type StreamCommandOutcome<F, R, A> =
  | { readonly kind: 'applied'; readonly version: number; readonly events: readonly RecordedEvent[]; readonly folded: F; readonly note?: A }
  | { readonly kind: 'replayed'; readonly version: number; readonly events: readonly RecordedEvent[]; readonly folded: F }
  | { readonly kind: 'refused'; readonly refusal: R }
  | { readonly kind: 'conflict'; readonly expectedVersion?: number; readonly currentVersion: number }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'command-id-reused'; readonly firstStreamId: string }
  | { readonly kind: 'key-in-flight' }
  | { readonly kind: 'key-reused'; readonly by: 'another-user' | 'another-request' };

/** Decide-and-append rounds before a command without expectedVersion gives up on a stream other processes keep changing. */
const MAX_ATTEMPTS = 3;

export class StreamCommands<Q extends StreamCommandRequest, F extends FoldedStream, R, A = never> {
  private readonly queue = new StreamQueue();
  /** Command ids of the requests this process is handling now. */
  private readonly inFlight = new Set<string>();

  constructor(
    private readonly store: EventStore,
    private readonly kind: StreamKind<Q, F, R, A>,
  ) {}

  async handle(streamId: string, request: Q): Promise<StreamCommandOutcome<F, R, A>> {
    if (request.commandIdGenerated) return this.queue.run(streamId, () => this.apply(streamId, request));
    if (this.inFlight.has(request.commandId)) return { kind: 'key-in-flight' };
    this.inFlight.add(request.commandId);
    try {
      const outcome = await this.queue.run(streamId, () => this.apply(streamId, request));
      if (outcome.kind !== 'replayed') return outcome;
      const by = this.kind.keyReusedBy(outcome.events[0]?.metadata ?? {}, request);
      return by ? { kind: 'key-reused', by } : outcome;
    } finally {
      this.inFlight.delete(request.commandId);
    }
  }

  /**
   * Several commands of one stream in one round trip: each decided on the fold the one before it left (the decider's
   * `fold`), all their events appended in one statement in one transaction, each with its own command record, so a
   * retry of any of them is answered as `handle` answers it. Null when anything is off the happy path (a refusal, a
   * command with nothing to write, a command id seen before or being handled, another process's append, a request
   * with its own expected version or writes alongside): nothing is written then, and the caller sends them one at a
   * time through `handle`, which answers each of those cases. With `joint`, the events are written in another
   * party's transaction and statement (JointAppend: another stream's decision), all or none; declined when null.
   */
  async handleAll(streamId: string, requests: readonly Q[], joint?: JointSlot): Promise<StreamCommandOutcome<F, R, A>[] | null> {
    const ids = new Set(requests.map((r) => r.commandId));
    const single = (r: Q) => r.commandIdGenerated || r.alongside || r.expectedVersion !== undefined || this.inFlight.has(r.commandId);
    const slot = joint ?? new JointAppend(this.store, 1).slots[0]!;
    try {
      if (ids.size < requests.length || requests.some(single)) return null;
      for (const id of ids) this.inFlight.add(id);
      try {
        return await this.queue.run(streamId, () => this.applyAll(streamId, requests, slot));
      } finally {
        for (const id of ids) this.inFlight.delete(id);
      }
    } finally {
      // Off the happy path before anything was given to write: the other parties write nothing either.
      slot.decline();
    }
  }

  private async applyAll(streamId: string, requests: readonly Q[], slot: JointSlot): Promise<StreamCommandOutcome<F, R, A>[] | null> {
    let folded = await this.kind.current(streamId);
    if (folded.version === 0) return null;
    const decided: { request: Q; from: F; decision: Extract<StreamDecision<F, R, A>, { ok: true }> }[] = [];
    for (const request of requests) {
      const decision = await this.kind.decide(request, folded);
      if (!decision.ok || decision.events.length === 0 || !decision.fold) return null;
      decided.push({ request, from: folded, decision });
      folded = decision.fold(folded.version + decision.events.length);
    }
    // One statement for all of them (appendInOrder), in one transaction so that none is kept unless all are; a retry
    // or another process's append rolls it back whole (null), and they are then answered one at a time.
    const written = await slot.write(
      decided.map(({ request, from, decision }) => ({
        streamId,
        options: {
          expectedVersion: from.version,
          events: decision.events,
          commandId: request.commandId,
          metadata: { ...(request.metadata as EventMetadata), ...decision.metadata },
        },
      })),
    );
    if (!written) return null;
    // Only the last fold is kept (the ones before it are the batch's own steps).
    return decided.map(({ decision }, i) => {
      const appended = written[i]!;
      const last = i === decided.length - 1;
      return {
        kind: 'applied' as const,
        version: appended.streamVersion,
        events: this.opened(appended.events),
        folded: last ? decision.advance(appended.streamVersion) : decision.fold!(appended.streamVersion),
        ...(decision.note === undefined ? {} : { note: decision.note }),
      };
    });
  }

  private async apply(streamId: string, request: Q): Promise<StreamCommandOutcome<F, R, A>> {
    const expected = request.expectedVersion;
    let folded = await this.kind.current(streamId);
    let caughtUp = false;
    for (let attempt = 1; ; attempt++) {
      if (folded.version === 0 && !this.kind.mayStart(request)) return { kind: 'not-found' };
      // A new stream's first command with a key used before: answered here, since the store would make the
      // stream's row before it finds the key taken (a refusal must write nothing).
      if (folded.version === 0) {
        const first = await this.firstResult(streamId, request, folded);
        if (first) return first;
      }
      if (expected !== undefined && expected !== folded.version) {
        // This process may be behind another one: look at the store before calling it a conflict.
        if (expected > folded.version && !caughtUp) {
          folded = await this.kind.caughtUp(streamId, folded);
          caughtUp = true;
          continue;
        }
        return (
          (await this.firstResult(streamId, request, folded)) ?? {
            kind: 'conflict',
            expectedVersion: expected,
            currentVersion: folded.version,
          }
        );
      }

      const decision = await this.kind.decide(request, folded);
      if (!decision.ok) return (await this.firstResult(streamId, request, folded)) ?? { kind: 'refused', refusal: decision.refusal };
      // Accepted with nothing to record: the store appends no empty command; a retry of a command applied earlier
      // still gets its first result.
      if (decision.events.length === 0)
        return (await this.firstResult(streamId, request, folded)) ?? { kind: 'applied', version: folded.version, events: [], folded };

      let appended;
      try {
        const options = {
          expectedVersion: folded.version,
          events: decision.events,
          commandId: request.commandId,
          metadata: { ...(request.metadata as EventMetadata), ...decision.metadata },
        };
        const alongside = request.alongside;
        appended = alongside
          ? await this.store.transaction(async (tx) => {
              const result = await this.store.append(streamId, { ...options, tx });
              if (result.ok && !result.duplicate) await alongside(tx, result.streamVersion);
              return result;
            })
          : await this.store.append(streamId, options);
      } catch (error) {
        if (error instanceof CommandIdReusedError) return { kind: 'command-id-reused', firstStreamId: error.firstStreamId };
        throw error;
      }
      if (appended.ok && appended.duplicate) {
        // Its first attempt committed without this process seeing it (an answer lost to a restart): the client's
        // next command needs the stream as it is now, not as this process last knew it.
        return {
          kind: 'replayed',
          version: appended.streamVersion,
          events: this.opened(appended.events),
          folded: await this.kind.caughtUp(streamId, folded),
        };
      }
      if (appended.ok) {
        const next = decision.advance(appended.streamVersion);
        return {
          kind: 'applied',
          version: appended.streamVersion,
          events: this.opened(appended.events),
          folded: next,
          ...(decision.note === undefined ? {} : { note: decision.note }),
        };
      }

      // Another process appended since this one last looked.
      folded = await this.kind.caughtUp(streamId, folded);
      caughtUp = true;
      if (expected !== undefined || attempt >= MAX_ATTEMPTS)
        return { kind: 'conflict', expectedVersion: expected, currentVersion: folded.version };
    }
  }

  /**
   * A refused or mismatched command may be a retry of one applied earlier (the decider would refuse it now: it is
   * no longer that player's turn): then its first result stands. The happy path never looks.
   */
  private async firstResult(streamId: string, request: Q, folded: F): Promise<StreamCommandOutcome<F, R, A> | null> {
    if (request.commandIdGenerated) return null;
    const command = await this.store.findCommand(request.commandId);
    if (!command) return null;
    if (command.streamId !== streamId) return { kind: 'command-id-reused', firstStreamId: command.streamId };
    const events = await this.store.readStream(command.streamId, { fromVersion: command.firstVersion, toVersion: command.lastVersion });
    return {
      kind: 'replayed',
      version: command.lastVersion,
      events: this.opened(events),
      folded: await this.kind.caughtUp(streamId, folded),
    };
  }

  private opened(events: readonly RecordedEvent[]): RecordedEvent[] {
    return this.kind.opened ? events.map((e) => this.kind.opened!(e)) : [...events];
  }
}
