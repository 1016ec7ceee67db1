import { legalActions, randomLegalCommand, chipsOnTable, normalizeRules } from '../default-table';
import fc from 'fast-check';
import { TableUnderTest, deckFor } from '../table/table-under-test.test-support';
import { mulberry32 } from '../table/deck';
import { timedTable } from '../table/timed-table.test-support';
import { type TableRulesInput } from '../table/rules';
import type { TableCommand } from '../table/commands';
import { DEFAULT_SHOT_CLOCK, validateShotClock, type ShotClockOption } from './shot-clock';
import { expectToBe, expectToEqual } from '../../../../test/loop-assertions';

/** 1/2 no limit, three seats, the button on seat 1: seat 2 posts the small blind, seat 3 the big, seat 1 acts first. */
const rules = (shotClock: Partial<ShotClockOption> | true = true, extra: Partial<TableRulesInput> = {}): TableRulesInput => ({
  structure: { kind: 'no-limit' },
  smallBlind: 1,
  bigBlind: 2,
  maxSeats: 4,
  houseOptions: { shotClock },
  ...extra,
});
const three = () => ['a', 'b', 'c'].map((id, i) => ({ seat: i + 1, id, stack: 100 }));

/** Seconds after 18:00:00 UTC as the API would stamp them. */
const T0 = Date.parse('2026-12-04T18:00:00.000Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();
const timed = <C extends TableCommand>(command: C, seconds: number): C => ({ ...command, at: at(seconds) });

/** A clocked table with the blinds in: seat 1 to act, its clock 1 started at second `s` (30 seconds by default). */
function toTheFirstDecision(option: Partial<ShotClockOption> | true = true, s = 0): TableUnderTest {
  const t = TableUnderTest.open(rules(option), three(), 1);
  const deck = deckFor([2, 3, 1], { 1: 'AsAd', 2: 'KsKd', 3: 'QsQd' }, '2c7d9hJc3s');
  t.do(timed({ type: 'StartHand', deck }, s), timed({ type: 'PostBlind', seat: 2 }, s), timed({ type: 'PostBlind', seat: 3 }, s));
  return t;
}

describe('shot clock and time banks (docs/house-options.md "Shot clock and time banks")', () => {
  describe('the clock starts', () => {
    it('given a clocked table, when the blinds are in at 18:00:00, then seat 1 gets clock 1 with a deadline 30 seconds later', () => {
      const t = toTheFirstDecision();
      expect(t.events[t.events.length - 1]).toEqual({
        type: 'ClockStarted',
        seat: 1,
        clock: 1,
        seconds: 30,
        deadline: '2026-12-04T18:00:30.000Z',
      });
      expect(t.state.clock).toEqual({ clock: 1, seat: 1, deadline: '2026-12-04T18:00:30.000Z', remainingMs: null });
    });

    it('when seat 1 calls at second 12, then its clock ends without an event and seat 2 gets clock 2 from second 12', () => {
      const t = toTheFirstDecision();
      expect(t.do(timed({ type: 'Call', seat: 1 }, 12))).toEqual([
        { type: 'PlayerCalled', seat: 1, amount: 2, allIn: false },
        { type: 'ClockStarted', seat: 2, clock: 2, seconds: 30, deadline: '2026-12-04T18:00:42.000Z' },
      ]);
    });

    it('when the betting round ends, then the next street is dealt and the first player after the button gets the clock', () => {
      const t = toTheFirstDecision();
      t.do(timed({ type: 'Call', seat: 1 }, 1), timed({ type: 'Call', seat: 2 }, 2));
      const events = t.do(timed({ type: 'Check', seat: 3 }, 3));
      expect(events.map((e) => e.type)).toEqual(['PlayerChecked', 'BoardDealt', 'ClockStarted']);
      expect(events[2]).toMatchObject({ seat: 2, clock: 4 });
    });

    it('given the hand ends on a fold, then no clock runs and none starts until the next hand is dealt', () => {
      const t = toTheFirstDecision();
      t.do(timed({ type: 'Fold', seat: 1 }, 1), timed({ type: 'Fold', seat: 2 }, 2));
      expect(t.events.slice(-2).map((e) => e.type)).toEqual(['HandEnded', 'DeckRevealed']);
      expect(t.state.clock).toBeNull();
    });

    it('given commands without a time (a table script), then no clock starts and the hand plays as on any table', () => {
      const t = TableUnderTest.open(rules(), three(), 1);
      const events = t.do(
        { type: 'StartHand', seed: 1 },
        { type: 'PostBlind', seat: 2 },
        { type: 'PostBlind', seat: 3 },
        { type: 'Fold', seat: 1 },
      );
      expect(events.some((e) => e.type.startsWith('Clock'))).toBe(false);
      const plain = TableUnderTest.open(rules(false as never), three(), 1);
      expect(
        plain.do({ type: 'StartHand', seed: 1 }, { type: 'PostBlind', seat: 2 }, { type: 'PostBlind', seat: 3 }, { type: 'Fold', seat: 1 }),
      ).toEqual(events);
    });

    it('given a table without the option, then timed commands start no clock', () => {
      const t = TableUnderTest.open(rules(false as never), three(), 1);
      const events = t.do(
        timed({ type: 'StartHand', seed: 1 }, 0),
        timed({ type: 'PostBlind', seat: 2 }, 0),
        timed({ type: 'PostBlind', seat: 3 }, 0),
      );
      expect(events.some((e) => e.type === 'ClockStarted')).toBe(false);
      t.refuses(timed({ type: 'ClockExpired', clock: 1 }, 99), 'OPTION_NOT_ENABLED');
    });
  });

  describe('the clock runs out', () => {
    it('given seat 1 has not acted by its deadline, when clock 1 expires at second 30, then its hand is dead (TDA default)', () => {
      const t = toTheFirstDecision();
      const events = t.do(timed({ type: 'ClockExpired', clock: 1 }, 30));
      expect(events.slice(0, 3)).toEqual([
        { type: 'ClockExpired', seat: 1, clock: 1, outcome: 'fold' },
        { type: 'PlayerFolded', seat: 1 },
        { type: 'ClockStarted', seat: 2, clock: 2, seconds: 30, deadline: '2026-12-04T18:01:00.000Z' },
      ]);
    });

    it('given check-else-fold, when the big blind may check and its clock runs out, then it checks', () => {
      const t = toTheFirstDecision({ onExpiry: 'check-else-fold' });
      t.do(timed({ type: 'Call', seat: 1 }, 1), timed({ type: 'Call', seat: 2 }, 2));
      expect(t.state.clock).toMatchObject({ seat: 3, clock: 3 });
      const events = t.do(timed({ type: 'ClockExpired', clock: 3 }, 40));
      expect(events.slice(0, 3).map((e) => e.type)).toEqual(['ClockExpired', 'PlayerChecked', 'BoardDealt']);
      expect(events[0]).toEqual({ type: 'ClockExpired', seat: 3, clock: 3, outcome: 'check' });
    });

    it('given check-else-fold, when a player facing a bet runs out of time, then the hand is dead', () => {
      const t = toTheFirstDecision({ onExpiry: 'check-else-fold' });
      expect(t.do(timed({ type: 'ClockExpired', clock: 1 }, 30)).slice(0, 2)).toEqual([
        { type: 'ClockExpired', seat: 1, clock: 1, outcome: 'fold' },
        { type: 'PlayerFolded', seat: 1 },
      ]);
    });

    it('when the expiry comes a millisecond before the deadline, then it is refused CLOCK_NOT_DUE and nothing is written', () => {
      const t = toTheFirstDecision();
      const message = t.refuses({ type: 'ClockExpired', clock: 1, at: '2026-12-04T18:00:29.999Z' }, 'CLOCK_NOT_DUE');
      expect(message).toBe('Clock 1 runs until 2026-12-04T18:00:30.000Z; it has not run out yet.');
    });

    it('given seat 1 acted, when its clock 1 expires late, then the expiry is stale (CLOCK_STALE), and so is a clock never started', () => {
      const t = toTheFirstDecision();
      t.do(timed({ type: 'Call', seat: 1 }, 10));
      t.refuses(timed({ type: 'ClockExpired', clock: 1 }, 31), 'CLOCK_STALE');
      t.refuses(timed({ type: 'ClockExpired', clock: 9 }, 99), 'CLOCK_STALE');
    });

    it('given the hand ended, when the last clock expires, then it is stale', () => {
      const t = toTheFirstDecision();
      t.do(timed({ type: 'Fold', seat: 1 }, 1));
      t.do(timed({ type: 'Fold', seat: 2 }, 2));
      t.refuses(timed({ type: 'ClockExpired', clock: 2 }, 60), 'CLOCK_STALE');
    });

    it('given a floor correction took seat 1 back to act, when the clock of the seat after it expires, then it is stale', () => {
      const t = toTheFirstDecision();
      t.do(timed({ type: 'Call', seat: 1 }, 1));
      const events = t.do(timed({ type: 'CorrectAction', action: 1, reason: 'mis-keyed call' }, 5));
      expect(events.map((e) => e.type)).toEqual(['ActionCorrected', 'ClockStarted']);
      expect(events[1]).toMatchObject({ seat: 1, clock: 3, deadline: '2026-12-04T18:00:35.000Z' });
      t.refuses(timed({ type: 'ClockExpired', clock: 2 }, 40), 'CLOCK_STALE');
    });

    it('refuses an expiry without a time or without a clock number (INVALID_COMMAND)', () => {
      const t = toTheFirstDecision();
      expect(t.refuses({ type: 'ClockExpired', clock: 1 }, 'INVALID_COMMAND')).toContain('(at)');
      t.refuses({ type: 'ClockExpired', at: at(30) } as never, 'INVALID_COMMAND');
      t.refuses({ type: 'ClockExpired', clock: 1, at: '30 seconds later' }, 'INVALID_COMMAND');
    });
  });

  describe('time banks', () => {
    it('when seat 1 uses its time bank at second 20, then its clock runs 30 seconds longer and it has 3 extensions left', () => {
      const t = toTheFirstDecision();
      expect(legalActions(t.state).actions).toContainEqual({ type: 'UseTimeBank', seat: 1, extensionsLeft: 4 });
      expect(t.do(timed({ type: 'UseTimeBank', seat: 1 }, 20))).toEqual([
        { type: 'TimeBankUsed', seat: 1, clock: 1, seconds: 30, deadline: '2026-12-04T18:01:00.000Z', extensionsLeft: 3 },
      ]);
      // The first deadline is not the clock's any more.
      t.refuses(timed({ type: 'ClockExpired', clock: 1 }, 30), 'CLOCK_NOT_DUE');
      expect(t.do(timed({ type: 'ClockExpired', clock: 1 }, 60))[0]).toEqual({ type: 'ClockExpired', seat: 1, clock: 1, outcome: 'fold' });
    });

    it('given one extension per session, when it is used, then the next is refused TIME_BANK_EMPTY, also in the next hand', () => {
      const t = toTheFirstDecision({ timeBankExtensions: 1, timeBankSeconds: 15 });
      expect(t.do(timed({ type: 'UseTimeBank', seat: 1 }, 1))[0]).toMatchObject({
        seconds: 15,
        deadline: '2026-12-04T18:00:45.000Z',
        extensionsLeft: 0,
      });
      t.refuses(timed({ type: 'UseTimeBank', seat: 1 }, 2), 'TIME_BANK_EMPTY');
      expect(legalActions(t.state).actions.some((a) => a.type === 'UseTimeBank')).toBe(false);
      t.do(timed({ type: 'Fold', seat: 1 }, 3), timed({ type: 'Fold', seat: 2 }, 4));
      t.do(timed({ type: 'StartHand', seed: 2 }, 5));
      for (const due of [...t.state.hand!.forcedBetsDue]) t.do(timed({ type: 'PostBlind', seat: due.seat, blind: due.kind }, 5));
      const toAct = t.state.clock!.seat;
      const player = t.state.seats[toAct - 1]!.playerId;
      if (player === 'a') t.refuses(timed({ type: 'UseTimeBank', seat: toAct }, 6), 'TIME_BANK_EMPTY');
      else expect(t.do(timed({ type: 'UseTimeBank', seat: toAct }, 6))[0]).toMatchObject({ extensionsLeft: 0 });
    });

    it('given a player who used their extension left and sat down again, then a new session has them all', () => {
      const t = toTheFirstDecision({ timeBankExtensions: 1 });
      t.do(timed({ type: 'UseTimeBank', seat: 1 }, 1), timed({ type: 'Fold', seat: 1 }, 2), timed({ type: 'Fold', seat: 2 }, 3));
      expect(t.state.seats[0]!.timeBanksUsed).toBe(1);
      t.do({ type: 'LeaveTable', seat: 1 }, { type: 'SeatPlayer', seat: 1, playerId: 'a', buyIn: 100 });
      expect(t.state.seats[0]!.timeBanksUsed).toBe(0);
    });

    it('refuses a time bank for a seat not to act (CLOCK_NOT_RUNNING), after the deadline (CLOCK_RAN_OUT), and while paused (CLOCK_PAUSED)', () => {
      const t = toTheFirstDecision();
      t.refuses(timed({ type: 'UseTimeBank', seat: 2 }, 1), 'CLOCK_NOT_RUNNING');
      t.refuses(timed({ type: 'UseTimeBank', seat: 1 }, 30), 'CLOCK_RAN_OUT');
      t.do(timed({ type: 'PauseClock' }, 10));
      t.refuses(timed({ type: 'UseTimeBank', seat: 1 }, 11), 'CLOCK_PAUSED');
    });
  });

  describe('the floor pauses the clock', () => {
    it('given 18 seconds left, when paused, then it cannot expire; when resumed a minute later, then it has its 18 seconds again', () => {
      const t = toTheFirstDecision();
      expect(t.do(timed({ type: 'PauseClock' }, 12))).toEqual([{ type: 'ClockPaused', clock: 1, remainingMs: 18000 }]);
      expect(t.do(timed({ type: 'PauseClock' }, 13))).toEqual([]);
      t.refuses(timed({ type: 'ClockExpired', clock: 1 }, 30), 'CLOCK_STALE');
      expect(t.do(timed({ type: 'ResumeClock' }, 72))).toEqual([{ type: 'ClockResumed', clock: 1, deadline: '2026-12-04T18:01:30.000Z' }]);
      expect(t.do(timed({ type: 'ResumeClock' }, 73))).toEqual([]);
      t.refuses(timed({ type: 'ClockExpired', clock: 1 }, 89), 'CLOCK_NOT_DUE');
      expect(t.do(timed({ type: 'ClockExpired', clock: 1 }, 90))[0]).toMatchObject({ type: 'ClockExpired', clock: 1 });
    });

    it('given a paused clock, when the seat acts, then the next player gets a running clock', () => {
      const t = toTheFirstDecision();
      t.do(timed({ type: 'PauseClock' }, 5));
      expect(t.do(timed({ type: 'Call', seat: 1 }, 50))[1]).toMatchObject({
        type: 'ClockStarted',
        seat: 2,
        clock: 2,
        deadline: '2026-12-04T18:01:20.000Z',
      });
    });

    it('refuses a pause or a resume with no clock running (CLOCK_NOT_RUNNING), and without a time', () => {
      const t = TableUnderTest.open(rules(), three(), 1);
      t.refuses(timed({ type: 'PauseClock' }, 1), 'CLOCK_NOT_RUNNING');
      t.refuses(timed({ type: 'ResumeClock' }, 1), 'CLOCK_NOT_RUNNING');
      const u = toTheFirstDecision();
      u.refuses({ type: 'PauseClock' }, 'INVALID_COMMAND');
    });
  });

  describe('its parameters', () => {
    it('validates the seconds, the extensions and the expiry rule, and records the option only when on', () => {
      expect(validateShotClock(DEFAULT_SHOT_CLOCK)).toBeNull();
      expect(validateShotClock({ ...DEFAULT_SHOT_CLOCK, seconds: 4 })?.field).toBe('seconds');
      expect(validateShotClock({ ...DEFAULT_SHOT_CLOCK, timeBankExtensions: -1 })?.field).toBe('timeBankExtensions');
      expect(validateShotClock({ ...DEFAULT_SHOT_CLOCK, timeBankSeconds: 1.5 })?.field).toBe('timeBankSeconds');
      expect(validateShotClock({ ...DEFAULT_SHOT_CLOCK, onExpiry: 'check' as never })?.field).toBe('onExpiry');
      const on = normalizeRules(rules({ seconds: 20 }));
      expect(on.ok && on.rules.houseOptions.shotClock).toEqual({ ...DEFAULT_SHOT_CLOCK, seconds: 20 });
      const off = normalizeRules(rules(false as never));
      expect(off.ok && 'shotClock' in off.rules.houseOptions).toBe(false);
      const bad = normalizeRules(rules({ secs: 20 } as never));
      expect(!bad.ok && bad.rejection.field).toBe('rules.houseOptions.shotClock.secs');
    });
  });

  describe('property: random clocked hands', () => {
    /**
     * Random 2-6 player tables with the clock on, played by the random legal player (time banks included) with the
     * time moving 0-40 seconds a command, some decisions replaced by the clock's expiry when it is due, some pauses.
     */
    it('conserve the chips, and every ClockStarted is followed by exactly one of: its seat acting, its ClockExpired, the hand ending', () => {
      fc.assert(
        fc.property(
          fc.record({
            players: fc.integer({ min: 2, max: 6 }),
            seed: fc.integer({ min: 0, max: 0x7fffffff }),
            onExpiry: fc.constantFrom('fold' as const, 'check-else-fold' as const),
            extensions: fc.integer({ min: 0, max: 2 }),
          }),
          ({ players, seed, onExpiry, extensions }) => {
            const random = mulberry32(seed);
            let now = T0;
            const t = timedTable(() => now);
            t.must({
              type: 'OpenTable',
              tableId: 'p',
              rules: rules({ onExpiry, timeBankExtensions: extensions, seconds: 10, timeBankSeconds: 10 }, { maxSeats: 6 }),
            });
            for (let s = 1; s <= players; s++)
              t.must({ type: 'SeatPlayer', seat: s, playerId: `p${s}`, buyIn: 50 + Math.floor(random() * 100) });
            t.must({ type: 'PlaceButton', seat: 1 });
            const bought = chipsOnTable(t.state);
            for (let hand = 0; hand < 3; hand++) {
              if (t.state.seats.filter((s) => s !== null && s.stack > 0).length < 2) break;
              t.must({ type: 'StartHand', seed: Math.floor(random() * 1e9) });
              for (let guard = 0; t.state.hand !== null && t.state.hand.phase !== 'complete' && guard < 500; guard++) {
                now += Math.floor(random() * 40_000);
                const clock = t.state.clock;
                const r = random();
                if (clock !== null && r < 0.1) t.apply({ type: clock.deadline === null ? 'ResumeClock' : 'PauseClock' });
                else if (clock !== null && clock.deadline !== null && r < 0.4 && now >= Date.parse(clock.deadline))
                  t.must({ type: 'ClockExpired', clock: clock.clock });
                else {
                  const command = randomLegalCommand(t.state, random);
                  if (command === null) break;
                  // A time bank after the deadline is refused (CLOCK_RAN_OUT): the dealer pressed too late.
                  if (!t.apply(command) && command.type !== 'UseTimeBank') throw new Error(`refused: ${JSON.stringify(command)}`);
                }
              }
              expectToBe(t.state.hand?.phase, 'complete');
            }
            expectToBe(chipsOnTable(t.state), bought);
            // Each clock's end: scan forward from its start.
            const bettingTypes = ['PlayerFolded', 'PlayerChecked', 'PlayerCalled', 'BetPlaced', 'RaisePlaced'];
            for (let i = 0; i < t.log.length; i++) {
              const started = t.log[i]!;
              if (started.type !== 'ClockStarted') continue;
              let end: string | null = null;
              let j = i + 1;
              for (; j < t.log.length && end === null; j++) {
                const e = t.log[j]!;
                if (e.type === 'ClockExpired' && e.clock === started.clock) end = 'expired';
                else if (bettingTypes.includes(e.type) && (e as { seat: number }).seat === started.seat) end = 'acted';
                else if (e.type === 'HandEnded' || e.type === 'HandVoided') end = 'hand ended';
                else if (e.type === 'ClockStarted') end = 'replaced without an end';
              }
              if (end === null || end === 'replaced without an end')
                throw new Error(`clock ${started.clock} of seat ${started.seat}: ${end ?? 'no end'}`);
              // Exactly one: nothing names the clock after its end.
              expectToEqual(
                t.log.slice(j).filter((e) => (e as { clock?: unknown }).clock === started.clock),
                [],
              );
            }
            // Clock numbers rise by one, never reused.
            const numbers = t.log.flatMap((e) => (e.type === 'ClockStarted' ? [e.clock] : []));
            expectToEqual(
              numbers,
              numbers.map((_, i) => i + 1),
            );
          },
        ),
        { numRuns: 150 },
      );
    });
  });
});
