import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { commandRouteName, TABLE_COMMAND_TYPES } from '../tables/table-command-schema';
import { routeBodySchema } from './command-docs';
import { FLOOR_ONLY_COMMANDS } from '@felt/staff';

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
  for (const type of TABLE_COMMAND_TYPES) {
    document.paths[`/tables/{tableId}/${commandRouteName(type)}`] = {
      post: {
        tags: ['commands'],
        operationId: `command${type}`,
        summary: `${type} (the body's "type" may be left out)`,
        description:
          [FLOOR_ONLY_COMMANDS.has(type) ? 'Floor supervisors only: a dealer gets 403 FORBIDDEN_ROLE.' : '', COMMAND_NOTES[type] ?? '']
            .join(' ')
            .trim() || undefined,
        parameters: generic.parameters,
        requestBody: { required: false, content: { 'application/json': { schema: routeBodySchema(type) } } },
        responses: generic.responses,
      },
    };
  }
  return document;
}

/** What a route's schema alone does not say (docs/api.md has the rest). */
const COMMAND_NOTES: Readonly<Record<string, string>> = {
  CorrectAction:
    "Takes back a mis-keyed betting action of the hand in progress and every action after it: `backTo` is the stream version of its event (or `action` its number among the standing actions, as in the table view's hand.actions). 422 ACTION_NOT_FOUND, NO_ACTION_TO_CORRECT, CORRECTION_PAST_CARDS (a board card dealt or a hand shown since), CORRECTION_PLAYER_LEFT.",
  ChangeSeat:
    'Moves a player not dealt in to an empty seat, with their stack and missed blinds. Where the big blind has passed the new seat they enter as a new player: wait for the big blind, or post one with postToEnter.',
  ClockExpired:
    "Shot clock: clock `clock` (ClockStarted's number) ran out; the seat's hand is dead, or checked where the table's onExpiry allows. Sent by the timer service or the floor (a dealer gets 403 FORBIDDEN_ROLE). The time is the API's. 422 CLOCK_STALE (not the running clock: the seat acted, the hand moved on or ended, or the clock is paused), CLOCK_NOT_DUE (before its deadline); nothing is written.",
  UseTimeBank:
    'Shot clock: the seat to act extends its running clock by one time-bank extension. 422 CLOCK_NOT_RUNNING, CLOCK_PAUSED, CLOCK_RAN_OUT (after the deadline), TIME_BANK_EMPTY.',
  PauseClock:
    'Shot clock: stops the running clock with the time it has left (a dispute, a deck change); pausing twice changes nothing. 422 CLOCK_NOT_RUNNING.',
  ResumeClock: 'Shot clock: the paused clock runs again with the time it had left. 422 CLOCK_NOT_RUNNING.',
  StartHand:
    "Who may choose the deck is the table's rule deckSource: on a house table (the default) the server shuffles, and deck, seed, holeCards, board and secondRun are refused from everyone (422 DECK_SOURCE_HOUSE); on a shuffler table only the table's shuffler device sends a deck (403 SHUFFLER_DEVICE_REQUIRED; 422 DECK_SOURCE_SHUFFLER without it); a training table takes them all, labelled training.",
  DrawForButton:
    'As StartHand: a house table refuses a deck or seed (422 DECK_SOURCE_HOUSE); a shuffler table takes a deck only from its shuffler device; without one the server draws.',
  ChangeRules:
    'Rules that widen who sees or chooses cards (dealerSeesHoleCards turned on, a training or shuffler deckSource) are not applied at once: 202 APPROVAL_REQUIRED with an approvalId, applied when another floor supervisor approves it (POST /approvals/{approvalId}/approve); OpenTable likewise. Narrowing applies at once.',
  RaceChips:
    "A tournament colour-up's chip race, sent by the tournament to its own tables only (from here: 422 TOURNAMENT_TABLE at a tournament table, OPTION_NOT_ENABLED at a cash table). Between hands; whole odd chips of `chip` off each seat listed, at most one `nextChip` won, nobody left at zero.",
  ReportHoleCards:
    "Live cards: only a token signed in on the card reader registered for the table (403 READER_DEVICE_REQUIRED for the floor and dealers). A report that conflicts with the hand's records or face-up cards: 422 READER_CONFLICT, naming no card or seat.",
};

export function serveOpenApi(app: INestApplication): void {
  SwaggerModule.setup('docs', app, () => buildOpenApiDocument(app), { jsonDocumentUrl: 'docs-json' });
}
