import fc from 'fast-check';
import { TableUnderTest } from '../table/table-under-test.test-support';
import type { TableRulesInput } from '../table/rules';
import { defaultTable } from '../default-table';
import { racedChange, type ChipsRacedEvent, type RaceChipsCommand } from './chip-race';

const rules = (gameType: 'cash' | 'tournament'): TableRulesInput => ({
  structure: { kind: 'no-limit' },
  smallBlind: 100,
  bigBlind: 200,
  maxSeats: 6,
  gameType,
  ...(gameType === 'tournament' ? { buttonMode: 'dead' as const, buyIn: null } : {}),
});
const players = [
  { seat: 1, id: 'e1', stack: 1525 },
  { seat: 2, id: 'e2', stack: 3050 },
  { seat: 3, id: 'e3', stack: 75 },
];
const race = (seats: RaceChipsCommand['seats']): RaceChipsCommand => ({ type: 'RaceChips', chip: 25, nextChip: 100, seats });

describe('the chip race at a tournament table (TDA 2024 "Chip Race")', () => {
  it('CR-1: odd 25s off, a 100 to each winner, the player left with none keeps one (worked by hand)', () => {
    const t = TableUnderTest.open(rules('tournament'), players, 1);
    // 25 + 50 + 75 = 150 in 25s, worth 1.5 chips of 100, rounded half up to 2: e1 and e2 win them; e3 would be
    // raced out and gets one anyway.
    const events = t.do(
      race([
        { seat: 1, removed: 25, won: 1 },
        { seat: 2, removed: 50, won: 1 },
        { seat: 3, removed: 75, won: 1 },
      ]),
    );
    expect(events).toEqual([
      {
        type: 'ChipsRaced',
        chip: 25,
        nextChip: 100,
        seats: [
          { seat: 1, removed: 25, won: 1 },
          { seat: 2, removed: 50, won: 1 },
          { seat: 3, removed: 75, won: 1 },
        ],
      },
    ]);
    expect(t.stacks()).toEqual({ e1: 1600, e2: 3100, e3: 100 });
    expect(racedChange(events[0] as ChipsRacedEvent)).toBe(150);
  });

  it('CR-2: refused at a cash table, during a hand, and for each broken TDA limit; nothing written', () => {
    const cash = TableUnderTest.open(rules('cash'), players, 1);
    expect(cash.refuses(race([{ seat: 1, removed: 25, won: 0 }]), 'OPTION_NOT_ENABLED')).toMatch(/a cash stack is money/);
    const t = TableUnderTest.open(rules('tournament'), players, 1);
    expect(t.refuses(race([{ seat: 1, removed: 25, won: 2 }]), 'INVALID_AMOUNT')).toMatch(/at most one chip/);
    expect(t.refuses(race([{ seat: 3, removed: 75, won: 0 }]), 'INVALID_AMOUNT')).toMatch(/raced out/);
    expect(t.refuses(race([{ seat: 1, removed: 100, won: 0 }]), 'INVALID_AMOUNT')).toMatch(/1 to 3 chips of 25/);
    expect(t.refuses(race([{ seat: 1, removed: 30, won: 0 }]), 'INVALID_AMOUNT')).toMatch(/chips of 25/);
    expect(t.refuses(race([{ seat: 4, removed: 25, won: 0 }]), 'SEAT_EMPTY')).toMatch(/Seat 4/);
    expect(
      t.refuses(
        race([
          { seat: 1, removed: 25, won: 0 },
          { seat: 1, removed: 25, won: 0 },
        ]),
        'SEAT_EMPTY',
      ),
    ).toMatch(/listed twice/);
    expect(
      t.refuses({ type: 'RaceChips', chip: 25, nextChip: 60, seats: [{ seat: 1, removed: 25, won: 0 }] }, 'INVALID_COMMAND'),
    ).toBeTruthy();
    t.do({ type: 'StartHand', seed: 1 });
    expect(t.refuses(race([{ seat: 1, removed: 25, won: 0 }]), 'HAND_IN_PROGRESS')).toMatch(/between hands/);
  });

  it('CR-3: property: an accepted race moves exactly its recorded change, and nobody ends with no chip', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            stack: fc.integer({ min: 25, max: 5000 }),
            odd: fc.integer({ min: 1, max: 3 }),
            won: fc.integer({ min: 0, max: 1 }),
          }),
          {
            minLength: 2,
            maxLength: 6,
          },
        ),
        (rows) => {
          const stacked = rows.map((r, i) => ({ seat: i + 1, id: `e${i + 1}`, stack: Math.max(r.stack - (r.stack % 25), 25) }));
          const t = TableUnderTest.open(rules('tournament'), stacked, 1);
          const before = t.chips();
          const seats = rows.map((r, i) => ({ seat: i + 1, removed: Math.min(r.odd * 25, stacked[i]!.stack), won: r.won }));
          const command = race(seats.filter((s) => s.removed < 100));
          if (command.seats.length === 0) return;
          const decision = defaultTable.decide(command, t.state);
          if (!decision.ok) return;
          t.do(command);
          expect(t.chips() - before).toBe(racedChange(decision.events[0] as ChipsRacedEvent));
          for (const s of t.state.seats) if (s) expect(s.stack).toBeGreaterThan(0);
        },
      ),
      { numRuns: 60 },
    );
  });
});
