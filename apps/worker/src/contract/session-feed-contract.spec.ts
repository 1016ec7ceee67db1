import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import type { JsonValue } from '@felt/event-store';
import { sessionMarkOf, sessionMarkSchema } from '@felt/players';
import { CONTRACT_DIR, contractFiles, SESSION_MARK_FILE } from './contract-files';

/**
 * The sessions feed's committed JSON Schema (docs/players.md "The sessions feed"): what sessionMarkSchema generates,
 * and a tracker validating against it accepts the marks the relay makes and refuses a name or a card.
 */
describe('the sessions feed contract', () => {
  const committed = JSON.parse(readFileSync(join(CONTRACT_DIR, SESSION_MARK_FILE), 'utf8')) as object;
  const validate = new Ajv2020({ strict: false }).compile(committed);
  const recorded = (type: string, data: JsonValue, streamVersion = 2) => ({
    eventId: `e${streamVersion}`,
    streamId: 'table-t1',
    streamVersion,
    type,
    data,
    recordedAt: '2026-12-07T02:00:00.000Z',
    txId: '7',
    globalPosition: String(10 + streamVersion),
  });

  it('is the file generate-schemas writes from sessionMarkSchema', () => {
    expect(readFileSync(join(CONTRACT_DIR, SESSION_MARK_FILE), 'utf8')).toBe(contractFiles().get(SESSION_MARK_FILE));
  });

  it('accepts every kind of mark the relay makes, as zod does', () => {
    const events = [
      recorded('TableOpened', { tableId: 't1', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: 2, maxSeats: 6 } }, 1),
      recorded('PlayerSeated', { seat: 1, playerId: 'C1001', stack: 200 }, 2),
      recorded('PlayerSatOut', { seat: 1 }, 3),
      recorded('PlayerSatIn', { seat: 1 }, 4),
      recorded('SeatChanged', { from: 1, to: 3, playerId: 'C1001' }, 5),
      recorded('PlayerLeft', { seat: 3, playerId: 'C1001', stack: 180 }, 6),
    ];
    const marks = events.map((e) => sessionMarkOf(e)).filter((m) => m !== null);
    expect(marks.map((m) => m.kind)).toEqual(['stake-set', 'sat-down', 'break-started', 'break-ended', 'seat-changed', 'stood-up']);
    for (const mark of marks) {
      expect(sessionMarkSchema.safeParse(mark).success).toBe(true);
      expect({ kind: mark.kind, valid: validate(mark) }).toEqual({ kind: mark.kind, valid: true });
    }
  });

  it('refuses a field the contract does not name, a wrong kind for its fields, another feed', () => {
    const mark = sessionMarkOf(recorded('PlayerSeated', { seat: 1, playerId: 'C1001', stack: 200 }))!;
    expect(mark.kind).toBe('sat-down');
    expect(validate(mark)).toBe(true);
    expect(validate({ ...mark, name: 'Jane Doe' })).toBe(false);
    expect(validate({ ...mark, cards: [0, 1] })).toBe(false);
    expect(validate({ ...mark, kind: 'break-started' })).toBe(false);
    expect(validate({ ...mark, feed: 'felt.other' })).toBe(false);
    expect(validate({ ...mark, seat: 0 })).toBe(false);
  });
});
