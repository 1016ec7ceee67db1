/**
 * The decider pattern (after Emmett): `decide` says what may happen, `evolve` records what happened.
 * `decide` never throws for a rule violation: it returns a rejection value. `evolve` is total and pure.
 */
export type Decision<E, R> = { readonly ok: true; readonly events: readonly E[] } | { readonly ok: false; readonly rejection: R };

export interface Decider<C, S, E, R> {
  readonly initialState: S;
  decide(command: C, state: S): Decision<E, R>;
  evolve(state: S, event: E): S;
}

export function accept<E>(events: readonly E[]): Decision<E, never> {
  return { ok: true, events };
}

export function reject<R>(rejection: R): { readonly ok: false; readonly rejection: R } {
  return { ok: false, rejection };
}

/** Folds events onto a state with the decider's `evolve`. */
export function fold<S, E>(decider: { evolve(state: S, event: E): S }, events: Iterable<E>, from: S): S {
  let state = from;
  for (const event of events) state = decider.evolve(state, event);
  return state;
}
