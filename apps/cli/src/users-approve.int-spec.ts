import { EventStore, type RecordedEvent } from '@felt/event-store';
import type { AuditActor, AuditEvent } from '@felt/regulator';
import { AuditLog, cliActor, StaffAdmin, StaffApprovals, Users, WideningRequests, type StaffAdminActor } from '@felt/staff';
import type { Transaction } from '@felt/event-store';
import { TEST_TOKEN_PRIVATE_KEY } from '../../api/test/test-support/auth';
import { useTestStore } from '../../../test/support/app-databases';
import { felt } from './run-felt.test-support';

/** An audit log that fails the append carrying WideningApproved, as a crash at that write would. */
class FailingApprovalLog extends AuditLog {
  override append(
    events: AuditEvent | readonly AuditEvent[],
    actor: AuditActor,
    tx?: Transaction,
    commandId?: string,
  ): Promise<RecordedEvent[]> {
    const list = Array.isArray(events) ? (events as readonly AuditEvent[]) : [events as AuditEvent];
    if (list.some((e) => e.type === 'WideningApproved')) return Promise.reject(new Error('crash while recording the approval'));
    return super.append(events, actor, tx, commandId);
  }
}

/** A widening of the staff approved from the command line, the change and its approval one write (PostgreSQL). */
describe('felt users approve', () => {
  const t = useTestStore('postgres', { perTest: true });
  const at = () => ['--database-url', t.url];
  const auditRows = async () =>
    (
      await t.db.query<{ type: string; tx: string }>(
        `SELECT type, tx_id::text AS tx FROM events WHERE stream_id LIKE 'audit-%' ORDER BY global_position`,
      )
    ).rows;

  /** boss (the first user) and fay, both floor; fay is put in directly, as a second floor supervisor needs an approver. */
  async function twoFloorSupervisors(): Promise<{ boss: string; fay: string }> {
    expect((await felt('users', 'add', 'boss', '--role', 'floor', ...at())).code).toBe(0);
    const admin = new StaffAdmin(t.db, new AuditLog(new EventStore(t.db)));
    await admin.create('fay', 'floor', { userId: null, audit: cliActor() }, 'fay-password-1');
    process.env.FELT_TOKEN_PRIVATE_KEY = TEST_TOKEN_PRIVATE_KEY;
    const token = async (user: string) => (await felt('token', '--user', user, ...at())).out.trim();
    return { boss: await token('boss'), fay: await token('fay') };
  }
  afterEach(() => delete process.env.FELT_TOKEN_PRIVATE_KEY);

  it('lists the request, refuses the one who asked, applies it for another floor supervisor with WideningApproved in the same transaction, and refuses a second approval', async () => {
    const { boss, fay } = await twoFloorSupervisors();
    expect((await felt('users', 'add', 'dana', '--role', 'dealer', '--token', boss, ...at())).code).toBe(0);
    const asked = await felt('users', 'role', 'dana', 'regulator', '--token', boss, ...at());
    const approvalId = /approval ([0-9a-f-]{36}):/.exec(asked.out)![1]!;
    expect(asked.out).toContain(`felt users approve ${approvalId}`);
    expect((await felt('users', 'approvals', ...at())).out).toMatch(
      new RegExp(`^${approvalId}  ChangeUser\\s+asked by boss .*"dana" becomes a regulator`),
    );

    const own = await felt('users', 'approve', approvalId, '--token', boss, ...at());
    expect([own.code, own.err]).toEqual([2, expect.stringContaining('another floor supervisor must approve this')]);
    expect((await new Users(t.db).byName('dana'))!.role).toBe('dealer');

    const approved = await felt('users', 'approve', approvalId, '--token', fay, ...at());
    expect([approved.code, approved.out]).toEqual([0, expect.stringMatching(/^approved: regulator "dana"/)]);
    expect((await new Users(t.db).byName('dana'))!.role).toBe('regulator');
    const rows = await auditRows();
    const changed = rows.find((r) => r.type === 'UserRoleChanged')!;
    expect(rows.filter((r) => r.type === 'WideningApproved')).toEqual([{ type: 'WideningApproved', tx: changed.tx }]);
    expect((await felt('users', 'approvals', '--json', ...at())).out).toBe('[]\n');

    const again = await felt('users', 'approve', approvalId, '--token', fay, ...at());
    expect([again.code, again.err]).toEqual([2, expect.stringContaining('already approved, refused or withdrawn')]);
    const unknown = await felt('users', 'approve', 'no-such-request', '--token', fay, ...at());
    expect([unknown.code, unknown.err]).toEqual([2, expect.stringContaining('there is no widening request')]);
  });

  it('a failure while the approval is recorded leaves neither the new user nor the approval: the request still waits and is approved once after', async () => {
    const { boss } = await twoFloorSupervisors();
    expect((await felt('users', 'add', 'reggie', '--role', 'regulator', '--token', boss, ...at())).code).toBe(0);
    const requests = new WideningRequests(new EventStore(t.db));
    const [pending] = await requests.pending();
    const fay = (await new Users(t.db).byName('fay'))!;
    const approver: StaffAdminActor = {
      userId: fay.id,
      audit: { actorId: fay.id, actorRole: 'floor', actorName: 'fay', device: null, via: 'cli' },
    };
    const users = new Users(t.db);
    const failing = new FailingApprovalLog(new EventStore(t.db));
    const crashing = new StaffApprovals(users, new StaffAdmin(t.db, failing), failing);
    await expect(crashing.apply(pending!, approver)).rejects.toThrow('crash while recording the approval');
    expect(await users.byName('reggie')).toBeNull();
    expect((await auditRows()).filter((r) => r.type === 'WideningApproved')).toEqual([]);
    expect((await requests.pending()).map((p) => p.approvalId)).toEqual([pending!.approvalId]);

    const audit = new AuditLog(new EventStore(t.db));
    const applied = await new StaffApprovals(users, new StaffAdmin(t.db, audit), audit).apply(pending!, approver);
    expect(applied).toMatchObject({ user: { name: 'reggie', role: 'regulator' } });
    const rows = await auditRows();
    const created = rows.filter((r) => r.type === 'UserCreated').at(-1)!;
    expect(rows.filter((r) => r.type === 'WideningApproved')).toEqual([{ type: 'WideningApproved', tx: created.tx }]);
    expect(await requests.pending()).toEqual([]);
  });
});
