import { ApiProblem, problemForError, problemForOutcome, SUCCESS_STATUS } from './status-mapping';

describe('the status mapping', () => {
  it('answers each command outcome with its status', () => {
    expect(SUCCESS_STATUS).toEqual({ applied: 201, replayed: 200, unchanged: 200, read: 200 });
    expect(
      problemForOutcome('t1', 'c1', {
        kind: 'rejected',
        rejection: { code: 'NOT_YOUR_TURN', message: 'It is seat 3’s turn.', field: 'seat' },
      }),
    ).toMatchObject({
      status: 422,
      code: 'NOT_YOUR_TURN',
      detail: 'It is seat 3’s turn.',
      extensions: { field: 'seat' },
    });
    expect(problemForOutcome('t1', 'c1', { kind: 'conflict', expectedVersion: 4, currentVersion: 6 })).toMatchObject({
      status: 409,
      code: 'VERSION_CONFLICT',
      extensions: { currentVersion: 6, expectedVersion: 4 },
    });
    expect(problemForOutcome('t1', 'c1', { kind: 'not-found' })).toMatchObject({ status: 404, code: 'TABLE_NOT_FOUND' });
    expect(problemForOutcome('t1', 'c1', { kind: 'command-id-reused', firstTableId: 't0' })).toMatchObject({
      status: 422,
      code: 'COMMAND_ID_REUSED',
    });
  });

  it("maps Fastify's body errors (as Nest hands them on) and Nest's own", () => {
    const fastifyError = (status: number, message: string) => ({ getStatus: () => status, message });
    expect(problemForError(fastifyError(413, 'Request body is too large'), 1024)).toMatchObject({
      status: 413,
      code: 'BODY_TOO_LARGE',
      detail: 'the body is larger than 1024 bytes',
    });
    expect(problemForError(fastifyError(400, 'Request body size did not match Content-Length'))).toMatchObject({
      status: 400,
      code: 'INVALID_REQUEST',
    });
    expect(problemForError(fastifyError(415, 'Unsupported Media Type'))).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(problemForError({ getStatus: () => 404, message: 'Cannot GET /nope' })).toMatchObject({ status: 404, code: 'ROUTE_NOT_FOUND' });
    expect(problemForError(new Error('connection refused'))).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
    // A bug's message stays in the log, not in the answer.
    expect(problemForError(new Error('connection refused')).detail).not.toContain('refused');
  });

  it('answers 503 with a retry hint when the database is unreachable or dropped the connection', () => {
    for (const error of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ]) {
      expect(problemForError(error)).toMatchObject({ status: 503, code: 'DATABASE_UNAVAILABLE', extensions: { retryAfterSeconds: 1 } });
    }
  });

  it('writes RFC 9457 documents', () => {
    const problem = ApiProblem.invalidRequest([{ path: 'to', message: 'to must be a whole number' }]);
    expect(problem.toDocument('/tables/t1/raise', 'req-1')).toEqual({
      type: 'urn:felt:problem:invalid-request',
      title: 'The request is not a valid command',
      status: 400,
      code: 'INVALID_REQUEST',
      detail: 'to: to must be a whole number',
      instance: '/tables/t1/raise',
      requestId: 'req-1',
      errors: [{ path: 'to', message: 'to must be a whole number' }],
    });
  });
});
