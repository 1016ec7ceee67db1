import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { commandRouteName, tableCommandSchemas } from '../tables/table-command-schema';
import { FoldedTables } from '../tables/folded-tables';
import { commandBodySchema, routeBodySchema } from './command-docs';
import { commandSenders } from '../auth/command-senders';
import type { AnyRuleModule } from '@felt/engine';

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
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'POST /auth/login gives one (docs/api.md "Authentication and roles")',
    })
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
          code: {
            type: 'string',
            description: "Stable: the engine's rejection code for 422, else INVALID_REQUEST, TABLE_NOT_FOUND, VERSION_CONFLICT, ...",
          },
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
  // The commands of the engine this process runs: the casino's modules' too (FELT_HOUSE_RULES).
  const commands = tableCommandSchemas(app.get(FoldedTables).engine);
  generic.requestBody = { required: true, content: { 'application/json': { schema: commandBodySchema(commands) } } };
  const notes = moduleCommandNotes(commands.modules);
  for (const type of commands.types) {
    const sentBy = commandSenders(commands.modules, type);
    document.paths[`/tables/{tableId}/${commandRouteName(type)}`] = {
      post: {
        tags: ['commands'],
        operationId: `command${type}`,
        summary: `${type} (the body's "type" may be left out)`,
        description:
          [
            sentBy === 'floor-only' ? 'Floor supervisors only: a dealer gets 403 FORBIDDEN_ROLE.' : '',
            COMMAND_NOTES[type] ?? notes.get(type) ?? '',
            sentBy === 'timer-and-floor'
              ? "Sent by the timer service or the floor (a dealer gets 403 FORBIDDEN_ROLE). The time is the API's."
              : '',
          ]
            .join(' ')
            .trim() || undefined,
        parameters: generic.parameters,
        requestBody: { required: false, content: { 'application/json': { schema: routeBodySchema(type, commands) } } },
        responses: generic.responses,
      },
    };
  }
  return document;
}

/** What a house option's command's route says beyond its schema: its module's words (ModuleCommand.note). */
function moduleCommandNotes(modules: readonly AnyRuleModule[]): ReadonlyMap<string, string> {
  return new Map(
    modules.flatMap((m) => Object.entries(m.commands ?? {}).flatMap(([type, c]) => (c.note ? [[type, c.note] as const] : []))),
  );
}

/** What a core command's route's schema alone does not say (docs/api.md has the rest). */
const COMMAND_NOTES: Readonly<Record<string, string>> = {
  CorrectAction:
    "Takes back a mis-keyed betting action of the hand in progress and every action after it: `backTo` is the stream version of its event (or `action` its number among the standing actions, as in the table view's hand.actions). 422 ACTION_NOT_FOUND, NO_ACTION_TO_CORRECT, CORRECTION_PAST_CARDS (a board card dealt or a hand shown since), CORRECTION_PLAYER_LEFT.",
  ChangeSeat:
    'Moves a player not dealt in to an empty seat, with their stack and missed blinds. Where the big blind has passed the new seat they enter as a new player: wait for the big blind, or post one with postToEnter.',
  StartHand:
    "Who may choose the deck is the table's rule deckSource: on a house table (the default) the server shuffles, and deck, seed, holeCards, board and secondRun are refused from everyone (422 DECK_SOURCE_HOUSE); on a shuffler table only the table's shuffler device sends a deck (403 SHUFFLER_DEVICE_REQUIRED; 422 DECK_SOURCE_SHUFFLER without it); a training table takes them all, labelled training.",
  DrawForButton:
    'As StartHand: a house table refuses a deck or seed (422 DECK_SOURCE_HOUSE); a shuffler table takes a deck only from its shuffler device; without one the server draws.',
  ChangeRules:
    'Rules that widen who sees or chooses cards (dealerSeesHoleCards turned on, a training or shuffler deckSource) are not applied at once: 202 APPROVAL_REQUIRED with an approvalId, applied when another floor supervisor approves it (POST /approvals/{approvalId}/approve); OpenTable likewise. Narrowing applies at once.',
  ReportHoleCards:
    "Live cards: only a token signed in on the card reader registered for the table (403 READER_DEVICE_REQUIRED for the floor and dealers). A report that conflicts with the hand's records or face-up cards: 422 READER_CONFLICT, naming no card or seat.",
};

export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'docs-json' });
}
