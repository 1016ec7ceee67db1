import { TOURNAMENT_EVENT_SCHEMA_VERSION, tournamentDecider, type TournamentCommand } from '@felt/tournament';
import type { RecordedEvent } from '@felt/event-store';
import { decidedLog, forged } from './decided-log.test-support';
import { verifyEvents } from './verify-log';

const T = (minute: number) => new Date(Date.UTC(2026, 0, 1, 19, minute)).toISOString();
const STRUCTURE = {
  name: 'Tuesday turbo',
  startingStack: 1000,
  seatsPerTable: 3,
  levels: [
    { kind: 'level', smallBlind: 25, bigBlind: 50, minutes: 20 },
    { kind: 'level', smallBlind: 50, bigBlind: 100, minutes: 20 },
  ],
  lateRegistrationLevel: 1,
  maxEntriesPerPlayer: 1,
  entry: { prizePool: 80, houseFee: 15, staffFee: 5 },
  payouts: [
    { minEntries: 1, places: [10000] },
    { minEntries: 4, places: [6500, 3500] },
  ],
  roundTo: 5,
};
/** The API sends ten keys with every hand report (apps/api apply-tournament-command.ts); the break uses the first. */
const KEYS = [900, 5, 77, 12, 3, 4, 5, 6, 7, 8];

/**
 * Five players on two tables of three. The draw seats t1: p3, p5, p2 and t2: p4, p1. p3 then p4 bust, so t2 breaks
 * (its last player drawn to t1 with the first key), moves after its next hand, and t1's last hand ends it.
 */
const night: TournamentCommand[] = [
  { type: 'CreateTournament', at: T(0), tournamentId: 'tue', structure: STRUCTURE },
  { type: 'AddTable', at: T(0), tableId: 't1' },
  { type: 'AddTable', at: T(0), tableId: 't2' },
  ...[1, 2, 3, 4, 5].map((i) => ({ type: 'Register' as const, at: T(1), playerId: `p${i}`, alias: `P${i}`, keys: KEYS })),
  { type: 'DrawSeats', at: T(2), permutation: [4, 2, 0, 3, 1] },
  { type: 'StartClock', at: T(3) },
  { type: 'AdvanceLevel', at: T(4), fromStep: 0, early: true },
  { type: 'RecordHand', at: T(5), tableId: 't1', button: 1, stacks: [s('p3#1', 0), s('p5#1', 2000), s('p2#1', 1000)], keys: KEYS },
  { type: 'RecordHand', at: T(6), tableId: 't2', button: 1, stacks: [s('p4#1', 0), s('p1#1', 2000)], keys: KEYS },
  { type: 'RecordHand', at: T(7), tableId: 't2', button: 2, stacks: [s('p1#1', 2000)], keys: KEYS },
  { type: 'RecordHand', at: T(8), tableId: 't1', button: 2, stacks: [s('p5#1', 5000), s('p2#1', 0), s('p1#1', 0)], keys: KEYS },
];

function s(entryId: string, chips: number) {
  return { entryId, chips };
}

const log = decidedLog('tournament-tue', tournamentDecider, night, TOURNAMENT_EVENT_SCHEMA_VERSION);
const versionOf = (type: string) => log.find((e) => e.type === type)!.streamVersion;
type Data = Record<string, unknown>;

describe('felt verify re-decides a tournament', () => {
  it('finds nothing wrong with a tournament its decider played, a table break and the payouts included', () => {
    expect(log.map((e) => e.type)).toEqual(expect.arrayContaining(['PlayerMoved', 'TableBroken', 'TournamentFinished']));
    expect(log.find((e) => e.type === 'MoveProposed')!.data).toMatchObject({ entryId: 'p1#1', reason: 'break', key: 900 });
    expect(verifyEvents(log).violations).toEqual([]);
  });

  it('reports a changed payout at the TournamentFinished, the chain recomputed', () => {
    const changed = forged(log, (e) =>
      e.type === 'TournamentFinished'
        ? {
            ...(e.data as Data),
            results: (e.data as { results: { prize: number }[] }).results.map((r, i) => ({
              ...r,
              prize: i === 0 ? r.prize + 500 : r.prize,
            })),
          }
        : null,
    );
    const violations = verifyEvents(changed).violations;
    expect(violations).toEqual([
      expect.objectContaining({ streamId: 'tournament-tue', kind: 'rules', version: groupStart('TournamentFinished') }),
    ]);
    expect(violations[0]!.message).toMatch(/RecordHand produces/);
  });

  it('reports a seat draw whose seats do not follow its recorded permutation', () => {
    const swapped = forged(log, (e) => {
      if (e.type !== 'SeatsDrawn') return null;
      const seats = (e.data as { seats: { entryId: string }[] }).seats;
      return { ...(e.data as Data), seats: seats.map((x, i) => ({ ...seats[(i + 1) % seats.length]!, entryId: x.entryId })) };
    });
    const violations = verifyEvents(swapped).violations;
    expect(violations[0]).toMatchObject({ kind: 'rules', version: versionOf('SeatsDrawn') });
    expect(violations[0]!.message).toMatch(/recorded .*SeatsDrawn.*, but DrawSeats produces/);
  });

  it("reports a broken table's player sent to another seat than the draw gives", () => {
    const moved = forged(log, (e) => (e.type === 'MoveProposed' ? { ...(e.data as Data), to: { tableId: 't1', seat: 2 } } : null));
    const violations = verifyEvents(moved).violations;
    expect(violations[0]).toMatchObject({ kind: 'rules', version: groupStart('MoveProposed') });
  });

  it('reports an automatic event recorded on its own, and an event of an unknown type', () => {
    const bust = log.find((e) => e.type === 'PlayerBusted')!;
    const alone = forged(
      log.map((e) => (e === bust ? { ...e, metadata: { ...e.metadata, commandId: 'forged' } } : e)),
      () => null,
    );
    // The hand's report now lacks its bust, and the bust stands alone.
    const [short, orphan] = verifyEvents(alone).violations;
    expect(short).toMatchObject({ kind: 'rules', version: bust.streamVersion - 1 });
    expect(orphan).toMatchObject({ kind: 'rules', version: bust.streamVersion });
    expect(orphan!.message).toMatch(/PlayerBusted is recorded without the command that causes it/);
    const unknown = forged(
      log.map((e): RecordedEvent => (e.type === 'ClockStarted' ? { ...e, type: 'ClockStolen' } : e)),
      () => null,
    );
    expect(verifyEvents(unknown).violations[0]).toMatchObject({ kind: 'unreadable', version: versionOf('ClockStarted') });
  });
});

/** Where the command that recorded the first event of `type` begins: a group's violation is named there. */
function groupStart(type: string): number {
  const e = log.find((x) => x.type === type)!;
  return log.find((x) => x.metadata.commandId === e.metadata.commandId)!.streamVersion;
}
