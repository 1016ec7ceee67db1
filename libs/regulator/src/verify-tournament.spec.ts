import type { RecordedEvent } from '@felt/event-store';
import { forged } from './decided-log.test-support';
import fc from 'fast-check';
import { randomTournament, tournamentLog } from './replayed-streams.test-support';
import { verifyEvents } from './verify-log';

const versionOf = (type: string) => tournamentLog.find((e) => e.type === type)!.streamVersion;
type Data = Record<string, unknown>;

describe('felt verify re-decides a tournament', () => {
  it('finds nothing wrong with a tournament its decider played, a table break and the payouts included', () => {
    expect(tournamentLog.map((e) => e.type)).toEqual(expect.arrayContaining(['PlayerMoved', 'TableBroken', 'TournamentFinished']));
    expect(tournamentLog.find((e) => e.type === 'MoveProposed')!.data).toMatchObject({ entryId: 'p1#1', reason: 'break', key: 900 });
    expect(verifyEvents(tournamentLog).violations).toEqual([]);
  });

  it('reports a changed payout at the TournamentFinished, the chain recomputed', () => {
    const changed = forged(tournamentLog, (e) =>
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
      expect.objectContaining({ streamId: 'tournament-tue', kind: 'rules', version: versionOf('TournamentFinished') }),
    ]);
    expect(violations[0]!.message).toMatch(
      /^recorded \{.*"type":"TournamentFinished"\}, but RecordHand produces \{"type":"TournamentFinished"/,
    );
  });

  it('reports a seat draw whose seats do not follow its recorded permutation', () => {
    const swapped = forged(tournamentLog, (e) => {
      if (e.type !== 'SeatsDrawn') return null;
      const seats = (e.data as { seats: { entryId: string }[] }).seats;
      return { ...(e.data as Data), seats: seats.map((x, i) => ({ ...seats[(i + 1) % seats.length]!, entryId: x.entryId })) };
    });
    const violations = verifyEvents(swapped).violations;
    expect(violations[0]).toMatchObject({ kind: 'rules', version: versionOf('SeatsDrawn') });
    expect(violations[0]!.message).toMatch(/recorded .*SeatsDrawn.*, but DrawSeats produces/);
  });

  it("reports a broken table's player sent to another seat than the draw gives", () => {
    const moved = forged(tournamentLog, (e) =>
      e.type === 'MoveProposed' ? { ...(e.data as Data), to: { tableId: 't1', seat: 2 } } : null,
    );
    const violations = verifyEvents(moved).violations;
    expect(violations[0]).toMatchObject({ kind: 'rules', version: versionOf('MoveProposed') });
  });

  it('reports an automatic event recorded on its own, and an event of an unknown type', () => {
    const bust = tournamentLog.find((e) => e.type === 'PlayerBusted')!;
    const alone = forged(
      tournamentLog.map((e) => (e === bust ? { ...e, metadata: { ...e.metadata, commandId: 'forged' } } : e)),
      () => null,
    );
    // The hand's report now lacks its bust, and the bust stands alone.
    const [short, orphan] = verifyEvents(alone).violations;
    expect(short).toMatchObject({ kind: 'rules', version: bust.streamVersion });
    expect(short!.message).toMatch(/^RecordHand also produces \{"type":"PlayerBusted"/);
    expect(orphan).toMatchObject({ kind: 'rules', version: bust.streamVersion });
    expect(orphan!.message).toMatch(/PlayerBusted is recorded without the command that causes it/);
    const unknown = forged(
      tournamentLog.map((e): RecordedEvent => (e.type === 'ClockStarted' ? { ...e, type: 'ClockStolen' } : e)),
      () => null,
    );
    expect(verifyEvents(unknown).violations[0]).toMatchObject({ kind: 'unreadable', version: versionOf('ClockStarted') });
  });

  it('finds nothing wrong with random tournaments played to the end: every bust, break, balance and payout re-decided', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const log = randomTournament(seed, 100);
        expect(log.filter((e) => e.type === 'TableBroken').length).toBeGreaterThan(5);
        expect(verifyEvents(log).violations).toEqual([]);
      }),
      { numRuns: 5 },
    );
  });
});
