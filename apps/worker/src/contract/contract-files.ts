import { join } from 'node:path';
import { z } from 'zod';
import { schemaVersionOf, type AnyRuleModule } from '@felt/engine';
import { eventJobSchema } from './event-job-schema';
import { ROOM_EVENT_SCHEMAS, roomDataSchemaOf, type RoomContractEventType } from './room-event-schemas';
import { TABLE_EVENT_SCHEMAS, dataSchemaOf, type ContractEventType } from './table-event-schemas';
import { TOURNAMENT_EVENT_SCHEMAS, tournamentDataSchemaOf, type TournamentContractEventType } from './tournament-event-schemas';

/** Where the generated JSON Schemas live (committed; a test fails when they are stale). */
export const CONTRACT_DIR = join(__dirname, '..', '..', 'contract');
const ID_BASE = 'https://felt.example/contract/';

function render(schema: z.ZodType, id: string, title: string): string {
  // io "output": objects are closed (additionalProperties: false), so a job carrying a key its version does not
  // declare (a deck, a seed, a hole card) fails every consumer's validation; a new key is a new schema version.
  const json = { ...z.toJSONSchema(schema, { io: 'output', target: 'draft-2020-12' }), $id: `${ID_BASE}${id}`, title };
  return `${JSON.stringify(json, null, 2)}\n`;
}

/** A tournament event's schema file (a folder of its own: the room has a TableAdded and a TableBroken too). */
export function tournamentEventSchemaFile(type: string): string {
  return `events/tournament/${type}.v1.schema.json`;
}

export function eventSchemaFile(type: ContractEventType, version = schemaVersionOf(type)): string {
  return `events/${type}.v${version}.schema.json`;
}

/**
 * Every contract file by its path under CONTRACT_DIR, with its content: the core's events and the default modules'
 * (table-event-schemas.ts), then the own events of the house rules configured (FELT_HOUSE_RULES: `modules`, each
 * module's eventSchemas), at version 1 as every module's own event.
 */
export function contractFiles(modules: readonly AnyRuleModule[] = []): Map<string, string> {
  const files = new Map<string, string>();
  files.set('event-job.schema.json', render(eventJobSchema, 'event-job.schema.json', 'Felt event job (BullMQ job data)'));
  for (const type of Object.keys(TABLE_EVENT_SCHEMAS).sort() as ContractEventType[]) {
    const path = eventSchemaFile(type);
    files.set(path, render(dataSchemaOf(type), path, `${type} v${schemaVersionOf(type)}: the job's data`));
  }
  for (const m of modules)
    for (const [type, schema] of Object.entries(m.eventSchemas ?? {})) {
      if (Object.prototype.hasOwnProperty.call(TABLE_EVENT_SCHEMAS, type)) continue;
      const path = `events/${type}.v1.schema.json`;
      files.set(path, render(schema.omit({ type: true }), path, `${type} v1 (house rule ${m.name}): the job's data`));
    }
  // The room's events (streams game-<gameId>, docs/events.md "Room events"), all at version 1.
  for (const type of Object.keys(ROOM_EVENT_SCHEMAS).sort() as RoomContractEventType[]) {
    const path = `events/${type}.v1.schema.json`;
    files.set(path, render(roomDataSchemaOf(type), path, `${type} v1 (room): the job's data`));
  }
  // The tournaments' events (streams tournament-<id>), all at version 1: kept off the queue, the contract of exports.
  for (const type of Object.keys(TOURNAMENT_EVENT_SCHEMAS).sort() as TournamentContractEventType[]) {
    const path = tournamentEventSchemaFile(type);
    files.set(path, render(tournamentDataSchemaOf(type), path, `${type} v1 (tournament): the event's data`));
  }
  return files;
}
