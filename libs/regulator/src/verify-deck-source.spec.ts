import { DRBG_PRNG, FULL_DECK, formatCard, type TableRulesInput } from '@felt/engine';
import { computeEventHash, type RecordedEvent } from '@felt/event-store';
import type { AuditEvent } from './audit-stream';
import { auditStream } from './audit-stream.test-support';
import { TableRecorder } from './random-table-log';
import { verifyEvents } from './verify-log';

/**
 * felt verify and the deck source rule (docs/regulators.md "Where the deck came from"): each hand's shuffle must be
 * one its table's rules allowed when it started, and a shuffler's deck must come from a shuffler device registered
 * for that table; a training table's hands are reported, not refused; logs written before the rule verify as before.
 */
const RULES: TableRulesInput = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 };
const DECK = FULL_DECK.map(formatCard);
const copy = (events: RecordedEvent[]): RecordedEvent[] => JSON.parse(JSON.stringify(events));

/** A table of two that plays one hand, folded at once, started by `start` (sent from `device`, if any). */
function oneHand(
  tableId: string,
  rules: TableRulesInput,
  start: { deck: string[] } | { seed: string | number; prng?: typeof DRBG_PRNG },
  device?: string,
): RecordedEvent[] {
  const table = new TableRecorder(tableId);
  table.apply({ type: 'OpenTable', tableId, rules });
  table.apply({ type: 'SeatPlayer', seat: 1, playerId: 'a', buyIn: 100 });
  table.apply({ type: 'SeatPlayer', seat: 2, playerId: 'b', buyIn: 100 });
  table.apply({ type: 'PlaceButton', seat: 1 });
  table.apply({ type: 'StartHand', ...start, salt: '00'.repeat(16) }, device === undefined ? {} : { device });
  table.apply({ type: 'PostBlind', seat: 1 });
  table.apply({ type: 'PostBlind', seat: 2 });
  table.apply({ type: 'Fold', seat: 1 });
  return table.recorded;
}

/** The log rewritten as an insider with a copy of the database would: `change` applied, the chain recomputed. */
function rewritten(events: RecordedEvent[], change: (e: RecordedEvent) => void): RecordedEvent[] {
  const out = copy(events);
  out.forEach((e, i) => {
    change(e);
    if (i > 0) e.prevHash = out[i - 1]!.hash;
    e.hash = computeEventHash(e.prevHash, e);
  });
  return out;
}

describe("verify: where each hand's deck came from", () => {
  it('passes a house table dealt from the house derivation, and reports no training hand', () => {
    const report = verifyEvents(oneHand('house', { ...RULES, deckSource: 'house' }, { seed: 'cd'.repeat(32), prng: DRBG_PRNG }));
    expect(report.violations).toEqual([]);
    expect(report.trainingHands).toEqual([]);
  });

  it('names a hand dealt from a supplied deck on a table relabelled house, even with every hash recomputed', () => {
    const played = oneHand('relabel', { ...RULES, deckSource: 'training' }, { deck: DECK });
    const forged = rewritten(played, (e) => {
      if (e.type === 'TableOpened') (e.data as { rules: { deckSource: string } }).rules.deckSource = 'house';
      if (e.type === 'HandStarted') (e.data as { deckSource: string }).deckSource = 'house';
    });
    const started = forged.find((e) => e.type === 'HandStarted')!;
    expect(verifyEvents(forged).violations).toContainEqual({
      streamId: 'table-relabel',
      version: started.streamVersion,
      kind: 'deal',
      message: 'hand 1: its table is shuffled by the house only (deckSource house), but its deck was supplied',
    });
  });

  it("reports a training table's hands as training, not as violations", () => {
    const report = verifyEvents(oneHand('school', { ...RULES, deckSource: 'training' }, { seed: 5 }));
    expect(report.violations).toEqual([]);
    expect(report.trainingHands).toEqual([{ streamId: 'table-school', handNumber: 1, version: 5 }]);
  });

  it('verifies logs without a deck source as before: any deck, no training hand', () => {
    const report = verifyEvents(oneHand('old', RULES, { deck: DECK }));
    expect(report.violations).toEqual([]);
    expect(report.trainingHands).toEqual([]);
  });

  describe('a shuffler table', () => {
    const rules = { ...RULES, deckSource: 'shuffler' as const };
    const shufflerOf = (tableId: string): AuditEvent => ({
      type: 'DeviceRegistered',
      deviceId: 'dev-1',
      name: 'shoe',
      kind: 'shuffler',
      tableId,
    });

    it('passes a deck sent by the shuffler registered for the table, and names one sent by another device or none', () => {
      const played = oneHand('shoe', rules, { deck: DECK }, 'dev-1');
      expect(verifyEvents([...auditStream([shufflerOf('shoe')]), ...played]).violations).toEqual([]);
      const elsewhere = verifyEvents([...auditStream([shufflerOf('other')]), ...played]).violations;
      expect(elsewhere).toEqual([
        expect.objectContaining({ kind: 'deal', message: expect.stringMatching(/^hand 1: .*device dev-1 is a shuffler for table other$/) }),
      ]);
      const console = verifyEvents([...auditStream([{ type: 'DeviceRegistered', deviceId: 'dev-1', name: 'shoe' }]), ...played]).violations;
      expect(console).toEqual([expect.objectContaining({ message: expect.stringMatching(/device dev-1 is a console$/) })]);
      const noDevice = verifyEvents(oneHand('shoe', rules, { deck: DECK })).violations;
      expect(noDevice).toEqual([expect.objectContaining({ message: expect.stringMatching(/sent from no registered device$/) })]);
    });

    it("without the audit stream (a table's own export) checks only that a device sent it", () => {
      expect(verifyEvents(oneHand('shoe', rules, { deck: DECK }, 'dev-1')).violations).toEqual([]);
    });
  });
});
