import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import {
  openSeats,
  seatedAt,
  tournamentDecider,
  TOURNAMENT_EVENT_SCHEMAS,
  TOURNAMENT_EVENT_TYPES,
  tournamentDataSchemaOf,
  type TournamentCommand,
  type TournamentContractEventType,
  type TournamentEvent,
} from '@felt/tournament';
import { DAILY, identity, mulberry32, randomHand, T } from '../../../../libs/tournament/src/tournament.test-support';
import { CONTRACT_DIR, tournamentEventSchemaFile } from './contract-files';
import { isPublished } from '../relay/outbox-relay';

/** A consumer's check: the committed JSON Schema of the event's type. */
function committed() {
  const ajv = new Ajv2020({ strict: false });
  return (type: string, data: unknown) => {
    const schema = JSON.parse(readFileSync(join(CONTRACT_DIR, tournamentEventSchemaFile(type)), 'utf8'));
    const validate = ajv.getSchema(schema.$id) ?? ajv.compile(schema);
    return validate(data) ? null : ajv.errorsText(validate.errors);
  };
}

/** A whole tournament through the decider that records every kind of tournament event (30 entries on 4 tables). */
function wholeTournament(): TournamentEvent[] {
  const next = mulberry32(36);
  let state = tournamentDecider.initialState;
  const events: TournamentEvent[] = [];
  const attempt = (command: TournamentCommand): boolean => {
    const decision = tournamentDecider.decide(command, state);
    if (!decision.ok) return false;
    for (const e of decision.events) state = tournamentDecider.evolve(state, e);
    events.push(...decision.events);
    return true;
  };
  const must = (command: TournamentCommand) => {
    if (!attempt(command)) throw new Error(`${command.type} refused: ${JSON.stringify(tournamentDecider.decide(command, state))}`);
  };
  const keys = () => Array.from({ length: 10 }, () => next());
  const seated = () => state.entries.filter((e) => e.status === 'seated');
  const hand = (minute: number) => {
    const waiting = state.handForHand?.reported ?? [];
    const tables = state.tables.filter((t) => !t.broken && !waiting.includes(t.tableId) && seatedAt(state, t.tableId).length > 1);
    const table = tables[next() % tables.length]!;
    const players = seatedAt(state, table.tableId);
    must({
      type: 'RecordHand',
      at: T(minute),
      tableId: table.tableId,
      button: players[0]!.seat!.seat,
      stacks: randomHand(players, next),
      keys: keys(),
    });
  };

  must({ type: 'CreateTournament', at: T(0), tournamentId: 'contract', structure: DAILY });
  for (const t of ['t1', 't2', 't3', 't4']) must({ type: 'AddTable', at: T(0), tableId: t });
  for (let p = 1; p <= 31; p++) must({ type: 'Register', at: T(1), playerId: `p${p}`, alias: `P${p}` });
  must({ type: 'Unregister', at: T(1), entryId: 'p31#1' });
  must({ type: 'DrawSeats', at: T(2), permutation: identity(30) });
  must({ type: 'StartClock', at: T(2) });
  must({ type: 'PauseClock', at: T(3) });
  must({ type: 'ResumeClock', at: T(4) });
  must({ type: 'AddTime', at: T(4), seconds: 60 });
  must({ type: 'Rebuy', at: T(4), entryId: 'p1#1' });
  for (let h = 0; h < 40 && !state.entries.some((e) => e.status === 'busted'); h++) hand(5);
  const busted = state.entries.find((e) => e.status === 'busted')!;
  must({ type: 'ReEnter', at: T(5), playerId: busted.playerId, keys: keys() });
  must({ type: 'AdvanceLevel', at: T(6), fromStep: 0, early: true });
  must({ type: 'AdvanceLevel', at: T(7), fromStep: 1, early: true });
  must({ type: 'ColourUp', at: T(8), odd: [{ entryId: seated()[0]!.entryId, chips: 1 }], keys: [5] });
  must({ type: 'AddOn', at: T(8), entryId: seated()[0]!.entryId });
  must({ type: 'AdvanceLevel', at: T(9), fromStep: 2, early: true });
  for (let h = 0; h < 3000 && seated().length > 3; h++) {
    const move = state.moves[0];
    const other = move && state.tables.find((t) => t.tableId === move.to.tableId)!;
    const open = other ? openSeats(state, other) : [];
    if (move && open.length > 0 && !events.some((e) => e.type === 'MoveOverridden'))
      must({
        type: 'OverrideMove',
        at: T(10),
        entryId: move.entryId,
        to: { tableId: move.to.tableId, seat: open[0]! },
        reason: 'by the window',
      });
    if (seated().length <= 8 && !state.handForHand && !events.some((e) => e.type === 'HandForHandEnded'))
      must({ type: 'HandForHand', at: T(10), on: true });
    if (seated().length <= 5 && state.handForHand) must({ type: 'HandForHand', at: T(10), on: false });
    hand(10);
  }
  must({ type: 'Deal', at: T(11), method: 'icm', consents: seated().map((e) => e.entryId) });
  return events;
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

  it('keeps tournament streams off the queue: entry ids hold the card number (docs/security.md "Tournaments")', () => {
    expect(isPublished('tournament-daily')).toBe(false);
    expect(isPublished('table-t1')).toBe(true);
  });
});
