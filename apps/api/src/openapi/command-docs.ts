import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiResponse } from '@nestjs/swagger';
import { commandJsonSchema, DEFAULT_TABLE_COMMANDS, type TableCommandSchemas } from '../tables/table-command-schema';

/**
 * OpenAPI for the command routes: body schemas generated from the same zod schemas that validate requests
 * (z.toJSONSchema), the envelope headers, and every answer a command can get.
 */

import type { JsonSchema } from './body-schema';

const ENVELOPE_PROPERTIES = {
  commandId: {
    type: 'string',
    maxLength: 128,
    description:
      'Your id for this command (or the Idempotency-Key header): a retry with the same id returns the first result and writes nothing.',
  },
  expectedVersion: {
    type: 'integer',
    minimum: 0,
    description: 'The table version you decided on (or If-Match): if the table has moved on, the answer is 409 and nothing is written.',
  },
};

/** A body schema with the envelope's members (commandId, expectedVersion) added: the room's routes take them too. */
export function withEnvelope(schema: JsonSchema, typeOptional = false): JsonSchema {
  const properties = { ...(schema.properties as JsonSchema), ...ENVELOPE_PROPERTIES };
  const required = ((schema.required as string[] | undefined) ?? []).filter((name) => !(typeOptional && name === 'type'));
  return { ...schema, properties, required };
}

export function openTableBodySchema(): JsonSchema {
  return withEnvelope(commandJsonSchema('OpenTable'));
}

/** The body of POST /tables/:tableId/commands: any command of the engine (`commands`: the engine's, the default's unless given). */
export function commandBodySchema(commands: TableCommandSchemas = DEFAULT_TABLE_COMMANDS): JsonSchema {
  return { oneOf: commands.types.map((type) => withEnvelope(commandJsonSchema(type, commands))), discriminator: { propertyName: 'type' } };
}

/** The body of POST /tables/:tableId/<route>: `type` may be left out (the route says it). */
export function routeBodySchema(type: string, commands: TableCommandSchemas = DEFAULT_TABLE_COMMANDS): JsonSchema {
  return withEnvelope(commandJsonSchema(type, commands), true);
}

export const COMMAND_HEADERS = [
  {
    name: 'Idempotency-Key',
    description: 'The command id (instead of commandId in the body). Without either, the server generates one and says so.',
  },
  { name: 'If-Match', description: 'The expected table version as an ETag, e.g. "12" (instead of expectedVersion in the body).' },
  { name: 'X-Request-Id', description: 'A correlation id; generated when absent, echoed in the response and recorded in each event.' },
] as const;

const problem = (description: string) => ({
  description: `${description} (application/problem+json with a code)`,
  schema: { $ref: '#/components/schemas/Problem' },
});

export function ApiCommandResponses(headers: typeof COMMAND_HEADERS) {
  return applyDecorators(
    ...headers.map((h) => ApiHeader({ name: h.name, description: h.description, required: false })),
    ApiResponse({ status: 201, description: 'Applied: the new events, the new version and the table now' }),
    ApiResponse({ status: 200, description: 'This command id was applied before: its first result; nothing new written' }),
    ApiResponse({ status: 400, ...problem('Malformed: not JSON, wrong types, extra fields, bad amounts, unknown command type') }),
    ApiResponse({ status: 404, ...problem('No such table') }),
    ApiResponse({ status: 409, ...problem('Version conflict; currentVersion says where the table is') }),
    ApiResponse({ status: 413, ...problem('Body too large') }),
    ApiResponse({ status: 415, ...problem('Body not JSON') }),
    ApiResponse({ status: 422, ...problem("Refused by the table's rules: code is the engine's rejection code, detail its sentence") }),
  );
}
