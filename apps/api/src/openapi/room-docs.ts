import type { z } from 'zod';
import { bodySchema, type JsonSchema } from './body-schema';
import { withEnvelope } from './command-docs';

/**
 * The OpenAPI body schema of a room route, generated from the zod schema that validates it (as the table commands'
 * are), with the envelope's members: so that the document, and the fuzzer generated from it, know the real body.
 */
export function roomBodySchema(schema: z.ZodType): JsonSchema {
  const json = bodySchema(schema);
  const choices = (json.oneOf ?? json.anyOf) as JsonSchema[] | undefined;
  return choices ? { oneOf: choices.map((choice) => withEnvelope(choice)), discriminator: { propertyName: 'type' } } : withEnvelope(json);
}
