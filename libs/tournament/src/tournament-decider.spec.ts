import { deciderSpec } from '@felt/engine';
import { clockBoard } from './board';
import { tournamentDecider } from './tournament-decider';
import { DAILY, identity, play, registered, T } from './tournament.test-support';

const spec = deciderSpec(tournamentDecider);

describe('the tournament decider: structure and registration', () => {
  it('creates a tournament with the structure written out in full, and refuses a bad one naming the field', () => {
    spec
      .given([])
      .when({ type: 'CreateTournament', at: T(0), tournamentId: 'daily', structure: DAILY })
      .then(([created]) => {
        expect(created).toMatchObject({ type: 'TournamentCreated', tournamentId: 'daily', structure: { roundTo: 5, guarantee: 1000 } });
        expect((created as { structure: { levels: { ante?: number }[] } }).structure.levels[0]!.ante).toBe(0);
      });
    spec
      .given([])
      .when({
        type: 'CreateTournament',
        at: T(0),
        tournamentId: 'daily',
        structure: { ...DAILY, payouts: [{ minEntries: 1, places: [6000, 3000] }] },
      })
      .thenRejected({ code: 'INVALID_STRUCTURE', field: 'structure.payouts.0.places' });
    spec
      .given([])
      .when({ type: 'CreateTournament', at: T(0), tournamentId: 'daily', structure: { ...DAILY, startingStack: 1.5 } })
      .thenRejected({ code: 'INVALID_STRUCTURE', field: 'structure.startingStack' });
    spec
      .given([])
      .when({ type: 'CreateTournament', at: T(0), tournamentId: 'daily', structure: { ...DAILY, lateRegistrationLevel: 5 } })
      .thenRejected({ code: 'INVALID_STRUCTURE', field: 'structure.lateRegistrationLevel' });
  });

  it('registers with a receipt, refuses a second registration and a used alias, refunds an unregistration before the draw', () => {
    const { events } = registered(2, 1);
    expect(events.at(-1)).toEqual({
      type: 'PlayerRegistered',
      at: T(1),
      entryId: 'p2#1',
      playerId: 'p2',
      alias: 'P2',
      entryNumber: 1,
      fees: { prizePool: 80, houseFee: 15, staffFee: 5 },
      chips: 10000,
      seat: null,
      key: null,
    });
    spec
      .given(events)
      .when({ type: 'Register', at: T(2), playerId: 'p2', alias: 'X' })
      .thenRejected({ code: 'PLAYER_ALREADY_REGISTERED' });
    spec
      .given(events)
      .when({ type: 'Register', at: T(2), playerId: 'p3', alias: 'P1' })
      .thenRejected({ code: 'ALIAS_TAKEN', field: 'alias' });
    spec
      .given(events)
      .when({ type: 'ReEnter', at: T(2), playerId: 'p1' })
      .thenRejected({ code: 'ENTRY_STILL_ALIVE' });
    spec
      .given(events)
      .when({ type: 'Unregister', at: T(2), entryId: 'p1#1' })
      .then([{ type: 'PlayerUnregistered', at: T(2), entryId: 'p1#1', refund: 100 }]);
    spec
      .given(events)
      .when({ type: 'Unregister', at: T(2), entryId: 'p9#1' })
      .thenRejected({ code: 'ENTRY_NOT_FOUND' });
  });
});

describe('the seat draw', () => {
  it('spreads 20 entries over 3 tables of 9 as 7, 7 and 6, entry i taking seat permutation[i]', () => {
    const { events } = registered(20, 3);
    spec
      .given(events)
      .when({ type: 'DrawSeats', at: T(2), permutation: [19, ...identity(19)] })
      .then(([drawn]) => {
        if (drawn?.type !== 'SeatsDrawn') throw new Error('expected SeatsDrawn');
        const { seats } = drawn;
        expect(seats[0]).toEqual({ entryId: 'p1#1', tableId: 't3', seat: 6 });
        expect(seats[1]).toEqual({ entryId: 'p2#1', tableId: 't1', seat: 1 });
        expect(seats.filter((s) => s.tableId === 't1')).toHaveLength(7);
        expect(seats.filter((s) => s.tableId === 't3')).toHaveLength(6);
      });
  });

  it('refuses a draw that is no permutation, too few tables, a second draw, and unregistering after it', () => {
    const { events } = registered(20, 2);
    spec
      .given(events)
      .when({ type: 'DrawSeats', at: T(2), permutation: identity(20) })
      .thenRejected({ code: 'TOO_FEW_TABLES' });
    const three = registered(20, 3).events;
    spec
      .given(three)
      .when({ type: 'DrawSeats', at: T(2), permutation: [0, 0, ...identity(18)] })
      .thenRejected({ code: 'INVALID_DRAW' });
    spec
      .given(three)
      .when({ type: 'DrawSeats', at: T(2), permutation: identity(19) })
      .thenRejected({ code: 'INVALID_DRAW' });
    const drawn = play([{ type: 'DrawSeats', at: T(2), permutation: identity(20) }], spec.given(three).state).events;
    spec
      .given([...three, ...drawn])
      .when({ type: 'DrawSeats', at: T(3), permutation: identity(20) })
      .thenRejected({ code: 'SEATS_ALREADY_DRAWN' });
    spec
      .given([...three, ...drawn])
      .when({ type: 'Unregister', at: T(3), entryId: 'p1#1' })
      .thenRejected({ code: 'UNREGISTER_CLOSED' });
  });

  it('seats a late entry at a random open seat (by its key) of the shortest table', () => {
    const base = registered(20, 3);
    const { state } = play([{ type: 'DrawSeats', at: T(2), permutation: identity(20) }], base.state);
    // t3 has 6 (seats 1-6): open 7, 8, 9; key 4 → 4 mod 3 = 1 → seat 8.
    const late = tournamentDecider.decide({ type: 'Register', at: T(3), playerId: 'p21', alias: 'P21', keys: [4] }, state);
    expect(late.ok && late.events[0]).toMatchObject({ seat: { tableId: 't3', seat: 8 }, key: 4 });
    const keyless = tournamentDecider.decide({ type: 'Register', at: T(3), playerId: 'p21', alias: 'P21' }, state);
    expect(!keyless.ok && keyless.rejection.code).toBe('INVALID_COMMAND');
  });
});

describe('the clock (a new level is recorded; tables take it on their next hand)', () => {
  const started = () => play([{ type: 'StartClock', at: T(5) }], registered(3, 1).state).state;

  it('runs levels on their recorded ends, once each, pauses, resumes and adds time', () => {
    const s = started();
    expect(s.clock).toEqual({ status: 'running', step: 0, endsAt: T(25), remainingMs: null });
    const early = tournamentDecider.decide({ type: 'AdvanceLevel', at: T(24), fromStep: 0 }, s);
    expect(!early.ok && early.rejection.code).toBe('CLOCK_NOT_DUE');
    // The job ran 3 s late: the next level still ends 20 minutes after the first one's end.
    const next = play([{ type: 'AdvanceLevel', at: T(25, 3), fromStep: 0 }], s).state;
    expect(next.clock).toMatchObject({ step: 1, endsAt: T(45) });
    const twice = tournamentDecider.decide({ type: 'AdvanceLevel', at: T(25, 4), fromStep: 0 }, next);
    expect(!twice.ok && twice.rejection.code).toBe('LEVEL_ALREADY_ADVANCED');
    const paused = play([{ type: 'PauseClock', at: T(30) }], next).state;
    expect(paused.clock).toEqual({ status: 'paused', step: 1, endsAt: null, remainingMs: 15 * 60_000 });
    const resumed = play(
      [
        { type: 'ResumeClock', at: T(40) },
        { type: 'AddTime', at: T(41), seconds: 60 },
      ],
      paused,
    ).state;
    expect(resumed.clock).toEqual({ status: 'running', step: 1, endsAt: T(56), remainingMs: null });
  });

  it('closes registration at the end of the late-registration level (the break after it is closed)', () => {
    const s = play([{ type: 'AdvanceLevel', at: T(25), fromStep: 0 }], started()).state;
    expect(clockBoard(s, T(30)).registrationOpen).toBe(true);
    const onBreak = play([{ type: 'AdvanceLevel', at: T(45), fromStep: 1 }], s).state;
    const board = clockBoard(onBreak, T(50));
    expect(board).toMatchObject({
      registrationOpen: false,
      level: { kind: 'break', colourUp: { chip: 25, nextChip: 100 } },
      next: { number: 3, bigBlind: 200, ante: 200, bigBlindAnte: true },
    });
    expect(board.clock.timeLeftMs).toBe(5 * 60_000);
    const late = tournamentDecider.decide({ type: 'Register', at: T(50), playerId: 'p9', alias: 'P9' }, onBreak);
    expect(!late.ok && late.rejection.code).toBe('REGISTRATION_CLOSED');
  });
});
