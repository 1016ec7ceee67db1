import { seedTestUsers } from './auth';
import type { HttpAgent, TestApi } from './test-api';

/**
 * A card reader or a certified shuffler registered for `tableId` (POST /devices, as the floor), and an agent signed
 * in on it: a floor token bound to the device, for the integration's own user row, as a reader's or shuffler's integration would hold one.
 */
export async function deviceAgent(
  api: TestApi,
  kind: 'reader' | 'shuffler',
  tableId: string,
  name = `${kind}-${tableId}`,
): Promise<{ deviceId: string; agent: HttpAgent }> {
  const registered = await api.http.post('/devices').send({ name, kind, tableId });
  if (registered.status !== 201) throw new Error(`registering ${name}: ${registered.status} ${JSON.stringify(registered.body)}`);
  const deviceId = registered.body.device.id as string;
  await seedTestUsers(api.db, [{ sub: `${name}-integration`, role: 'floor' }]);
  return { deviceId, agent: api.as('floor', { sub: `${name}-integration`, device: deviceId }) };
}
