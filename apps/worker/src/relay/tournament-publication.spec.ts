import type { ReadStreamOptions, RecordedEvent } from '@felt/event-store';
import { wholeTournament } from '../../../../libs/tournament/src/whole-tournament.test-support';
import { TournamentPublication } from './tournament-publication';
import { recordedTournament } from './tournament-log.test-support';

/** readStream over an array, as the store answers it (version range, types). */
function memoryStore(log: readonly RecordedEvent[]) {
  const reads: ReadStreamOptions[] = [];
  return {
    reads,
    async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
      reads.push(options);
      return log.filter(
        (e) =>
          e.streamId === streamId &&
          e.streamVersion >= (options.fromVersion ?? 1) &&
          e.streamVersion <= (options.toVersion ?? Infinity) &&
          (!options.types || options.types.includes(e.type)),
      );
    },
  };
}

describe("TournamentPublication (the relay's public form of tournament events)", () => {
  const log = recordedTournament(wholeTournament());

  it('gives an event the same public form whether published in one go, from a cold start or again from an older checkpoint', async () => {
    const store = memoryStore(log);
    const once = await new TournamentPublication(store).publicForm(log);
    expect(store.reads).toEqual([]);
    const half = Math.floor(log.length / 2);
    const cold = new TournamentPublication(store);
    const split = [...(await cold.publicForm(log.slice(0, 40))), ...(await cold.publicForm(log.slice(40)))];
    const again = await cold.publicForm(log.slice(half));
    expect(split).toEqual(once);
    expect(again).toEqual(once.slice(half));
    // From the stream's start again (an older checkpoint), with books that ran ahead: the same jobs.
    expect(await cold.publicForm(log)).toEqual(once);
    // Only the replay from an older position read the stream's registrations again, up to the event before it.
    expect(store.reads).toEqual([{ toVersion: half, types: ['PlayerRegistered'] }]);
  });

  it('reads again the books it forgot within a batch of more tournaments than it keeps', async () => {
    const start = wholeTournament().slice(0, 7);
    const tournaments = Array.from({ length: 300 }, (_, t) => recordedTournament(start, `tournament-${t}`));
    const store = memoryStore(tournaments.flat());
    // A take-over after each tournament's first registration: every book read, more than are kept.
    const seventh = await new TournamentPublication(store).publicForm(tournaments.map((events) => events[6]!));
    const once = await new TournamentPublication(store).publicForm(tournaments.flatMap((events) => events.slice(0, 7)));
    expect(seventh).toEqual(once.filter((e) => e.streamVersion === 7));
    expect(new Set(seventh.map((e) => (e.data as { entryId: string }).entryId))).toEqual(new Set(['e2']));
    expect(store.reads.length).toBeGreaterThan(300);
  });

  it("publishes no entry id, player id or staff id, and leaves other streams' events as they are", async () => {
    const table: RecordedEvent = { ...log[0]!, streamId: 'table-t1', type: 'PlayerSeated', data: { seat: 1, playerId: 'e1', chips: 5 } };
    const out = await new TournamentPublication(memoryStore(log)).publicForm([...log, table]);
    expect(out[out.length - 1]).toBe(table);
    const text = JSON.stringify(out.slice(0, -1).map((e) => [e.data, e.metadata]));
    expect(text).not.toMatch(/"p[0-9]+|#|"P[0-9]+"|floor-1|cmd-/);
    expect(out[0]!.metadata).toEqual({ actorRole: 'floor' });
  });
});
