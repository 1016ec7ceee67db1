import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { commandRouteName, TABLE_COMMAND_TYPES } from '../tables/table-command-schema';
import { routeBodySchema } from './command-docs';

/**
 * The OpenAPI document, served at /docs (and as JSON at /docs-json). The per-command routes share one Nest route
 * (POST /tables/:tableId/:commandRoute); they are added here one path each, with their own body schema.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Felt')
    .setDescription(
      "Live casino Texas Hold'em tables, event-sourced. Commands take the same JSON as table scripts; refusals are " +
        'application/problem+json with a stable code (status codes: apps/api/src/http/status-mapping.ts).',
    )
    .setVersion('0.1.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'POST /auth/login gives one (docs/api.md "Authentication and roles")' })
    .build();
  const document = SwaggerModule.createDocument(app, config);
  document.components = {
    ...document.components,
    schemas: {
      ...document.components?.schemas,
      Problem: {
        type: 'object',
        description: 'RFC 9457 problem details',
        properties: {
          type: { type: 'string' },
          title: { type: 'string' },
          status: { type: 'integer' },
          code: { type: 'string', description: "Stable: the engine's rejection code for 422, else INVALID_REQUEST, TABLE_NOT_FOUND, VERSION_CONFLICT, ..." },
          detail: { type: 'string' },
          instance: { type: 'string' },
          requestId: { type: 'string' },
          errors: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
          currentVersion: { type: 'integer' },
          field: { type: 'string' },
        },
      },
    },
  };

  const generic = document.paths['/tables/{tableId}/commands']?.post;
  if (!generic) throw new Error('the OpenAPI document lacks POST /tables/{tableId}/commands');
  for (const type of TABLE_COMMAND_TYPES) {
    document.paths[`/tables/{tableId}/${commandRouteName(type)}`] = {
      post: {
        tags: ['commands'],
        operationId: `command${type}`,
        summary: `${type} (the body's "type" may be left out)`,
        parameters: generic.parameters,
        requestBody: { required: false, content: { 'application/json': { schema: routeBodySchema(type) } } },
        responses: generic.responses,
      },
    };
  }
  return document;
}

export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'docs-json' });
}
