import { channel } from 'node:diagnostics_channel';
import { performance } from 'node:perf_hooks';

/**
 * Where a tournament table's hand end spends its time, for whoever listens (bench/tournament-decision-probe.js,
 * preloaded into the API by bench/tournament-api.bench.ts). Nothing is timed or published while nobody listens.
 */
export const TOURNAMENT_HAND_ENDS = channel('felt:tournament:hand-end');

/** The steps of one hand end, in the order they happen; each a duration in ms (wall time) from the step before. */
export const HAND_END_STEPS = [
  /** The table decides and appends the hand's last command (and the follow-ups before the tournament's). */
  'table',
  /** Which tournament plays there (the tournament's newer events read). */
  'lookup',
  /** Waiting in the tournament's queue for the batches before (and their reads of tables still taking commands). */
  'queue',
  /** Its table's earlier tournament commands applied. */
  'caughtUp',
  /** The tournament and the batch's tables read. */
  'read',
  /** The RecordHands decided (the pure decider). */
  'decide',
  /** The batch's tournament events appended, and the table commands they decide in the same transaction (JointAppend). */
  'append',
  /** The table commands it decides for its own table applied (nothing left when they were written with it). */
  'ownTable',
  /** Then those it decides for other tables (moves' seats, a broken table's players), likewise. */
  'otherTables',
  /** Then a table left with one player recorded as it is, if the batch left one. */
  'idle',
] as const;

export type HandEndStep = (typeof HAND_END_STEPS)[number];

export interface HandEndTiming {
  readonly type: 'HandEnd';
  /** How many hand ends were decided with it (0: recorded one at a time, off the happy path). */
  readonly batch: number;
  readonly steps: Partial<Record<HandEndStep, number>>;
  readonly totalMs: number;
}

/** Marks times of one hand end when somebody listens; each mark closes the step named. */
export class HandEndClock {
  private readonly began: number;
  private last: number;
  private readonly steps: Partial<Record<HandEndStep, number>> = {};

  private constructor(began: number) {
    this.began = began;
    this.last = began;
  }

  /** A clock started at `began` (performance.now()), or none when nobody listens. */
  static from(began: number | undefined): HandEndClock | undefined {
    return began === undefined || !TOURNAMENT_HAND_ENDS.hasSubscribers ? undefined : new HandEndClock(began);
  }

  mark(step: HandEndStep, at = performance.now()): void {
    this.steps[step] = at - this.last;
    this.last = at;
  }

  publish(batch: number): void {
    const timing: HandEndTiming = { type: 'HandEnd', batch, steps: this.steps, totalMs: performance.now() - this.began };
    TOURNAMENT_HAND_ENDS.publish(timing);
  }
}

/** The moment a command reached the tournament's follow-up (before the table decides it), when somebody listens. */
export const startedAt = (): number | undefined => (TOURNAMENT_HAND_ENDS.hasSubscribers ? performance.now() : undefined);
