import { felt } from './run-felt.test-support';
import type { RecordedEvent } from '@felt/event-store';
import { appendTableLog } from '@felt/regulator';
import { useTestStore } from '../../../test/support/app-databases';
import { forged } from '../../../libs/regulator/src/decided-log.test-support';
import { bookLog, bookTable, tournamentLog } from '../../../libs/regulator/src/replayed-streams.test-support';

/**
 * felt verify on PostgreSQL re-decides tournaments and replays the books (libs/regulator verify-tournament.spec.ts
 * and verify-book.spec.ts hold the cases): a tournament and a book the deciders wrote pass, beside a tournament whose
 * payout was changed and a book whose payout was, each appended with a chain of its own (as a forger would).
 */
const t = useTestStore('postgres');

/** The events as another stream's (command ids are unique across streams). */
const renamed = (events: RecordedEvent[], streamId: string) =>
  events.map((e) => ({ ...e, streamId, metadata: { ...e.metadata, commandId: `${streamId}/${e.metadata.commandId}` } }));

describe('felt verify re-decides tournaments and books', () => {
  it('passes what the deciders wrote and names a changed tournament payout and a changed jackpot payout', async () => {
    await appendTableLog(t.store, bookTable);
    await appendTableLog(t.store, tournamentLog);
    await appendTableLog(t.store, bookLog);
    const clean = await felt('verify', '--database-url', t.url, '--all', '--no-read-models');
    expect(clean.out).not.toContain('VIOLATION');
    expect(clean.code).toBe(0);

    const prize = (e: RecordedEvent) => {
      if (e.type !== 'TournamentFinished') return null;
      const data = e.data as { results: { prize: number }[] };
      return { ...data, results: data.results.map((r, i) => (i === 0 ? { ...r, prize: r.prize + 500 } : r)) };
    };
    await appendTableLog(t.store, renamed(forged(tournamentLog, prize), 'tournament-forged'));
    const total = (e: RecordedEvent) => (e.type === 'JackpotPaid' ? { ...(e.data as object), total: 1 } : null);
    await appendTableLog(t.store, renamed(forged(bookLog, total), 'money-forged'));
    for (const workers of ['1', '2']) {
      const { out, code } = await felt('verify', '--database-url', t.url, '--all', '--no-read-models', '--workers', workers);
      expect(code).toBe(1);
      const violations = out.split('\n').filter((l) => l.startsWith('VIOLATION'));
      expect(violations).toHaveLength(2);
      expect(violations).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^VIOLATION\s+money-forged v5 \[rules\] JackpotPaid: the book decides other events than those recorded$/),
          expect.stringMatching(
            /^VIOLATION\s+tournament-forged v\d+ \[rules\] recorded \{.*"type":"TournamentFinished"\}, but RecordHand produces/,
          ),
        ]),
      );
    }
  });
});
