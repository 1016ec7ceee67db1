import fc from 'fast-check';
import { z } from 'zod';
import { TOURNAMENT_EVENT_TYPES, type TournamentEvent } from './events';
import { TOURNAMENT_EVENT_SCHEMAS } from './event-schemas';
import {
  EMPTY_PSEUDONYM_BOOK,
  PUBLIC_TOURNAMENT_DATA_SCHEMAS,
  PUBLIC_TOURNAMENT_RULES,
  publicRulesOf,
  publicTournamentEventData,
  publicTournamentMetadata,
  withRegistration,
  type FieldRules,
  type PseudonymBook,
} from './public-events';
import { tablePlayerId } from './table-link';
import { tournamentDecider } from './tournament-decider';
import { T } from './tournament.test-support';
import { wholeTournament, type PlayerNamer } from './whole-tournament.test-support';

/** Each event of a tournament as published, beside the event as recorded and the tournament's state after it. */
function published(events: readonly TournamentEvent[]) {
  let book: PseudonymBook = EMPTY_PSEUDONYM_BOOK;
  let state = tournamentDecider.initialState;
  return events.map((event) => {
    const { type, ...data } = event;
    book = withRegistration(book, type, data);
    state = tournamentDecider.evolve(state, event);
    return { event, state, data: publicTournamentEventData(type, data, book) };
  });
}

/** The names of a recorded schema's members, and of its members' members where a rule goes into them. */
function recordedKeys(schema: z.ZodType): string[] {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
  if (inner instanceof z.ZodArray) inner = inner.element as z.ZodType;
  return inner instanceof z.ZodObject ? Object.keys(inner.shape).sort() : [];
}

function expectRulesCover(rules: FieldRules, schema: z.ZodType, where: string): void {
  expect({ where, keys: Object.keys(rules).sort() }).toEqual({ where, keys: recordedKeys(schema).filter((k) => k !== 'type') });
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodOptional || inner instanceof z.ZodNullable) inner = inner.unwrap() as z.ZodType;
  for (const [key, rule] of Object.entries(rules)) {
    if (typeof rule === 'string') continue;
    const field = (inner as z.ZodObject).shape[key] as z.ZodType;
    expectRulesCover('fields' in rule ? rule.fields : rule.each, field, `${where}.${key}`);
  }
}

describe('the public form of tournament events (the queue)', () => {
  it('has a rule for every tournament event type and every member it records, and for nothing else', () => {
    expect(Object.keys(PUBLIC_TOURNAMENT_RULES).sort()).toEqual([...TOURNAMENT_EVENT_TYPES].sort());
    for (const type of TOURNAMENT_EVENT_TYPES) {
      expect({ type, rules: publicRulesOf(type) !== null }).toEqual({ type, rules: true });
      expectRulesCover(PUBLIC_TOURNAMENT_RULES[type] as FieldRules, TOURNAMENT_EVENT_SCHEMAS[type], type);
    }
    expect(publicRulesOf('constructor')).toBeNull();
  });

  it('refuses to publish a type without a rule or an entry the stream never registered', () => {
    expect(() => publicTournamentEventData('PlayerAwarded', { at: T(1) }, EMPTY_PSEUDONYM_BOOK)).toThrow(/no public rule/);
    expect(() => publicTournamentEventData('PlayerBusted', { at: T(1), entryId: 'p1#1' }, EMPTY_PSEUDONYM_BOOK)).toThrow(
      /never registered/,
    );
  });

  it("publishes every event of a whole tournament by its closed schema, each entry under its tables' pseudonym", () => {
    const seen = new Set<string>();
    for (const { event, state, data } of published(wholeTournament())) {
      const parsed = PUBLIC_TOURNAMENT_DATA_SCHEMAS[event.type].safeParse(data);
      expect({ type: event.type, ok: parsed.success, issues: parsed.success ? [] : parsed.error.issues }).toEqual({
        type: event.type,
        ok: true,
        issues: [],
      });
      if ('entryId' in event) expect((data as { entryId: string }).entryId).toBe(tablePlayerId(state, event.entryId));
      seen.add(event.type);
    }
    expect([...seen].sort()).toEqual([...TOURNAMENT_EVENT_TYPES].sort());
  });

  it("withholds the draws, the house's money and the floor's notes, and keeps places, prizes and stacks", () => {
    const all = published(wholeTournament());
    const first = <K extends TournamentEvent['type']>(type: K) => all.find((p) => p.event.type === type)!.data as Record<string, unknown>;
    expect(first('SeatsDrawn')).not.toHaveProperty('permutation');
    expect((first('SeatsDrawn').seats as unknown[])[0]).toEqual({ entryId: expect.stringMatching(/^e\d+$/), tableId: 't1', seat: 1 });
    expect(first('PlayerRegistered')).toEqual({ at: T(1), entryId: 'e1', entryNumber: 1, chips: 10000, seat: null });
    expect(first('PlayerUnregistered')).toEqual({ at: T(1), entryId: 'e31' });
    expect(first('Rebought')).toEqual({ at: T(4), entryId: 'e1', chips: 10000 });
    expect(first('MoveProposed')).not.toHaveProperty('key');
    expect(first('MoveOverridden')).not.toHaveProperty('reason');
    expect(first('ChipRaceRun')).not.toHaveProperty('keys');
    const structure = first('TournamentCreated').structure as Record<string, unknown>;
    expect(structure).not.toHaveProperty('entry');
    expect(structure.rebuy).toEqual({ chips: 10000, max: 1, untilLevel: 2, atOrBelow: 10000 });
    expect(structure.addOn).toEqual({ chips: 5000 });
    const finished = all.find((p) => p.event.type === 'TournamentFinished')!;
    const deal = first('DealMade');
    expect(deal.consents).toEqual((deal.shares as { entryId: string }[]).map((s) => s.entryId));
    const recorded = finished.event as Extract<TournamentEvent, { type: 'TournamentFinished' }>;
    expect(finished.data.pool).toEqual({ prizePool: recorded.pool.prizePool });
    expect(finished.data.results).toEqual(
      recorded.results.map((r) => ({ entryId: tablePlayerId(finished.state, r.entryId), place: r.place, prize: r.prize })),
    );
  });

  it('never publishes a player id, entry id or alias, whatever the players are called (property)', () => {
    const cardNumber = fc.stringMatching(/^C[0-9]{6,9}$/);
    const alias = fc.stringMatching(/^[A-Z][a-z]{3,6} [A-Z][a-z]{3,6}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(cardNumber, { minLength: 31, maxLength: 31 }),
        fc.uniqueArray(alias, { minLength: 31, maxLength: 31, selector: (a) => a.toLowerCase() }),
        (ids, aliases) => {
          const names = ids.map((id, i) => [id, aliases[i]!] as const);
          const players: PlayerNamer = (p) => ({ playerId: names[p - 1]![0], alias: names[p - 1]![1] });
          const all = published(wholeTournament(players));
          const text = JSON.stringify(all.map((p) => p.data));
          for (const [id, name] of names) {
            expect(text.includes(id)).toBe(false);
            expect(text.includes(name)).toBe(false);
          }
          expect(text.includes('#')).toBe(false);
          // The recorded events did name them: the property is the rule's doing.
          expect(JSON.stringify(all.map((p) => p.event)).includes(names[0]![0])).toBe(true);
        },
      ),
      { numRuns: 5 },
    );
  });

  it("publishes an event's metadata with the actor's role only", () => {
    expect(publicTournamentMetadata({ commandId: 'register-C1234567', actorId: 'u1', actorRole: 'floor', device: 'd1' })).toEqual({
      actorRole: 'floor',
    });
    expect(publicTournamentMetadata({ commandId: 'x' })).toEqual({});
  });
});
