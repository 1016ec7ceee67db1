import type { RecordedEvent } from '@felt/event-store';

/**
 * A read model as a pure fold over the global log: no I/O, no clock. A runner keeps `view` (or rows derived from
 * it) beside a checkpoint; rebuilding from position zero must reach the same view, so evolve may only look at the
 * view and the event.
 */
export interface Projection<V> {
  readonly name: string;
  readonly initial: V;
  evolve(view: V, event: RecordedEvent): V;
}

/** Folds recorded events onto a view (from the projection's initial view unless told). */
export function project<V>(projection: Projection<V>, events: Iterable<RecordedEvent>, from: V = projection.initial): V {
  let view = from;
  for (const event of events) view = projection.evolve(view, event);
  return view;
}
