import type { ExclusionCommand } from './commands';
import type { ExclusionEvent } from './events';
import { exclusionDecider } from './exclusion-decider';
import { DEALER_SENTENCE, RegistryIndex } from './seat-check';

function given(events: ExclusionEvent[]) {
  const state = events.reduce(exclusionDecider.evolve, exclusionDecider.initialState);
  return { state, when: (command: ExclusionCommand) => exclusionDecider.decide(command, state) };
}

const at = '2026-12-06T20:00:00.000Z';
const e1 = { entryId: 'S-1', playerId: 'C100', matchKey: null };
const e2 = { entryId: 'S-2', playerId: null, matchKey: 'k2' };
const added: ExclusionEvent = { type: 'ExclusionEntriesAdded', at, source: 'state 2026-12', entries: [e1, e2] };
const asked: ExclusionEvent = { type: 'ExclusionLiftRequested', at, entryId: 'S-1', requestedBy: 'floor-a' };

describe('the exclusion list decider', () => {
  it('adds only the entries it does not hold, and never removes one on import', () => {
    const command: ExclusionCommand = { type: 'ImportExclusions', at, actor: 'floor-a', source: 'state 2026-12', entries: [e1, e2] };
    expect(given([]).when(command)).toEqual({ ok: true, events: [added] });
    expect(given([added]).when(command)).toEqual({ ok: true, events: [] });
    const later = given([added]).when({ ...command, entries: [e2, { entryId: 'S-3', playerId: 'C300', matchKey: null }] });
    expect(later).toEqual({ ok: true, events: [{ ...added, entries: [{ entryId: 'S-3', playerId: 'C300', matchKey: null }] }] });
  });

  it('refuses a file that lists an entry twice or names nobody, whole', () => {
    const base = { type: 'ImportExclusions', at, actor: 'floor-a', source: 's' } as const;
    expect(given([]).when({ ...base, entries: [e1, e1] })).toMatchObject({ ok: false, rejection: { code: 'ENTRY_DUPLICATE' } });
    expect(given([]).when({ ...base, entries: [e1, { entryId: 'x', playerId: null, matchKey: null }] })).toMatchObject({
      ok: false,
      rejection: { code: 'ENTRY_WITHOUT_IDENTITY' },
    });
  });

  it("lifts an entry only when a second floor supervisor approves the first one's request", () => {
    expect(given([added]).when({ type: 'RequestExclusionLift', at, actor: 'floor-a', entryId: 'S-1' })).toEqual({
      ok: true,
      events: [asked],
    });
    expect(given([added]).when({ type: 'RequestExclusionLift', at, actor: 'floor-a', entryId: 'S-9' })).toMatchObject({
      ok: false,
      rejection: { code: 'ENTRY_NOT_FOUND' },
    });
    expect(given([added, asked]).when({ type: 'RequestExclusionLift', at, actor: 'floor-b', entryId: 'S-1' })).toMatchObject({
      ok: false,
      rejection: { code: 'LIFT_ALREADY_REQUESTED' },
    });
    expect(given([added]).when({ type: 'ApproveExclusionLift', at, actor: 'floor-b', entryId: 'S-1' })).toMatchObject({
      ok: false,
      rejection: { code: 'LIFT_NOT_REQUESTED' },
    });
    expect(given([added, asked]).when({ type: 'ApproveExclusionLift', at, actor: 'floor-a', entryId: 'S-1' })).toMatchObject({
      ok: false,
      rejection: { code: 'APPROVER_IS_REQUESTER' },
    });
    const approved = given([added, asked]).when({ type: 'ApproveExclusionLift', at, actor: 'floor-b', entryId: 'S-1' });
    expect(approved).toEqual({
      ok: true,
      events: [{ type: 'ExclusionEntryLifted', at, entryId: 'S-1', requestedBy: 'floor-a', approvedBy: 'floor-b' }],
    });
  });
});

describe('the seat check', () => {
  it('refuses by card number and by identity key, with one sentence that names no entry', () => {
    const index = new RegistryIndex();
    index.applyList('state', added);
    index.applyPlayer('C200', { type: 'PlayerRegistered', at, playerId: 'C200', personalDigest: 'd', matchKey: 'k2' });
    const t = Date.parse(at);
    const byCard = index.seatCheck('C100', t);
    expect(byCard).toEqual({
      code: 'PLAYER_EXCLUDED',
      message: DEALER_SENTENCE,
      causes: [{ kind: 'exclusion-list', listId: 'state', entryId: 'S-1' }],
    });
    expect(byCard!.message).not.toMatch(/S-1|state/);
    expect(index.seatCheck('C200', t)?.causes).toEqual([{ kind: 'exclusion-list', listId: 'state', entryId: 'S-2' }]);
    expect(index.seatCheck('C300', t)).toBeNull();
    index.applyList('state', asked);
    index.applyList('state', { type: 'ExclusionEntryLifted', at, entryId: 'S-1', requestedBy: 'floor-a', approvedBy: 'floor-b' });
    expect(index.seatCheck('C100', t)).toBeNull();
    expect(index.size).toEqual({ players: 1, entries: 1 });
  });
});
