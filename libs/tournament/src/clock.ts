import { accept, reject, type Decision } from '@felt/engine';
import type { TournamentCommand } from './commands';
import type { TournamentEvent } from './events';
import { tournamentRejection as refuse, type TournamentRejection } from './rejections';
import type { TournamentState } from './state';

type ClockCommand = Extract<TournamentCommand, { type: 'StartClock' | 'PauseClock' | 'ResumeClock' | 'AddTime' | 'AdvanceLevel' }>;

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The events that set or end the running level's deadline, which the timer (apps/worker) schedules AdvanceLevel at:
 * each records the running step's end (endsAt), or ends it (a pause, a level started while paused, the end).
 */
export const LEVEL_DEADLINE_EVENT_TYPES: ReadonlySet<string> = new Set<TournamentEvent['type']>([
  'ClockStarted',
  'LevelStarted',
  'ClockResumed',
  'TimeAdded',
  'ClockPaused',
  'TournamentFinished',
]);

/**
 * The tournament clock. A level's end is recorded (endsAt) when it starts, resumes or gains time; the timer sends
 * AdvanceLevel naming the step it was set for, so a job that fires twice or late moves the clock once. A level
 * that runs out moves on from its recorded end, not from the moment the job ran, so the schedule does not drift.
 */
export function decideClock(command: ClockCommand, state: TournamentState): Decision<TournamentEvent, TournamentRejection> {
  const { clock } = state;
  const levels = state.structure!.levels;
  const at = command.at;
  const now = Date.parse(at);
  if (command.type === 'StartClock') {
    if (clock.status !== 'not-started') return reject(refuse('CLOCK_ALREADY_STARTED', 'the clock is already started'));
    return accept([{ type: 'ClockStarted', at, step: 0, endsAt: iso(now + levels[0]!.minutes * MINUTE) }]);
  }
  if (clock.status === 'not-started') return reject(refuse('CLOCK_NOT_STARTED', 'the clock has not been started'));
  switch (command.type) {
    case 'PauseClock':
      if (clock.status !== 'running') return reject(refuse('CLOCK_NOT_RUNNING', 'the clock is already paused'));
      return accept([{ type: 'ClockPaused', at, remainingMs: Math.max(0, Date.parse(clock.endsAt!) - now) }]);
    case 'ResumeClock':
      if (clock.status !== 'paused') return reject(refuse('CLOCK_NOT_PAUSED', 'the clock is not paused'));
      return accept([{ type: 'ClockResumed', at, step: clock.step, endsAt: iso(now + clock.remainingMs!) }]);
    case 'AddTime': {
      if (!Number.isInteger(command.seconds) || command.seconds === 0 || Math.abs(command.seconds) > 3600)
        return reject(refuse('INVALID_COMMAND', 'seconds is a whole number from -3600 to 3600, not 0', 'seconds'));
      const ms = command.seconds * 1000;
      if (clock.status === 'running')
        return accept([
          {
            type: 'TimeAdded',
            at,
            step: clock.step,
            seconds: command.seconds,
            endsAt: iso(Math.max(now, Date.parse(clock.endsAt!) + ms)),
            remainingMs: null,
          },
        ]);
      return accept([
        {
          type: 'TimeAdded',
          at,
          step: clock.step,
          seconds: command.seconds,
          endsAt: null,
          remainingMs: Math.max(0, clock.remainingMs! + ms),
        },
      ]);
    }
    case 'AdvanceLevel': {
      if (command.fromStep !== clock.step)
        return reject(refuse('LEVEL_ALREADY_ADVANCED', `the clock is at step ${clock.step + 1}, not ${command.fromStep + 1}`, 'fromStep'));
      if (clock.step + 1 >= levels.length) return reject(refuse('NO_NEXT_LEVEL', 'this is the last level of the structure; it runs on'));
      const early = command.early === true;
      if (!early && (clock.status !== 'running' || Date.parse(clock.endsAt!) > now))
        return reject(refuse('CLOCK_NOT_DUE', "the level's time has not run out; the floor may move on early"));
      const step = clock.step + 1;
      const length = levels[step]!.minutes * MINUTE;
      if (clock.status === 'paused') return accept([{ type: 'LevelStarted', at, step, endsAt: null, remainingMs: length, early }]);
      const from = early ? now : Date.parse(clock.endsAt!);
      return accept([{ type: 'LevelStarted', at, step, endsAt: iso(from + length), remainingMs: null, early }]);
    }
  }
}
