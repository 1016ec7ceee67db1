import type { Decider } from './decider';

/**
 * Given/when/then for deciders (after Emmett's DeciderSpecification): given past events, when a command,
 * then these events, or this rejection. Framework-free: it throws an Error with a readable diff on mismatch,
 * so any test runner can use it.
 */
export function deciderSpec<C, S, E, R>(decider: Decider<C, S, E, R>) {
  return {
    given(events: readonly E[]) {
      const state = events.reduce((s, e) => decider.evolve(s, e), decider.initialState);
      return {
        state,
        when(command: C) {
          const decision = decider.decide(command, state);
          return {
            decision,
            then(expected: readonly E[] | ((events: readonly E[]) => void)) {
              if (!decision.ok) throw new Error(`expected events, got rejection ${JSON.stringify(decision.rejection)}`);
              if (typeof expected === 'function') return expected(decision.events);
              const a = JSON.stringify(decision.events);
              const b = JSON.stringify(expected);
              if (a !== b) throw new Error(`events differ\nexpected: ${b}\nactual:   ${a}`);
            },
            thenRejected(check: Partial<R> | ((rejection: R) => void)) {
              if (decision.ok) throw new Error(`expected a rejection, got events ${JSON.stringify(decision.events)}`);
              if (typeof check === 'function') return check(decision.rejection);
              for (const [k, v] of Object.entries(check)) {
                const actual = (decision.rejection as Record<string, unknown>)[k];
                if (actual !== v) throw new Error(`rejection ${k}: expected ${JSON.stringify(v)}, got ${JSON.stringify(actual)}`);
              }
            },
          };
        },
      };
    },
  };
}
