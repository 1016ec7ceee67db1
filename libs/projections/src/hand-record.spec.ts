import type { TableEvent } from '@felt/engine';
import type { RecordedEvent } from '@felt/event-store';
import { project } from './projection';
import { handHistory, handRecordFor } from './hand-history';
import type { HandRecord } from './hand-record';
import { handSteps, tableHands } from './table-hands';
import { handNotes } from './hand-notes';
import { checkDownHand, scriptedTable } from './scripted-table.test-support';

/** The log's events as an export reads them: bare, one per stream version. */
const bare = (events: readonly RecordedEvent[]) => events.map((e) => ({ ...(e.data as object), type: e.type }) as TableEvent);

describe('the hand record', () => {
  it('is the same fold for the hand history (recorded events) and the exports (bare events)', () => {
    const log = scriptedTable();
    checkDownHand(log);
    const history = project(handHistory, log.events);
    const folded = tableHands(bare(log.events));
    const times = ({ startedAt: _s, endedAt: _e, ...rest }: HandRecord) => ({
      ...rest,
      actions: rest.actions.map(({ at: _a, ...a }) => a),
    });
    expect(folded.map((h) => times(h.record))).toEqual(history.hands.t1!.map(times));
    expect(folded.every((h) => h.rules?.bigBlind === 2)).toBe(true);
  });

  it('places each deal among the actions, and the showdown', () => {
    const log = scriptedTable();
    checkDownHand(log);
    const [, shownDown] = tableHands(bare(log.events));
    const steps = handSteps(shownDown!.record).map((s) => ('deal' in s ? `deal ${s.deal.what}` : s.action.action));
    expect(steps).toEqual([
      'post',
      'post',
      'deal hole',
      'call',
      'call',
      'check',
      'deal flop',
      'check',
      'check',
      'check',
      'deal turn',
      'check',
      'check',
      'check',
      'deal river',
      'check',
      'check',
      'check',
      'show',
      'show',
      'show',
    ]);
    expect(shownDown!.record.showdownAt).toBe(shownDown!.record.actions.findIndex((a) => a.action === 'show'));
  });

  it('keeps the fold-only mark of cards unknown until shown out of every audience’s record', () => {
    const log = scriptedTable();
    checkDownHand(log);
    const [, hand] = project(handHistory, log.events).hands.t1!;
    const marked: HandRecord = { ...hand!, players: hand!.players.map((p) => ({ ...p, unknownUntilShown: true as const })) };
    expect(handRecordFor(marked, 'regulator').players.some((p) => 'unknownUntilShown' in p)).toBe(false);
  });
});

describe('the notes of a hand another engine replays differently', () => {
  const run = (run: number, seat: number, amount: number) => ({ run, amount, winners: [{ seat, amount }] });
  const pot = (n: number, first: number, second: number) => ({
    pot: n,
    amount: first + second,
    eligible: [1, 2],
    winners: [
      { seat: 1, amount: first },
      { seat: 2, amount: second },
    ],
    runs: [run(1, 1, first), run(2, 2, second)],
  });
  const ranTwice = (pots: HandRecord['pots']): HandRecord => {
    const [hand] = tableHands(bare(scriptedTable().events));
    return { ...hand!.record, secondBoard: hand!.record.board, pots };
  };

  it('marks two pots halved between the runs with both odd chips to the first run (pokerkit halves them merged, evenly)', () => {
    const notes = handNotes(ranTwice([pot(0, 139, 138), pot(1, 245, 244)])).filter((n) => n.kind === 'odd-chip');
    expect(notes.map((n) => n.text.slice(0, 18))).toEqual(['pot 0 halved: the ', 'pot 1 halved: the ']);
  });

  it('leaves one odd halving to the first run unmarked (every engine gives it there), and marks one to the second run', () => {
    expect(handNotes(ranTwice([pot(0, 139, 138), pot(1, 100, 100)])).filter((n) => n.kind === 'odd-chip')).toEqual([]);
    expect(handNotes(ranTwice([pot(0, 138, 139)])).filter((n) => n.kind === 'odd-chip')).toHaveLength(1);
  });
});
