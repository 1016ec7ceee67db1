import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MODULES, EVENT_TYPES, publishedEventSchemas } from '@felt/engine';
import { publicEventData } from '@felt/projections';
import { parseTableScriptJson, runTableScript } from '@felt/formats';
import { CONTRACT_DIR, contractFiles, dataSchemaOf as dataSchemaIn, eventSchemaFile } from './contract-files';
import { eventJobSchema } from './event-job-schema';

/** The default engine's published schemas, as the committed contract holds them. */
const TABLE_EVENT_SCHEMAS = publishedEventSchemas(DEFAULT_MODULES);
const dataSchemaOf = (type: string) => dataSchemaIn(TABLE_EVENT_SCHEMAS, type);

describe('event contract', () => {
  it('the committed JSON Schemas are what the zod schemas generate (npx tsx apps/worker/src/contract/generate-schemas.ts)', () => {
    for (const [path, content] of contractFiles()) {
      const file = join(CONTRACT_DIR, path);
      expect(existsSync(file) ? readFileSync(file, 'utf8') : `missing ${path}`).toBe(content);
    }
  });

  it('has a schema file for every event type of the engine', () => {
    expect(Object.keys(TABLE_EVENT_SCHEMAS).sort()).toEqual([...EVENT_TYPES].sort());
    for (const type of EVENT_TYPES) expect(existsSync(join(CONTRACT_DIR, eventSchemaFile(type)))).toBe(true);
  });

  it('accepts every event the engine records for the table scripts in examples/, as published (no secret)', () => {
    const dir = join(__dirname, '..', '..', '..', '..', 'examples');
    const seen = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const parsed = parseTableScriptJson(readFileSync(join(dir, file), 'utf8'));
      if (!parsed.ok) continue;
      for (const event of runTableScript(parsed.script).events) {
        // What is published: the type in the envelope, the other fields as the public may see them.
        const { type, ...data } = event;
        const published = publicEventData(type, data) as object;
        const result = TABLE_EVENT_SCHEMAS[type]!.safeParse({ type, ...published });
        if (!result.success) throw new Error(`${file}: ${event.type} rejected: ${result.error.message}`);
        expect(dataSchemaOf(type).safeParse(published).success).toBe(true);
        seen.add(type);
      }
    }
    expect(seen.size).toBeGreaterThan(15);
  });

  it('refuses a secret in a published event: dealt or reported cards, a deck, a sealed deck', () => {
    expect(dataSchemaOf('HoleCardsDealt').safeParse({ hands: [{ seat: 1, cards: [0, 1] }] }).success).toBe(false);
    expect(dataSchemaOf('HoleCardsDealt').safeParse({ hands: [{ seat: 1, cards: null }] }).success).toBe(true);
    expect(publicEventData('HoleCardsDealt', { hands: [{ seat: 1, cards: [0, 1] }] })).toEqual({ hands: [{ seat: 1, cards: null }] });
    // Live cards: a reader's record goes on the queue as the seat only.
    expect(dataSchemaOf('HoleCardsReported').safeParse({ seat: 1, cards: [0, 1] }).success).toBe(false);
    expect(publicEventData('HoleCardsReported', { seat: 1, cards: [0, 1] })).toEqual({ seat: 1, cards: null });
    expect(dataSchemaOf('HoleCardsReported').safeParse({ seat: 1, cards: null }).success).toBe(true);
    expect(publicEventData('DeckSealed', { handNumber: 3, deck: [1, 2], salt: 'ab', shuffle: { kind: 'seeded', seed: 'cd' } })).toEqual({
      handNumber: 3,
    });
    expect(publicEventData('DeckRevealed', { handNumber: 3, deck: [1, 2], salt: 'ab' })).toEqual({ handNumber: 3 });
    // The zod schemas themselves are closed: a sealed deck's secrets are refused, not stripped.
    expect(dataSchemaOf('DeckSealed').safeParse({ handNumber: 3, deck: [1, 2] }).success).toBe(false);
    expect(dataSchemaOf('DeckRevealed').safeParse({ handNumber: 3, seed: 'cd' }).success).toBe(false);
    expect(dataSchemaOf('DeckRevealed').safeParse({ handNumber: 3 }).success).toBe(true);
    const oldStart = publicEventData('HandStarted', {
      handNumber: 1,
      deck: [1, 2],
      shuffle: { kind: 'seeded', prng: 'mulberry32-fisher-yates', seed: 7 },
    });
    expect(oldStart).toEqual({ handNumber: 1, shuffle: { kind: 'seeded', prng: 'mulberry32-fisher-yates' } });
  });

  it('describes the job envelope', () => {
    const job = {
      eventId: '0191d5a2-0000-8000-8000-000000000001',
      type: 'PlayerFolded',
      schemaVersion: 1,
      streamId: 'table-42',
      streamVersion: 7,
      globalPosition: '123',
      txId: '456',
      recordedAt: '2026-01-01T00:00:00.000Z',
      data: { seat: 3 },
      metadata: { commandId: 'c-1' },
    };
    expect(eventJobSchema.safeParse(job).success).toBe(true);
    expect(eventJobSchema.safeParse({ ...job, globalPosition: 12 }).success).toBe(false);
  });
});
