import { ApiProblem } from '../http/status-mapping';
import { MAX_COMMAND_NUMBER, parseOpenTableRequest, parseTableCommandRequest } from './command-request';

const problemOf = (fn: () => unknown): ApiProblem => {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiProblem) return error;
    throw error;
  }
  throw new Error('expected a problem');
};

describe('a command request', () => {
  it('takes the command id from Idempotency-Key or the body, and makes one up (and says so) without either', () => {
    const fromHeader = parseTableCommandRequest('t1', { body: { type: 'Fold', seat: 1 }, headers: { 'idempotency-key': 'k-1' } });
    expect(fromHeader).toMatchObject({ commandId: 'k-1', commandIdGenerated: false, command: { type: 'Fold', seat: 1 } });
    const fromBody = parseTableCommandRequest('t1', { body: { type: 'Fold', seat: 1, commandId: 'k-2' }, headers: {} });
    expect(fromBody).toMatchObject({ commandId: 'k-2', commandIdGenerated: false, command: { type: 'Fold', seat: 1 } });
    expect(fromBody.command).not.toHaveProperty('commandId');
    const both = parseTableCommandRequest('t1', {
      body: { type: 'Fold', seat: 1, commandId: 'k-3' },
      headers: { 'idempotency-key': 'k-3' },
    });
    expect(both.commandId).toBe('k-3');
    const none = parseTableCommandRequest('t1', { body: { type: 'Fold', seat: 1 }, headers: {} });
    expect(none.commandIdGenerated).toBe(true);
    expect(none.commandId).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      problemOf(() =>
        parseTableCommandRequest('t1', { body: { type: 'Fold', seat: 1, commandId: 'a' }, headers: { 'idempotency-key': 'b' } }),
      ).status,
    ).toBe(400);
  });

  it.each([
    ['"12"', 12],
    ['W/"12"', 12],
    ['12', 12],
    ['*', undefined],
  ])('reads If-Match %s as expected version %s', (header, version) => {
    const request = parseTableCommandRequest('t1', { body: { type: 'Fold', seat: 1 }, headers: { 'if-match': header } });
    expect(request.expectedVersion).toBe(version);
  });

  it('refuses an If-Match that is not a version, or one that contradicts the body', () => {
    expect(
      problemOf(() => parseTableCommandRequest('t1', { body: { type: 'Fold', seat: 1 }, headers: { 'if-match': '"abc"' } })).status,
    ).toBe(400);
    expect(
      problemOf(() =>
        parseTableCommandRequest('t1', { body: { type: 'Fold', seat: 1, expectedVersion: 4 }, headers: { 'if-match': '"5"' } }),
      ).status,
    ).toBe(400);
  });

  it('records the actor, role and device from the token (never the X-Actor or X-Device-Id headers) and the request id as metadata', () => {
    const headers = { 'x-actor-id': 'someone-else', 'x-actor-role': 'floor', 'x-device-id': 'tablet-3' };
    const onDevice = parseTableCommandRequest('t1', {
      body: { type: 'Check', seat: 2 },
      headers,
      actor: { id: 'dealer-7', role: 'dealer', device: 'console-9' },
      requestId: 'req-1',
    });
    expect(onDevice.metadata).toEqual({ actorId: 'dealer-7', actorRole: 'dealer', device: 'console-9', correlationId: 'req-1' });
    const noDevice = parseTableCommandRequest('t1', {
      body: { type: 'Check', seat: 2 },
      headers,
      actor: { id: 'dealer-7', role: 'dealer' },
      requestId: 'req-1',
    });
    expect(noDevice.metadata).toEqual({ actorId: 'dealer-7', actorRole: 'dealer', device: null, correlationId: 'req-1' });
  });

  it('takes the type from the route, and refuses a body whose type says otherwise', () => {
    expect(parseTableCommandRequest('t1', { body: { seat: 2, to: 8 }, headers: {} }, 'Raise').command).toEqual({
      type: 'Raise',
      seat: 2,
      to: 8,
    });
    expect(parseTableCommandRequest('t1', { body: { type: 'Raise', seat: 2, to: 8 }, headers: {} }, 'Raise').command.type).toBe('Raise');
    expect(problemOf(() => parseTableCommandRequest('t1', { body: { type: 'Call', seat: 2 }, headers: {} }, 'Fold')).status).toBe(400);
  });

  it('refuses numbers too large to be chips anywhere in the body, and names each bad field', () => {
    const huge = problemOf(() =>
      parseOpenTableRequest({
        body: { tableId: 't', rules: { structure: { kind: 'no-limit' }, smallBlind: 1, bigBlind: MAX_COMMAND_NUMBER + 1 } },
        headers: {},
      }),
    );
    expect(huge.extensions.errors).toEqual([expect.objectContaining({ path: 'rules.bigBlind' })]);
    const many = problemOf(() => parseTableCommandRequest('t1', { body: { type: 'Bet', seat: 0, amount: 1.5, extra: true }, headers: {} }));
    expect((many.extensions.errors as { path: string }[]).map((e) => e.path).sort()).toEqual(['amount', 'extra', 'seat']);
  });

  it('says UNKNOWN_COMMAND_TYPE for a type the engine does not have', () => {
    expect(problemOf(() => parseTableCommandRequest('t1', { body: { type: 'Resign' }, headers: {} })).code).toBe('UNKNOWN_COMMAND_TYPE');
    expect(problemOf(() => parseTableCommandRequest('t1', { body: { seat: 1 }, headers: {} })).code).toBe('INVALID_REQUEST');
  });

  it('refuses a body that is not an object', () => {
    for (const body of [[], 'Fold', 3, null])
      expect(problemOf(() => parseTableCommandRequest('t1', { body, headers: {} })).status).toBe(400);
  });
});
