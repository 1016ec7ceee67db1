import { SECOND_FLOOR_SUB } from './auth';
import type { HttpResponse as Response, TestApi } from './test-api';

/** The second floor supervisor of the tests: approves what the test API's floor supervisor (api.http) asks for. */
export const SECOND_FLOOR = { sub: SECOND_FLOOR_SUB, name: 'second floor supervisor' } as const;

/**
 * POSTs `body` to `path` as the test API's floor supervisor; a widening (docs/security.md "Insiders", row 3: a
 * training or shuffler table, dealerSeesHoleCards on) is answered 202 APPROVAL_REQUIRED, and a second floor
 * supervisor then approves it. The answer is the command's own (201 when applied), whether it needed approval or not.
 */
export async function postApproved(api: TestApi, path: string, body: object, headers: Record<string, string> = {}): Promise<Response> {
  return approvedBySecond(api, await api.http.post(path).set(headers).send(body));
}

/** PUT /tables/:tableId/dealers/:userId as the test API's floor supervisor, approved by the second where it widens (the table's dealer sees hole cards). */
export async function assignApproved(api: TestApi, tableId: string, userId: string): Promise<Response> {
  return approvedBySecond(api, await api.http.put(`/tables/${tableId}/dealers/${userId}`).send({}));
}

/** The answer itself, or, for a 202 APPROVAL_REQUIRED, the second floor supervisor's approval's answer. */
export async function approvedBySecond(api: TestApi, asked: Response): Promise<Response> {
  if (asked.status !== 202 || asked.body?.code !== 'APPROVAL_REQUIRED') return asked;
  return api.as('floor', SECOND_FLOOR).post(`/approvals/${asked.body.approvalId}/approve`).send({});
}
