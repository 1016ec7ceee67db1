/**
 * The engine's record types from their zod schemas (commands, events): what a schema outputs, read-only all the way
 * down, as the engine's records are. A record's fields are written once, in its schema; its type is this.
 */
import type { z } from 'zod';

export type DeepReadonly<T> = T extends readonly (infer U)[]
  ? readonly DeepReadonly<U>[]
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** The record a schema describes. */
export type Infer<S extends z.ZodType> = DeepReadonly<z.output<S>>;

/** The union of the records of a map of schemas (a module's commands or events, by type). */
export type InferEach<M extends { readonly [type: string]: z.ZodType }> = { [K in keyof M]: Infer<M[K]> }[keyof M];

/** The record a raw shape describes (a module's HandStarted fields, `startedSchema`). */
export type InferShape<S extends z.ZodRawShape> = Infer<z.ZodObject<S>>;
