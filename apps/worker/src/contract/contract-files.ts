import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_MODULES, publishedEventSchemas, schemaVersionOf, type AnyRuleModule, type TableEventType } from '@felt/engine';
import { sessionMarkSchema } from '@felt/players';
import { eventJobSchema } from './event-job-schema';
import { ROOM_EVENT_SCHEMAS, roomDataSchemaOf, type RoomContractEventType } from './room-event-schemas';
import {
  PUBLIC_TOURNAMENT_DATA_SCHEMAS,
  TOURNAMENT_EVENT_SCHEMAS,
  tournamentDataSchemaOf,
  type TournamentContractEventType,
} from '@felt/tournament';

/** Where the generated JSON Schemas live (committed; a test fails when they are stale). */
export const CONTRACT_DIR = join(__dirname, '..', '..', 'contract');
/** The sessions feed's job data (queue felt-player-sessions, docs/players.md "The sessions feed"). */
export const SESSION_MARK_FILE = 'session-mark.schema.json';
const ID_BASE = 'https://felt.example/contract/';

function render(schema: z.ZodType, id: string, title: string): string {
  // io "output": objects are closed (additionalProperties: false), so a job carrying a key its version does not
  // declare (a deck, a seed, a hole card) fails every consumer's validation; a new key is a new schema version.
  const json = { ...z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12' }), $id: `${ID_BASE}${id}`, title };
  return `${JSON.stringify(json, null, 2)}\n`;
}

/** A tournament event's schema file as recorded (a folder of its own: the room has a TableAdded and a TableBroken too). */
export function tournamentEventSchemaFile(type: string): string {
  return `events/tournament/${type}.v1.schema.json`;
}

/** A tournament event's schema file as published: the data of a job whose stream is `tournament-<id>`. */
export function publicTournamentEventSchemaFile(type: string): string {
  return `events/tournament-public/${type}.v1.schema.json`;
}

export function eventSchemaFile(type: string, version = schemaVersionOf(type as TableEventType)): string {
  return `events/${type}.v${version}.schema.json`;
}

/** The schema of a published job's `data`: the event without `type` (the store keeps the type in its own column). */
export function dataSchemaOf(schemas: Readonly<Record<string, z.ZodObject>>, type: string): z.ZodObject {
  return schemas[type]!.omit({ type: true });
}

/**
 * Every contract file by its path under CONTRACT_DIR, with its content: the table events of an engine with these
 * modules (the engine's publishedEventSchemas: the core's, then each module's; FELT_HOUSE_RULES adds a casino's
 * modules to the default ones), a module's own events at version 1, then the room's and the tournaments' events;
 * beside the event job, the sessions feed's mark.
 */
export function contractFiles(modules: readonly AnyRuleModule[] = DEFAULT_MODULES): Map<string, string> {
  const files = new Map<string, string>();
  files.set('event-job.schema.json', render(eventJobSchema, 'event-job.schema.json', 'Felt event job (BullMQ job data)'));
  files.set(SESSION_MARK_FILE, render(sessionMarkSchema, SESSION_MARK_FILE, 'Felt sessions feed mark v1 (BullMQ job data)'));
  const schemas = publishedEventSchemas(modules);
  const owner = new Map(modules.flatMap((m) => Object.keys(m.eventSchemas ?? {}).map((type) => [type, m.name] as const)));
  for (const type of Object.keys(schemas).sort()) {
    const path = eventSchemaFile(type);
    const house = DEFAULT_MODULES.some((m) => m.name === owner.get(type)) ? '' : owner.get(type);
    const title = house
      ? `${type} v1 (house rule ${house}): the job's data`
      : `${type} v${schemaVersionOf(type as TableEventType)}: the job's data`;
    files.set(path, render(dataSchemaOf(schemas, type), path, title));
  }
  // The room's events (streams game-<gameId>, docs/events.md "Room events"), all at version 1.
  for (const type of Object.keys(ROOM_EVENT_SCHEMAS).sort() as RoomContractEventType[]) {
    const path = `events/${type}.v1.schema.json`;
    files.set(path, render(roomDataSchemaOf(type), path, `${type} v1 (room): the job's data`));
  }
  // The tournaments' events (streams tournament-<id>), all at version 1: as recorded, the contract of exports; as
  // published, the data of their jobs on the queue (libs/tournament public-events.ts).
  for (const type of Object.keys(TOURNAMENT_EVENT_SCHEMAS).sort() as TournamentContractEventType[]) {
    const path = tournamentEventSchemaFile(type);
    files.set(path, render(tournamentDataSchemaOf(type), path, `${type} v1 (tournament): the event's data`));
    const published = publicTournamentEventSchemaFile(type);
    files.set(published, render(PUBLIC_TOURNAMENT_DATA_SCHEMAS[type], published, `${type} v1 (tournament, published): the job's data`));
  }
  return files;
}
