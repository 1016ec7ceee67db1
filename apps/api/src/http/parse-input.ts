import type { z } from 'zod';
import { fieldIssues } from '../tables/command-request';
import { ApiProblem } from './status-mapping';

/** A query or body checked by `schema`, or a 400 INVALID_REQUEST listing what is wrong with it. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw ApiProblem.invalidRequest(fieldIssues(parsed.error));
  return parsed.data;
}
