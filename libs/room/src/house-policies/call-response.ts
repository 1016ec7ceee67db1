/**
 * ⚙ How long a called player has to reach the seat (docs/room.md "Calling a player"). Rooms commonly allow two to
 * five minutes; Felt's default is three. The clock starts at the call (PlayerCalledToSeat.calledAt) and the deadline is
 * recorded in the event (respondBy), so a replay never recomputes it with a later policy.
 */
export const DEFAULT_CALL_RESPONSE_SECONDS = 180;
export const MIN_CALL_RESPONSE_SECONDS = 30;
export const MAX_CALL_RESPONSE_SECONDS = 1800;

/** The moment a call made at `calledAt` (ISO-8601) runs out, as ISO-8601. */
export function respondBy(calledAt: string, responseSeconds: number): string {
  return new Date(Date.parse(calledAt) + responseSeconds * 1000).toISOString();
}

/** Whether the call's time has run out at `at`. */
export function callRunOut(deadline: string, at: string): boolean {
  return Date.parse(at) >= Date.parse(deadline);
}
