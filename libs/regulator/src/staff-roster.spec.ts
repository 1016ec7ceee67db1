import fc from 'fast-check';
import { applyAuditEvent, emptyStaffRecord, type AuditEvent } from './audit-stream';
import { staffAt, staffHistories, type StaffRoster } from './staff-roster';

const USERS = ['u1', 'u2', 'u3'] as const;
const ROLES = ['dealer', 'floor', 'regulator'] as const;

/** Random staff changes (and unrelated audit events between them) on three users, one second apart. */
const changes = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('role' as const), user: fc.constantFrom(...USERS), role: fc.constantFrom(...ROLES) }),
    fc.record({ kind: fc.constant('disable' as const), user: fc.constantFrom(...USERS), disabled: fc.boolean() }),
    fc.record({ kind: fc.constant('noise' as const), user: fc.constantFrom(...USERS) }),
  ),
  { maxLength: 40 },
);

function toEvents(list: readonly { kind: string; user: string; role?: string; disabled?: boolean }[]): AuditEvent[] {
  const created: AuditEvent[] = USERS.map((u) => ({ type: 'UserCreated', userId: u, name: `name-${u}`, role: 'dealer' }));
  const rest = list.map((c): AuditEvent => {
    if (c.kind === 'role') return { type: 'UserRoleChanged', userId: c.user, name: `name-${c.user}`, from: '?', to: c.role! };
    if (c.kind === 'disable')
      return c.disabled
        ? { type: 'UserDisabled', userId: c.user, name: `name-${c.user}` }
        : { type: 'UserEnabled', userId: c.user, name: `name-${c.user}` };
    return { type: 'SignedIn', userId: c.user, name: `name-${c.user}`, role: 'dealer', deviceId: null, address: null };
  });
  return [...created, ...rest];
}

const timeOf = (i: number) => new Date(Date.UTC(2026, 11, 4, 12, 0, i)).toISOString();

describe('the staff roster as of each event’s time', () => {
  it('says of every user, at every event’s time, what the audit events up to it say (fast-check)', () => {
    fc.assert(
      fc.property(changes, (list) => {
        const events = toEvents(list);
        const histories = staffHistories(events.map((event, i) => ({ event, recordedAt: timeOf(i) })));
        const roster: StaffRoster = {
          asOf: 'event-time',
          note: '',
          staff: USERS.map((id) => ({ id, name: '', role: '', disabled: false, createdAt: '', history: histories.get(id) ?? [] })),
        };
        const record = emptyStaffRecord();
        events.forEach((event, i) => {
          applyAuditEvent(record, event);
          for (const id of USERS) {
            const expected = record.staff.get(id);
            const got = staffAt(roster, id, timeOf(i));
            expect(got === null ? null : { name: got.name, role: got.role, disabled: got.disabled }).toEqual(
              expected ? { name: expected.name, role: expected.role, disabled: expected.disabled } : null,
            );
          }
        });
        // Only the staff changes make history entries: sign-ins and the like do not.
        const staffEvents = events.filter((e) => e.type !== 'SignedIn').length;
        expect([...histories.values()].reduce((n, h) => n + h.length, 0)).toBe(staffEvents);
      }),
    );
  });

  it('knows nobody before their first entry, nor an id it does not hold', () => {
    const histories = staffHistories([
      { event: { type: 'UserCreated', userId: 'u1', name: 'ann', role: 'dealer' }, recordedAt: timeOf(5) },
    ]);
    const roster: StaffRoster = {
      asOf: 'event-time',
      note: '',
      staff: [{ id: 'u1', name: 'ann', role: 'dealer', disabled: false, createdAt: timeOf(5), history: histories.get('u1')! }],
    };
    expect(staffAt(roster, 'u1', timeOf(4))).toBeNull();
    expect(staffAt(roster, 'u1', timeOf(5))).toMatchObject({ name: 'ann', role: 'dealer', event: 'UserCreated' });
    expect(staffAt(roster, 'u9', timeOf(5))).toBeNull();
  });
});
