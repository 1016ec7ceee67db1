import { DEFAULT_ROOM_POLICIES, normalizeRoomPolicies } from './room-policies';

describe('room policies', () => {
  it('fills in every default', () => {
    expect(normalizeRoomPolicies({})).toEqual({ ok: true, policies: DEFAULT_ROOM_POLICIES });
  });
  it('names the field of a bad policy', () => {
    expect(normalizeRoomPolicies({ noShow: 'shrug' as never })).toMatchObject({ ok: false, field: 'policies.noShow' });
    expect(normalizeRoomPolicies({ newTableAt: 1 })).toMatchObject({ ok: false, field: 'policies.newTableAt' });
  });
});
