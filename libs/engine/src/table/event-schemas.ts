/**
 * The core's events as the public may see them, in zod: the queue's published contract (apps/worker/src/contract
 * renders them as JSON Schemas), derived from the events as recorded (recorded-event-schemas.ts, the one home of
 * their fields) by one rule per secret: no hole card before it is shown (HoleCardsDealt and HoleCardsReported
 * publish `cards: null`), no deck, seed, salt or key (DeckSealed, DeckRevealed and HoleCardsRevealed carry their
 * hand number only). Objects are strict: a member the schema does not declare (a deck, a seed, a card) is refused.
 *
 * The house options add their part as they add their records (rule-module.ts): their own events
 * (`eventSchemas`), HandStarted's fields (`startedSchema`), their forced-bet kinds (`forcedBetKinds`) and their
 * parameters in the rules (`schema`, or `recordedSchema` for one recorded in the rules themselves);
 * publishedEventSchemas(modules) composes the whole contract of an engine.
 */
import { z } from 'zod';
import type { AnyRuleModule } from '../house-options/rule-module';
import { CORE_FORCED_BET_KINDS, CORE_RECORDED_RULES, coreEventSchemas } from './recorded-event-schemas';
import { secretRuleOf } from './published-data';

export { CORE_FORCED_BET_KINDS, cardSchema, chipsSchema, seatSchema } from './recorded-event-schemas';

/** Every event schema of an engine by type: the core's, then its modules' own events. */
export type EventSchemas = Readonly<Record<string, z.ZodObject>>;

/** The modules' parts of the core's events: the recorded rules, the forced-bet kinds, HandStarted's fields. */
function houseParts(modules: readonly AnyRuleModule[]) {
  const forcedBetKind = z.enum([...CORE_FORCED_BET_KINDS, ...new Set(modules.flatMap((m) => m.forcedBetKinds ?? []))] as [
    string,
    ...string[],
  ]);
  const rules = z.strictObject({
    ...CORE_RECORDED_RULES,
    ...Object.fromEntries(modules.filter((m) => m.where === 'rules' && m.recordedSchema).map((m) => [m.name, m.recordedSchema!])),
    houseOptions: z.strictObject(
      Object.fromEntries(
        modules
          .filter((m) => m.where === 'houseOptions' && m.schema)
          .map((m) => [m.name, m.recordedWhenOff ? m.schema!.nullable() : m.schema!.nullable().optional()]),
      ),
    ),
  });
  const started: z.ZodRawShape = Object.assign({}, ...modules.map((m) => m.startedSchema ?? {}));
  return { rules, forcedBetKind, started };
}

/** The core's events with a module's own events after them (a type the core or an earlier module has is not replaced). */
function withModuleEvents(core: EventSchemas, modules: readonly AnyRuleModule[]): EventSchemas {
  const schemas: Record<string, z.ZodObject> = { ...core };
  for (const m of modules)
    for (const [type, schema] of Object.entries(m.eventSchemas ?? {})) if (!Object.hasOwn(schemas, type)) schemas[type] = schema;
  return Object.freeze(schemas);
}

/**
 * Every event an engine with these modules records, as recorded (cards, the sealed deck and seeds included): the
 * core's, then each module's own events. Nothing in the engine parses with them (decide and evolve use their types
 * only); recorded-event-schemas.spec.ts checks that they describe what the engine records.
 */
export function recordedEventSchemas(modules: readonly AnyRuleModule[]): EventSchemas {
  return withModuleEvents(coreEventSchemas(houseParts(modules)), modules);
}

type CoreSchemas = ReturnType<typeof coreEventSchemas<z.ZodType, z.ZodType, z.ZodRawShape>>;

/** Why a withheld member is published as it is, by event type (the contract's descriptions). */
const WITHHELD = {
  HoleCardsDealt: 'always null on the queue: hole cards are secret until shown (HandShown), and unknown on live-cards tables',
  HoleCardsReported: 'always null on the queue: a reader reported the cards, which stay secret until shown (HandShown)',
  handNumberOnly: 'published with its hand number only: the deck, seed, salt and hole-card keys never go on the public queue',
} as const;

/** Hole cards are published as null: the public sees a card when HandShown shows it, never from the deal or a reader. */
const withheldCards = (why: string) => ({ cards: z.null().describe(why) });

/**
 * The secret-holding core events as published, each by its rule (published-data.ts secretRuleOf, the home of the
 * rule publishedEventData applies at run time); every other core event is published as recorded.
 */
function publishedSecrets(core: CoreSchemas): Record<string, z.ZodObject> {
  const published: Record<string, z.ZodObject> = {};
  for (const type of Object.keys(core) as (keyof CoreSchemas)[]) {
    switch (secretRuleOf(type)) {
      case null:
      case 'without-deck': // HandStarted as recorded holds no deck, salt or seed: its strict schema refuses them.
        break;
      case 'dealt-cards-withheld': {
        const dealt = core.HoleCardsDealt;
        published[type] = dealt.extend({ hands: z.array(dealt.shape.hands.element.extend(withheldCards(WITHHELD.HoleCardsDealt))) });
        break;
      }
      case 'cards-withheld':
        published[type] = core.HoleCardsReported.extend(withheldCards(WITHHELD.HoleCardsReported)).describe(
          "a reader's record of a live hand's hole cards, published without them",
        );
        break;
      case 'hand-number-only':
        published[type] = (core[type] as z.ZodObject<{ type: z.ZodLiteral<string>; handNumber: z.ZodInt }>)
          .pick({ type: true, handNumber: true })
          .describe(WITHHELD.handNumberOnly);
        break;
    }
  }
  return published;
}

/**
 * The published schema of every event an engine with these modules records: the core's as recorded but for the
 * secrets (publishedSecrets), then each module's own events (declared as the public may see them: rule-module.ts).
 */
export function publishedEventSchemas(modules: readonly AnyRuleModule[]): EventSchemas {
  const core = coreEventSchemas(houseParts(modules));
  return withModuleEvents({ ...core, ...publishedSecrets(core) }, modules);
}
