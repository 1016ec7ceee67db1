/** Seats around the table, numbered 1..maxSeats clockwise: shared by the hand planner and the house options. */

/** The i-th seat clockwise after `seat` (i = 1 .. maxSeats; the last is `seat` itself). */
export function seatAfter(seat: number, i: number, maxSeats: number): number {
  return ((seat - 1 + i) % maxSeats) + 1;
}

/** How many seats lie strictly between `from` and `to`, clockwise (all of them, `from` last, when `to` is not a seat). */
export function countBetween(from: number, to: number, maxSeats: number): number {
  for (let i = 1; i <= maxSeats; i++) if (seatAfter(from, i, maxSeats) === to) return i - 1;
  return maxSeats;
}
