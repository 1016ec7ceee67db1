import { mustMoveOrder } from './must-move-order';

const p = (playerId: string, seatedAt: string, listedAt: string, passedAt?: string) => ({
  playerId,
  seatedAt: `2026-01-01T${seatedAt}:00.000Z`,
  listedAt: `2026-01-01T${listedAt}:00.000Z`,
  ...(passedAt ? { passedAt: `2026-01-01T${passedAt}:00.000Z` } : {}),
});

describe('⚙ must-move order', () => {
  const players = [p('late-seat-early-list', '20:10', '19:00'), p('early-seat-late-list', '20:00', '19:30')];
  it('moves the longest-seated must-move player first by default', () => {
    expect(mustMoveOrder('seated-first', players).map((x) => x.playerId)).toEqual(['early-seat-late-list', 'late-seat-early-list']);
  });
  it("moves the earliest-listed first under 'listed-first'", () => {
    expect(mustMoveOrder('listed-first', players).map((x) => x.playerId)).toEqual(['late-seat-early-list', 'early-seat-late-list']);
  });
  it('puts a player who passed on a main-game seat behind the others', () => {
    const passed = [p('a', '20:00', '19:00', '20:30'), p('b', '20:05', '19:05')];
    expect(mustMoveOrder('seated-first', passed).map((x) => x.playerId)).toEqual(['b', 'a']);
  });
});
