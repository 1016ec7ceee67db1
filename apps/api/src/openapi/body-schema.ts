import { z } from 'zod';

export type JsonSchema = Record<string, unknown>;

/**
 * A request body's OpenAPI schema, generated from the zod schema that validates it: the one source of the body's
 * shape (its fields, bounds, enums and the descriptions given with .meta), so the document cannot say other than
 * what the route accepts. Every @ApiBody of the API takes its schema from here (openapi-bodies.spec.ts).
 */
export function bodySchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any' }) as JsonSchema;
}
