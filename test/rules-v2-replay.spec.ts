import { TableRecorder, verifyEvents } from '@felt/regulator';
import type { RecordedEvent } from '@felt/event-store';

/**
 * Rules version 3 changed what a short big blind owes (docs/house-options.md "Rules version 3"). A table played under
 * version 2 waited for the all-in big blind's ante of nothing, and its log holds that post: `felt verify` re-decides
 * it under version 2 to exactly the recorded events, and the same log claimed under version 3 breaks the rules there.
 */
function versionTwoTableWithAShortBigBlind(): RecordedEvent[] {
  const table = new TableRecorder('rules-v2-short-big-blind');
  table.apply({
    type: 'OpenTable',
    tableId: 'rules-v2-short-big-blind',
    rules: {
      version: 2,
      structure: { kind: 'no-limit' },
      smallBlind: 100,
      bigBlind: 200,
      ante: { kind: 'big-blind', amount: 200 },
      maxSeats: 6,
    },
  });
  for (const [seat, buyIn] of [
    [1, 10_000],
    [2, 10_000],
    [3, 150],
    [4, 10_000],
  ] as const)
    table.apply({ type: 'SeatPlayer', seat, playerId: `p${seat}`, buyIn });
  table.apply({ type: 'PlaceButton', seat: 1 });
  table.apply({ type: 'StartHand', seed: 3 });
  table.apply({ type: 'PostBlind', seat: 2, blind: 'small-blind' });
  table.apply({ type: 'PostBlind', seat: 3, blind: 'big-blind' });
  table.apply({ type: 'PostBlind', seat: 3, blind: 'ante' });
  for (const seat of [4, 1, 2]) table.apply({ type: 'Fold', seat });
  return table.recorded;
}

describe('a table recorded under rules version 2 with a short big blind', () => {
  const events = versionTwoTableWithAShortBigBlind();

  it('holds the ante of nothing it waited for, and re-verifies under version 2 with no violation', () => {
    expect(events.filter((e) => e.type === 'BlindPosted').map((e) => e.data)).toContainEqual({
      seat: 3,
      kind: 'ante',
      amount: 0,
      live: false,
      allIn: true,
    });
    const report = verifyEvents(events);
    expect(report.violations).toEqual([]);
    expect(report.hands).toBe(1);
  });

  it('claimed under version 3 breaks the rules at that post', () => {
    const claimed = events.map((e, i) =>
      i === 0 ? { ...e, data: { ...(e.data as object), rules: { ...(e.data as { rules: object }).rules, version: 3 } } } : e,
    );
    const messages = verifyEvents(claimed)
      .violations.filter((v) => v.kind === 'rules')
      .map((v) => v.message);
    expect(messages).toContainEqual(
      expect.stringMatching(/^PostBlind \(seat 3, blind "big-blind"\) also produces \{"type":"HoleCardsDealt"/),
    );
    expect(messages).toContain('the rules refuse PostBlind (seat 3, blind "ante") here (BLIND_NOT_DUE): Seat 3 owes no ante now.');
  });
});
