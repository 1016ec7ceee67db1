import { randomBytes, randomUUID } from 'node:crypto';
import { deckCommitment, formatCard, type TableRulesInput } from '@felt/engine';
import { computeEventHash, GENESIS_HASH, type RecordedEvent } from '@felt/event-store';
import { holeCardsKey, openHoleCardsData, sealHoleCardsData, sealValue, withHoleCardsRevealed } from './hole-card-seal';
import { randomTableLog } from './random-table-log';
import { exportTable } from './table-export';
import { verifyEvents } from './verify-log';

/**
 * Hole cards sealed at rest (docs/security.md, "Insiders" row 4): a log stored as the API stores it (hole cards sealed
 * with their hand's key, HoleCardsRevealed after each hand's end) verifies and exports without the seal key, and a
 * rewritten envelope or reveal is caught.
 */
const SEAL_KEY = randomBytes(32);
const LIVE: TableRulesInput = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6, cardSource: 'live' };
const DECK: TableRulesInput = { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 };

/** The log as the API's store boundary writes it (apps/api table-stream.ts toNewEvents), chained again. */
function asStored(log: readonly RecordedEvent[], options: { revealLast?: boolean } = {}): RecordedEvent[] {
  const out: RecordedEvent[] = [];
  let hand: number | null = null;
  for (let i = 0; i < log.length; i++) {
    const e = log[i]!;
    if (e.type === 'HandStarted') hand = (e.data as { handNumber: number }).handNumber;
    const data =
      (e.type === 'HoleCardsDealt' || e.type === 'HoleCardsReported') && hand !== null
        ? sealHoleCardsData(e.type, e.data as Record<string, unknown>, holeCardsKey(SEAL_KEY, e.streamId, hand), e.streamId, hand)
        : e.data;
    // DeckSealed as apps/api deck-seal.ts stores it: the hand number, the rest under the seal key itself.
    const stored =
      e.type === 'DeckSealed' ? { handNumber: hand, sealed: sealValue(SEAL_KEY, e.data, `felt DeckSealed hand ${hand}`) } : data;
    out.push({ ...e, data: stored as RecordedEvent['data'] });
    const ended = e.type === 'HandEnded' || e.type === 'HandVoided' ? (e.data as { handNumber: number }).handNumber : null;
    const next = log[i + 1];
    const groupEnds = next === undefined || next.metadata.commandId !== e.metadata.commandId;
    const endedInGroup = [...out]
      .reverse()
      .find((x) => x.metadata.commandId === e.metadata.commandId && (x.type === 'HandEnded' || x.type === 'HandVoided'));
    if (groupEnds && (ended !== null || endedInGroup) && (next !== undefined || options.revealLast !== false)) {
      const n = (endedInGroup!.data as { handNumber: number }).handNumber;
      out.push({
        ...e,
        eventId: randomUUID(),
        type: 'HoleCardsRevealed',
        schemaVersion: 1,
        data: { handNumber: n, key: holeCardsKey(SEAL_KEY, e.streamId, n).toString('hex') },
      });
    }
  }
  return rechain(out);
}

function rechain(events: RecordedEvent[]): RecordedEvent[] {
  let prev = GENESIS_HASH;
  return events.map((e, i) => {
    const chained = { ...e, streamVersion: i + 1, globalPosition: String(i + 1), prevHash: prev };
    chained.hash = computeEventHash(prev, chained);
    prev = chained.hash;
    return chained;
  });
}

describe('hole cards sealed at rest, read without the seal key', () => {
  it('a live-cards table stored sealed verifies, every reported card re-decided once its hand is revealed', () => {
    const log = randomTableLog({ tableId: 'sealed-live', seed: 5, events: 1200, rules: LIVE });
    const stored = asStored(log);
    const reported = stored.filter((e) => e.type === 'HoleCardsReported');
    expect(reported.length).toBeGreaterThan(10);
    for (const e of reported) expect(e.data).toMatchObject({ cards: null, sealed: { alg: 'aes-256-gcm' } });
    const report = verifyEvents(stored);
    expect(report.violations).toEqual([]);
    expect(report.hands).toBe(verifyEvents(log).hands);
  });

  it('a deck table stored sealed verifies, and its PHH export names the hole cards the log held in the clear', () => {
    const log = randomTableLog({ tableId: 'sealed-deck', seed: 8, events: 800, rules: DECK });
    const stored = asStored(log);
    expect(stored.filter((e) => e.type === 'HoleCardsDealt').every((e) => 'sealed' in (e.data as object))).toBe(true);
    expect(verifyEvents(stored).violations).toEqual([]);
    const always = () => true;
    expect(exportTable(stored, 'phh', always).text).toBe(exportTable(log, 'phh', always).text);
  });

  it('a hand still live at the end of the log stays sealed: reported as being played, not as a violation', () => {
    const log = randomTableLog({ tableId: 'sealed-open', seed: 5, events: 1200, rules: LIVE });
    const lastStart = log.map((e) => e.type).lastIndexOf('HandStarted');
    const upToLiveHand = log.slice(0, log.findIndex((e, i) => i > lastStart && e.type === 'HoleCardsReported') + 1);
    const stored = asStored(upToLiveHand, { revealLast: false });
    const report = verifyEvents(stored);
    expect(report.violations).toEqual([]);
    expect(report.sealedHands.length).toBe(1);
    // Nothing in the stored log opens that hand's cards.
    const open = withHoleCardsRevealed(stored);
    expect(open.at(-1)!.data).toMatchObject({ cards: null });
  });

  it('a revealed key that does not open the envelopes (a rewritten reveal) is a violation', () => {
    const log = randomTableLog({ tableId: 'sealed-forged', seed: 5, events: 600, rules: LIVE });
    const stored = asStored(log);
    const reveal = stored.findIndex((e) => e.type === 'HoleCardsRevealed');
    const forged = rechain(
      stored.map((e, i) => (i === reveal ? { ...e, data: { ...(e.data as object), key: randomBytes(32).toString('hex') } } : e)),
    );
    const violations = verifyEvents(forged).violations;
    expect(violations[0]).toMatchObject({ kind: 'deal' });
    expect(violations[0]!.message).toMatch(/revealed key does not open/);
  });

  it("a hand's key opens that hand only: another hand's envelope refuses it", () => {
    const stored = asStored(randomTableLog({ tableId: 'sealed-keys', seed: 9, events: 600, rules: DECK }));
    const dealt = stored.filter((e) => e.type === 'HoleCardsDealt');
    const second = dealt[1]!;
    const firstKey = holeCardsKey(SEAL_KEY, second.streamId, 1);
    expect(() => openHoleCardsData('HoleCardsDealt', second.data as Record<string, unknown>, firstKey, second.streamId)).toThrow(
      /hand 2's key/,
    );
    const opened = openHoleCardsData(
      'HoleCardsDealt',
      second.data as Record<string, unknown>,
      holeCardsKey(SEAL_KEY, second.streamId, 2),
      second.streamId,
    );
    expect((opened.hands as { cards: number[] }[])[0]!.cards.map(formatCard)).toHaveLength(2);
  });

  it('a hand whose undealt cards were changed and relabelled supplied passes without the key and fails with it (--seal-key)', () => {
    const stored = asStored(randomTableLog({ tableId: 'relabelled', seed: 8, events: 400, rules: DECK }));
    const started = stored.findIndex((e) => e.type === 'HandStarted');
    const revealed = stored.findIndex((e) => e.type === 'DeckRevealed');
    const deckData = stored[revealed]!.data as { handNumber: number; deck: number[]; salt: string; shuffle: unknown };
    // The insider swaps the two bottom cards (never dealt), says the deck was supplied and recomputes the commitment.
    const deck = [...deckData.deck.slice(0, 50), deckData.deck[51]!, deckData.deck[50]!];
    const forged = rechain(
      stored.map((e, i): RecordedEvent => {
        if (i === revealed) return { ...e, data: { ...deckData, deck, shuffle: { kind: 'supplied' } } as unknown as RecordedEvent['data'] };
        if (i === started)
          return {
            ...e,
            data: {
              ...(e.data as object),
              shuffle: { kind: 'supplied' },
              deckCommitment: deckCommitment(deckData.salt, deck),
            } as RecordedEvent['data'],
          };
        return e;
      }),
    );
    expect(verifyEvents(forged).violations).toEqual([]);
    const caught = verifyEvents(forged, { sealKey: SEAL_KEY }).violations;
    expect(caught).toEqual([
      expect.objectContaining({
        kind: 'deal',
        message: expect.stringMatching(/the deck sealed at the start is not the deck revealed at the end/),
      }),
    ]);
    expect(verifyEvents(stored, { sealKey: SEAL_KEY }).violations).toEqual([]);
    expect(verifyEvents(stored, { sealKey: randomBytes(32) }).violations[0]!.message).toMatch(/does not open with the seal key given/);
  });
});
