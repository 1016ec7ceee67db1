import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import {
  TOURNAMENT_EVENT_SCHEMAS,
  TOURNAMENT_EVENT_TYPES,
  tournamentDataSchemaOf,
  type TournamentContractEventType,
} from '@felt/tournament';
import { T } from '../../../../libs/tournament/src/tournament.test-support';
import { wholeTournament } from '../../../../libs/tournament/src/whole-tournament.test-support';
import { CONTRACT_DIR, publicTournamentEventSchemaFile, tournamentEventSchemaFile } from './contract-files';
import { isPublished } from '../relay/outbox-relay';
import { TournamentPublication } from '../relay/tournament-publication';
import { recordedTournament } from '../relay/tournament-log.test-support';

/** A consumer's check: the committed JSON Schema of the event's type (as recorded, or as a job on the queue carries it). */
function committed(fileOf: (type: string) => string = tournamentEventSchemaFile) {
  const ajv = new Ajv2020({ strict: false });
  return (type: string, data: unknown) => {
    const schema = JSON.parse(readFileSync(join(CONTRACT_DIR, fileOf(type)), 'utf8'));
    const validate = ajv.getSchema(schema.$id) ?? ajv.compile(schema);
    return validate(data) ? null : ajv.errorsText(validate.errors);
  };
}

describe('tournament event contract', () => {
  it('has a schema for every tournament event type', () => {
    expect(Object.keys(TOURNAMENT_EVENT_SCHEMAS).sort()).toEqual([...TOURNAMENT_EVENT_TYPES].sort());
  });

  it('accepts every event a whole tournament records, by the zod schema and the committed JSON Schema', () => {
    const check = committed();
    const seen = new Set<string>();
    for (const { type, ...data } of wholeTournament()) {
      const parsed = tournamentDataSchemaOf(type as TournamentContractEventType).safeParse(data);
      expect({ type, ok: parsed.success, issues: parsed.success ? [] : parsed.error.issues }).toEqual({ type, ok: true, issues: [] });
      expect({ type, problem: check(type, data) }).toEqual({ type, problem: null });
      seen.add(type);
    }
    expect([...seen].sort()).toEqual([...TOURNAMENT_EVENT_TYPES].sort());
  });

  it('accepts a deal that leaves an amount to play for, and no amount below 1', () => {
    const check = committed();
    const shares = [
      { entryId: 'p1#1', chips: 20000, amount: 28 },
      { entryId: 'p2#1', chips: 12000, amount: 27 },
    ];
    const data = { at: T(11), method: 'icm', consents: ['p1#1', 'p2#1'], shares, leftToPlayFor: 20 };
    expect(tournamentDataSchemaOf('DealMade').safeParse(data).success).toBe(true);
    expect(check('DealMade', data)).toBeNull();
    expect(check('DealMade', { ...data, leftToPlayFor: 0 })).toMatch(/leftToPlayFor must be >= 1/);
  });

  it('refuses a key the event does not declare (a closed schema)', () => {
    const check = committed();
    expect(check('PlayerBusted', { at: T(1), entryId: 'p1#1', tableId: 't1', seat: 1, round: 1, startStack: 5, cards: [1, 2] })).toMatch(
      /additional properties/,
    );
  });

  it('publishes tournament streams in their public form, which the committed published schemas accept (closed)', async () => {
    expect(isPublished('tournament-daily')).toBe(true);
    const check = committed(publicTournamentEventSchemaFile);
    const log = recordedTournament(wholeTournament());
    const store = { readStream: async () => log };
    const seen = new Set<string>();
    for (const { type, data } of await new TournamentPublication(store).publicForm(log)) {
      expect({ type, problem: check(type, data) }).toEqual({ type, problem: null });
      seen.add(type);
    }
    expect([...seen].sort()).toEqual([...TOURNAMENT_EVENT_TYPES].sort());
    const registered = { at: T(1), entryId: 'e1', entryNumber: 1, chips: 10000, seat: null };
    expect(check('PlayerRegistered', registered)).toBeNull();
    expect(check('PlayerRegistered', { ...registered, playerId: 'p1' })).toMatch(/additional properties/);
    expect(check('PlayerRegistered', { ...registered, entryId: 'p1#1' })).toMatch(/must match pattern/);
    expect(check('SeatsDrawn', { at: T(2), seats: [], permutation: [0] })).toMatch(/additional properties/);
  });
});
