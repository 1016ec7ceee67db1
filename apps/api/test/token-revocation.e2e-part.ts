import type { AddressInfo } from 'node:net';
import type { User } from '@felt/staff';
import { REVOKED_CLOSE_CODE } from '../src/live/live-limits';
import { addTestUser, signTestToken } from './test-support/auth';
import { LiveClient } from './test-support/live-client';
import { useTestStore } from './test-support/test-databases';
import { startTestApi, type TestApi } from './test-support/test-api';

/**
 * Revocation ends tokens (docs/security.md "Insiders", row 5): disabling, enabling, a role change (and back) and a
 * password reset move the user's token generation on, so every token signed before is refused on HTTP (401
 * TOKEN_REVOKED) and its /live sockets are closed at the next access check, even when the user ends as they were.
 */
describe('token revocation (postgres)', () => {
  let api: TestApi;
  let baseUrl: string;
  const clients: LiveClient[] = [];
  const database = useTestStore('postgres', {
    beforeDispose: async () => {
      await Promise.all(clients.splice(0).map((c) => c.close()));
      await api?.close();
    },
  });
  let boss: User;
  const asBoss = () => api.as('floor', { sub: boss.id, name: boss.name });

  beforeAll(async () => {
    api = await startTestApi(database.db);
    await api.app.listen(0, '127.0.0.1');
    baseUrl = `http://127.0.0.1:${(api.app.getHttpServer().address() as AddressInfo).port}`;
    boss = await addTestUser(database.db, 'rev-boss', 'floor');
  });

  async function signIn(name: string, password = `${name}-password`): Promise<string> {
    const { body } = await api.anonymous.post('/auth/login').send({ username: name, password }).expect(200);
    return body.accessToken as string;
  }

  /** A user signed in over HTTP with a /live socket open on the same token. */
  async function signedInWithSocket(name: string) {
    const user = await addTestUser(database.db, name, 'dealer');
    const token = await signIn(name);
    await api.anonymous.get('/tables').set('Authorization', `Bearer ${token}`).expect(200);
    const client = await LiveClient.connect(baseUrl, token);
    clients.push(client);
    return { user, token, client };
  }

  async function expectRevoked(token: string, client: LiveClient): Promise<void> {
    const refused = await api.anonymous.get('/tables').set('Authorization', `Bearer ${token}`).expect(401);
    expect(refused.body).toMatchObject({ code: 'TOKEN_REVOKED', detail: expect.stringContaining('sign in again') });
    expect(refused.headers['www-authenticate']).toBe('Bearer realm="felt"');
    // The access check may fall between the two changes (disabled, or in the other role, then): closed either way.
    expect(await client.closed).toEqual({
      code: REVOKED_CLOSE_CODE,
      reason: expect.stringMatching(/^REVOKED: .*(was revoked|is disabled|is now)/),
    });
  }

  it('disable then enable: the token signed before is refused and its socket closed; a new sign-in works', async () => {
    const { user, token, client } = await signedInWithSocket('rev-disable');
    await asBoss().patch(`/users/${user.id}`).send({ disabled: true }).expect(200);
    await asBoss().patch(`/users/${user.id}`).send({ disabled: false }).expect(200);
    await expectRevoked(token, client);
    const fresh = await signIn('rev-disable');
    await api.anonymous.get('/tables').set('Authorization', `Bearer ${fresh}`).expect(200);
  });

  it('a role change and back: the old token is refused and its socket closed', async () => {
    const { user, token, client } = await signedInWithSocket('rev-role');
    await asBoss().patch(`/users/${user.id}`).send({ role: 'service' }).expect(200);
    await asBoss().patch(`/users/${user.id}`).send({ role: 'dealer' }).expect(200);
    await expectRevoked(token, client);
  });

  it('a password reset: the old token is refused and its socket closed', async () => {
    const { user, token, client } = await signedInWithSocket('rev-reset');
    await asBoss().post(`/users/${user.id}/password`).send({}).expect(200);
    await expectRevoked(token, client);
  });

  it('revoking one user’s tokens leaves every other user’s tokens good', async () => {
    const { token: other } = await signedInWithSocket('rev-bystander');
    const { user } = await signedInWithSocket('rev-target');
    await asBoss().patch(`/users/${user.id}`).send({ disabled: true }).expect(200);
    await api.anonymous.get('/tables').set('Authorization', `Bearer ${other}`).expect(200);
    // A token of the current generation is good: the generation is the row's, not a count of tokens.
    await api.anonymous
      .get('/tables')
      .set('Authorization', `Bearer ${signTestToken('floor', { sub: boss.id, name: boss.name })}`)
      .expect(200);
  });
});
