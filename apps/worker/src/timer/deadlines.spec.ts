import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MODULES, ruleModule, type AnyRuleModule, type TableCommand } from '@felt/engine';
import { CLOCK_ENDING_TYPES, deadlineOf, jobIdOf, pendingDeadlines, tableDeadlinesOf } from './deadlines';
import type { JsonValue } from '@felt/event-store';

let n = 0;
function event(streamId: string, type: string, data: JsonValue) {
  n += 1;
  return { eventId: `00000000-0000-8000-8000-${String(n).padStart(12, '0')}`, streamId, type, data };
}

describe('the deadlines the timer reads from the log', () => {
  it('a ClockStarted is a ClockExpired for that clock at its deadline, the event id naming the job', () => {
    const started = event('table-t1', 'ClockStarted', { seat: 3, clock: 7, seconds: 30, deadline: '2026-12-04T18:00:30.000Z' });
    const deadline = deadlineOf(started);
    expect(deadline).toEqual({
      eventId: started.eventId,
      streamId: 'table-t1',
      dueAt: Date.parse('2026-12-04T18:00:30.000Z'),
      expiry: { kind: 'table', tableId: 't1', command: { type: 'ClockExpired', clock: 7 } },
    });
    expect(jobIdOf(deadline!)).toBe(`clock-${started.eventId}`);
    expect(jobIdOf(deadline!)).not.toContain(':'); // BullMQ refuses ':' in custom job ids
  });

  it("a room's call to a seat is a NoShow for that player when the response time runs out", () => {
    const called = event('game-g1', 'PlayerCalledToSeat', {
      at: '2026-12-04T18:00:00.000Z',
      playerId: 'p9',
      alias: 'Ann',
      tableId: 't1',
      seat: 2,
      route: 'list',
      respondBy: '2026-12-04T18:03:00.000Z',
      passedOver: [],
    });
    expect(deadlineOf(called)).toEqual({
      eventId: called.eventId,
      streamId: 'game-g1',
      dueAt: Date.parse('2026-12-04T18:03:00.000Z'),
      expiry: { kind: 'room', gameId: 'g1', command: { type: 'NoShow', playerId: 'p9' } },
    });
  });

  it("a tournament's level end is an AdvanceLevel naming the step; a pause or the end leaves none", () => {
    const started = event('tournament-daily', 'LevelStarted', {
      step: 2,
      endsAt: '2026-12-04T19:20:00.000Z',
      remainingMs: null,
      early: false,
    });
    const deadline = deadlineOf(started);
    expect(deadline).toEqual({
      eventId: started.eventId,
      streamId: 'tournament-daily',
      dueAt: Date.parse('2026-12-04T19:20:00.000Z'),
      expiry: { kind: 'tournament', tournamentId: 'daily', command: { type: 'AdvanceLevel', fromStep: 2 } },
    });
    expect(jobIdOf(deadline!)).toBe(`level-${started.eventId}`);
    const paused = event('tournament-daily', 'ClockPaused', { remainingMs: 60_000 });
    expect(pendingDeadlines([started, paused])).toEqual([]);
    const resumed = event('tournament-daily', 'ClockResumed', { step: 2, endsAt: '2026-12-04T19:25:00.000Z' });
    expect(pendingDeadlines([started, paused, resumed]).map((d) => d.eventId)).toEqual([resumed.eventId]);
    expect(deadlineOf(event('tournament-daily', 'LevelStarted', { step: 3, endsAt: null, remainingMs: 60_000, early: true }))).toBeNull();
  });

  it('reads nothing into other events or an unreadable deadline', () => {
    expect(deadlineOf(event('table-t1', 'PlayerFolded', { seat: 3 }))).toBeNull();
    expect(deadlineOf(event('table-t1', 'ClockStarted', { seat: 3, clock: 1, seconds: 30, deadline: 'soon' }))).toBeNull();
    expect(
      deadlineOf(event('table-t1', 'ClockStarted', { seat: 3, clock: '1', seconds: 30, deadline: '2026-12-04T18:00:30.000Z' })),
    ).toBeNull();
    expect(
      deadlineOf(event('audit-2026-12-04', 'ClockStarted', { seat: 3, clock: 1, seconds: 30, deadline: '2026-12-04T18:00:30.000Z' })),
    ).toBeNull();
  });

  it('leaves the last deadline of each clock, and none for a clock a later event of the run ended', () => {
    const t1Started = event('table-t1', 'ClockStarted', { seat: 3, clock: 1, seconds: 30, deadline: '2026-12-04T18:00:30.000Z' });
    const t1Bank = event('table-t1', 'TimeBankUsed', {
      seat: 3,
      clock: 1,
      seconds: 30,
      deadline: '2026-12-04T18:01:00.000Z',
      extensionsLeft: 3,
    });
    const t2Started = event('table-t2', 'ClockStarted', { seat: 1, clock: 4, seconds: 30, deadline: '2026-12-04T18:00:30.000Z' });
    const t2Folded = event('table-t2', 'PlayerFolded', { seat: 1 });
    const t3Started = event('table-t3', 'ClockStarted', { seat: 1, clock: 2, seconds: 30, deadline: '2026-12-04T18:00:30.000Z' });
    const t3Paused = event('table-t3', 'ClockPaused', { clock: 2, remainingMs: 1000 });
    const t4Started = event('table-t4', 'ClockStarted', { seat: 1, clock: 9, seconds: 30, deadline: '2026-12-04T18:00:30.000Z' });
    const t4Paused = event('table-t4', 'ClockPaused', { clock: 9, remainingMs: 1000 });
    const t4Resumed = event('table-t4', 'ClockResumed', { clock: 9, deadline: '2026-12-04T18:05:01.000Z' });
    const called = event('game-g1', 'PlayerCalledToSeat', { playerId: 'p1', respondBy: '2026-12-04T18:03:00.000Z' });
    const seated = event('game-g1', 'SeatTaken', { playerId: 'p1' });
    const calledToo = event('game-g1', 'PlayerCalledToSeat', { playerId: 'p2', respondBy: '2026-12-04T18:03:00.000Z' });
    const pending = pendingDeadlines([
      t1Started,
      t2Started,
      t1Bank,
      t2Folded,
      t3Started,
      t3Paused,
      t4Started,
      t4Paused,
      t4Resumed,
      called,
      calledToo,
      seated,
    ]);
    expect(pending.map((d) => d.eventId).sort()).toEqual([t1Bank.eventId, t4Resumed.eventId, calledToo.eventId].sort());
    // Reading the same run again gives the same deadlines: scheduling is idempotent.
    expect(
      pendingDeadlines([
        t1Started,
        t2Started,
        t1Bank,
        t2Folded,
        t3Started,
        t3Paused,
        t4Started,
        t4Paused,
        t4Resumed,
        called,
        calledToo,
        seated,
      ]),
    ).toEqual(pending);
  });

  it("ends a clock on every event the engine's shot clock ends it on", () => {
    const source = readFileSync(join(__dirname, '../../../../libs/engine/src/house-options/shot-clock.ts'), 'utf8');
    const engineEnds = [...source.matchAll(/^\s+(\w+): clockOver,$/gm)].map((m) => m[1]!);
    expect(engineEnds.length).toBeGreaterThan(5);
    for (const type of engineEnds) expect(CLOCK_ENDING_TYPES.has(type)).toBe(true);
  });

  it("a player sitting out is due the house's absence limit after the PlayerSatOut, until they sit in, leave or move", () => {
    const AT = '2026-12-04T18:00:00.000Z';
    const out = { ...event('table-t1', 'PlayerSatOut', { seat: 2 }), recordedAt: AT };
    const absenceMs = 30 * 60_000;
    expect(deadlineOf(out)).toBeNull(); // no limit set: not timed
    const deadline = deadlineOf(out, { absenceMs });
    expect(deadline).toEqual({
      eventId: out.eventId,
      streamId: 'table-t1',
      dueAt: Date.parse(AT) + absenceMs,
      expiry: { kind: 'absence', tableId: 't1', command: { type: 'AbsenceExpired', seat: 2, since: out.eventId } },
    });
    expect(jobIdOf(deadline!)).toBe(`absence-${out.eventId}`);
    const other = { ...event('table-t1', 'PlayerSatOut', { seat: 3 }), recordedAt: AT };
    for (const end of [
      event('table-t1', 'PlayerSatIn', { seat: 2, waitForBigBlind: false }),
      event('table-t1', 'PlayerLeft', { seat: 2, playerId: 'p', cashOut: 0 }),
      event('table-t1', 'SeatChanged', { from: 2, to: 5, playerId: 'p', newPlayer: false, postToEnter: false }),
    ])
      expect(pendingDeadlines([out, other, end], { absenceMs }).map((d) => d.eventId)).toEqual([other.eventId]);
    expect(pendingDeadlines([out, other], { absenceMs })).toHaveLength(2);
  });
  it("schedules a casino's own module's deadlines with the worker's house rules, and ends them on its events", () => {
    // A casino's module (FELT_HOUSE_RULES): a called clock on a seat, due at its event's deadline, stopped by its own event.
    const callClock: AnyRuleModule = ruleModule<Record<string, never>>({
      name: 'callClock',
      where: 'houseOptions',
      params: () => null,
      defaults: {},
      deadlines: {
        setBy: {
          CallClockCalled: (e) =>
            typeof e.deadline === 'string'
              ? { deadline: e.deadline, command: { type: 'CallClockOut', seat: e.seat } as unknown as TableCommand }
              : null,
        },
        endedBy: ['CallClockStopped'],
      },
    });
    const tables = tableDeadlinesOf([...DEFAULT_MODULES, callClock]);
    const called = event('table-t1', 'CallClockCalled', { seat: 4, deadline: '2026-12-04T18:01:00.000Z' });
    expect(pendingDeadlines([called], { tables })).toEqual([
      {
        eventId: called.eventId,
        streamId: 'table-t1',
        dueAt: Date.parse('2026-12-04T18:01:00.000Z'),
        expiry: { kind: 'table', tableId: 't1', command: { type: 'CallClockOut', seat: 4 } },
      },
    ]);
    expect(pendingDeadlines([called, event('table-t1', 'CallClockStopped', { seat: 4 })], { tables })).toEqual([]);
    // The default modules' own deadlines still stand beside it; without the house rules the module's event sets none.
    const started = event('table-t1', 'ClockStarted', { seat: 3, clock: 7, seconds: 30, deadline: '2026-12-04T18:00:30.000Z' });
    expect(pendingDeadlines([started], { tables })).toHaveLength(1);
    expect(pendingDeadlines([called])).toEqual([]);
  });
});
