import { Queue, UnrecoverableError, Worker, type Job, type JobsOptions } from 'bullmq';
import { positionOf, type EventStore, type Position } from '@felt/event-store';
import type { RedisSentinelSetting } from '@felt/settings';
import { redisConnectionOptions } from '../relay/redis-connection';
import type { RelayStep } from '../relay/outbox-relay';
import { deadlineChanges, jobIdOf, type Deadline, type Expiry, type TableDeadlines } from './deadlines';
import type { ExpirySender, Firing } from './expiry-sender';
import type { TimerMetrics } from './timer-metrics';

/** How a firing ended, as counted in felt_timer_firings_total: the API's answer. */
export type TimerOutcome = Firing['outcome'];

/** The queue of pending deadlines: one delayed job per deadline. */
export const TIMER_QUEUE = 'felt-timer';
/** The timer's place in the log: every deadline event before it has its job in Redis. */
export const TIMER_CHECKPOINT = 'timer';

/** What a timer job carries: the expiry, when it is due and the event that set it. Public data only (no cards). */
export interface TimerJob {
  readonly eventId: string;
  readonly dueAt: number;
  readonly expiry: Expiry;
}

/**
 * Kept a day once done, so that scheduling the same deadline again (a second worker, a restart reading the log
 * again) finds the job and adds nothing; after that the API's Idempotency-Key still makes a late repeat a replay.
 * Retries: "not due yet" by the API's clock, the API down or restarting; never past about an hour and a half.
 */
export const TIMER_JOB_OPTIONS: JobsOptions = {
  removeOnComplete: { age: 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
  attempts: 1000,
  backoff: { type: 'timer' },
};

/** A retry waits 50 ms, then doubling up to 5 s: a deadline the API calls not yet due is a few ms early. */
export function retryDelayMs(attemptsMade: number): number {
  return Math.min(50 * 2 ** Math.max(0, attemptsMade - 1), 5_000);
}

export interface TimerLogger {
  debug(message: string): void;
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface TimerServiceOptions {
  readonly redisUrl: string;
  readonly sentinel?: RedisSentinelSetting;
  readonly prefix?: string;
  /** Firings in flight at once, per process. */
  readonly concurrency?: number;
  /** Events read from the log per step. */
  readonly batchSize?: number;
  /** Whether a room's call that runs out is recorded as a no-show (TIMER_NO_SHOWS; default yes). */
  readonly noShows?: boolean;
  /** The house's absence limit for a player sitting out (FELT_ABSENCE_SECONDS, in ms here); none: not timed. */
  readonly absenceMs?: number;
  /** The tables' deadlines as their engine's modules declare them (default: the engine's own modules). */
  readonly tables?: TableDeadlines;
}

/**
 * The timer service: reads the log for deadline events (after its checkpoint, so a restart re-derives what it had
 * not scheduled yet), keeps one delayed BullMQ job per deadline (job id from the event id: scheduling twice adds
 * one job), and at the deadline sends the expiry through the API. Every worker runs one; any of them fires a job,
 * BullMQ gives each job to one at a time, and the Idempotency-Key makes a second firing (a stalled job run again) a
 * replay. A deadline already over (the seat acted, the hand ended) is refused by the API as stale: the job ends quietly.
 */
export class TimerService {
  private readonly queue: Queue<TimerJob>;
  private worker: Worker<TimerJob> | undefined;
  private position: Position | undefined;
  /** Per running clock or open call (deadlineKeyOf), the job this process scheduled for it. */
  private readonly scheduledJobs = new Map<string, string>();

  constructor(
    private readonly store: EventStore,
    private readonly sender: Pick<ExpirySender, 'fire'>,
    private readonly options: TimerServiceOptions,
    private readonly metrics: TimerMetrics,
    private readonly logger: TimerLogger,
  ) {
    this.queue = new Queue<TimerJob>(TIMER_QUEUE, {
      connection: redisConnectionOptions(options.redisUrl, options.sentinel),
      prefix: options.prefix,
      defaultJobOptions: TIMER_JOB_OPTIONS,
    });
    // An unhandled 'error' would end the process while Redis is away; the step's addBulk fails and is retried instead.
    this.queue.on('error', () => undefined);
  }

  /** Starts firing due jobs (the log tail is stepped by a RelayLoop, see step()). */
  startFiring(): void {
    if (this.worker) return;
    const connection = {
      ...redisConnectionOptions(this.options.redisUrl, this.options.sentinel),
      maxRetriesPerRequest: null,
      enableOfflineQueue: true,
    };
    this.worker = new Worker<TimerJob>(TIMER_QUEUE, (job) => this.fire(job), {
      connection,
      prefix: this.options.prefix,
      concurrency: this.options.concurrency ?? 64,
      // A worker killed mid-firing leaves its job locked until the stall check gives it back: with BullMQ's defaults
      // (30 s lock, checked every 30 s) that clock ran out about a minute late. A firing is one HTTP call of at most
      // 10 s, and a repeat is a replay (Idempotency-Key), so a short lock and a frequent check cost nothing; and a
      // job that stalls again (a second crash mid-firing) is retried rather than failed and left to the floor.
      lockDuration: 15_000,
      stalledInterval: 5_000,
      maxStalledCount: 10,
      settings: { backoffStrategy: (attemptsMade: number) => retryDelayMs(attemptsMade) },
    });
    this.worker.on('error', (error) => this.logger.warn(`timer queue: ${error.message}`));
  }

  /**
   * One step of the log tail: the next batch of events after the timer's place, their pending deadlines added as
   * delayed jobs (same ids as any earlier add), then the place moves on. A crash between the add and the move reads
   * the batch again and adds nothing new.
   */
  async step(): Promise<RelayStep> {
    this.position ??= await this.store.loadCheckpoint(TIMER_CHECKPOINT);
    const events = await this.store.readAll({ after: this.position, limit: this.options.batchSize ?? 1000 });
    if (events.length === 0) return { kind: 'idle' };
    const changes = deadlineChanges(events, { absenceMs: this.options.absenceMs, tables: this.options.tables });
    const noShows = this.options.noShows ?? true;
    const deadlines = [...changes.values()].filter((d): d is Deadline => d !== null && (noShows || d.expiry.kind !== 'room'));
    if (deadlines.length > 0) await this.schedule(deadlines);
    await this.cancelEnded(changes);
    const position = positionOf(events[events.length - 1]!);
    await this.store.advanceCheckpoint(TIMER_CHECKPOINT, position);
    this.position = position;
    return { kind: 'published', count: deadlines.length, position, events };
  }

  /**
   * Removes the jobs of deadlines that no longer stand (the seat acted, the hand ended, a time bank or a new clock
   * replaced it), so that they do not fire only to be refused as stale. Only for deadlines this process scheduled
   * since it started; the others still fire and end quietly as stale.
   */
  private async cancelEnded(changes: ReadonlyMap<string, Deadline | null>): Promise<void> {
    const ended: string[] = [];
    for (const [key, deadline] of changes) {
      const before = this.scheduledJobs.get(key);
      const now = deadline === null ? undefined : jobIdOf(deadline);
      if (before !== undefined && before !== now) ended.push(before);
      if (now === undefined) this.scheduledJobs.delete(key);
      else this.scheduledJobs.set(key, now);
    }
    // A job being fired right now is locked and stays: its firing is refused as stale. A job that already fired (the
    // event its command recorded is what ended the deadline) is cleared away too, but was not cancelled: only a job
    // still waiting for its time counts.
    const removed = await Promise.all(
      ended.map(async (id) => {
        const state = await this.queue.getJobState(id).catch(() => 'unknown');
        const gone = await this.queue.remove(id).catch(() => 0);
        return gone === 1 && (state === 'delayed' || state === 'waiting' || state === 'prioritized');
      }),
    );
    this.metrics.cancelled.inc(removed.filter(Boolean).length);
  }

  /** Nothing to read ahead: a step reads the log itself (the RelayLoop's wake-up does the rest). */
  appended(): void {}

  /** Adds a delayed job per deadline; a job id Redis already holds is left as it is. */
  async schedule(deadlines: readonly Deadline[]): Promise<void> {
    const now = Date.now();
    await this.queue.addBulk(
      deadlines.map((d) => ({
        name: d.expiry.command.type,
        data: { eventId: d.eventId, dueAt: d.dueAt, expiry: d.expiry },
        opts: { ...TIMER_JOB_OPTIONS, jobId: jobIdOf(d), delay: Math.max(0, d.dueAt - now) },
      })),
    );
    this.metrics.scheduled.inc(deadlines.length);
  }

  /** One firing of a due job: the API's answer ends the job, or throws for BullMQ to retry it (or fail it for good). */
  private async fire(job: Job<TimerJob>): Promise<TimerOutcome> {
    const { expiry, eventId, dueAt } = job.data;
    const firing = await this.sender.fire(expiry, eventId);
    const outcome: TimerOutcome = firing.outcome;
    this.metrics.firings.inc({ outcome });
    const what = describe(expiry);
    switch (firing.outcome) {
      case 'applied':
      case 'replayed':
        this.metrics.lateness.observe(Math.max(0, Date.now() - dueAt) / 1000);
        return outcome;
      case 'stale':
        this.logger.debug(`${what} was already over (event ${eventId}): nothing to expire`);
        return outcome;
      case 'not-due':
        // A few ms early by the API's clock, or the deadline moved (a time bank, a resume) while this job waited: tried
        // again until the API takes it or calls it stale. Which job expires the clock does not matter: it ends once.
        throw new Error(firing.reason);
      case 'retry':
        if (job.attemptsMade === 0 || job.attemptsMade % 20 === 0) this.logger.warn(`${what} not expired yet, retrying: ${firing.reason}`);
        throw new Error(firing.reason);
      case 'refused':
        this.logger.error(`the API refuses the timer's expiry of ${what} (event ${eventId}): ${firing.reason}`);
        throw new UnrecoverableError(firing.reason);
    }
  }

  /** Jobs waiting for their deadline or being fired (for tests and the metrics). */
  async pendingJobs(): Promise<number> {
    const counts = await this.queue.getJobCounts('delayed', 'waiting', 'active', 'prioritized');
    return Object.values(counts).reduce((a, b) => a + b, 0);
  }

  async close(): Promise<void> {
    await this.worker?.close();
    await this.queue.close();
  }
}

/** An expiry as the timer's log lines name it. */
function describe(expiry: Expiry): string {
  switch (expiry.kind) {
    case 'table':
      // The command as its module wrote it (the shot clock's names its clock).
      return `${JSON.stringify(expiry.command)} at table ${expiry.tableId}`;
    case 'room':
      return `the call of ${expiry.command.playerId} in game ${expiry.gameId}`;
    case 'tournament':
      return `step ${expiry.command.fromStep + 1} of tournament ${expiry.tournamentId}`;
    case 'absence':
      return `the absence of seat ${expiry.command.seat} at table ${expiry.tableId}`;
  }
}
