import type { RecordedEvent } from '@felt/event-store';
import fc from 'fast-check';
import { TOURNAMENT_EVENT_SCHEMA_VERSION, tournamentDecider, type TournamentCommand } from '@felt/tournament';
import { decidedLog, forged } from './decided-log.test-support';
import { night, randomTournament, tournamentLog } from './replayed-streams.test-support';
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

  it('finds nothing wrong with a deal that leaves an amount to play for, and reports a changed amount left', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 19, minute)).toISOString();
    const stack = (entryId: string, chips: number) => ({ entryId, chips });
    // The same night to its last two (in the money: 260 and 140 of 400), who leave 100 to play for; p5 wins it.
    const dealt: TournamentCommand[] = [
      ...night.slice(0, -1),
      { type: 'RecordHand', at: at(8), tableId: 't1', button: 2, stacks: [stack('p5#1', 3000), stack('p2#1', 0), stack('p1#1', 2000)] },
      { type: 'Deal', at: at(9), method: 'icm', consents: ['p1#1', 'p5#1'], leaveToPlayFor: 100 },
      { type: 'RecordHand', at: at(10), tableId: 't1', button: 1, stacks: [stack('p5#1', 5000), stack('p1#1', 0)] },
    ];
    const log = decidedLog('tournament-tue', tournamentDecider, dealt, TOURNAMENT_EVENT_SCHEMA_VERSION);
    const deal = log.find((e) => e.type === 'DealMade')!;
    expect(deal.data).toMatchObject({ leftToPlayFor: 100 });
    const finished = log.find((e) => e.type === 'TournamentFinished')!.data as { results: { entryId: string; prize: number }[] };
    const shares = new Map((deal.data as { shares: { entryId: string; amount: number }[] }).shares.map((x) => [x.entryId, x.amount]));
    expect(finished.results.slice(0, 2)).toMatchObject([
      { entryId: 'p5#1', prize: shares.get('p5#1')! + 100 },
      { entryId: 'p1#1', prize: shares.get('p1#1')! },
    ]);
    expect(verifyEvents(log).violations).toEqual([]);
    const changed = forged(log, (e) => (e.type === 'DealMade' ? { ...(e.data as Data), leftToPlayFor: 50 } : null));
    expect(verifyEvents(changed).violations[0]).toMatchObject({ kind: 'rules', version: deal.streamVersion });
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
