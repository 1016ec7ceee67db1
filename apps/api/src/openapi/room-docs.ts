import { z } from 'zod';
import { withEnvelope } from './command-docs';

type JsonSchema = Record<string, unknown>;

/**
 * The OpenAPI body schema of a room route, generated from the zod schema that validates it (as the table commands'
 * are), with the envelope's members: so that the document, and the fuzzer generated from it, know the real body.
 */
export function roomBodySchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any' }) as JsonSchema;
  const choices = (json.oneOf ?? json.anyOf) as JsonSchema[] | undefined;
  return choices ? { oneOf: choices.map((choice) => withEnvelope(choice)), discriminator: { propertyName: 'type' } } : withEnvelope(json);
}
