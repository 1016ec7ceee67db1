import { isDatabaseUnavailable } from './unavailable';

describe('isDatabaseUnavailable', () => {
  it.each([
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    [{ code: '57P01', message: 'terminating connection due to administrator command' }],
    [{ code: '57P03', message: 'the database system is starting up' }],
    [{ code: '08006', message: 'connection failure' }],
    [{ code: '53300', message: 'sorry, too many clients already' }],
    [{ code: '25006', message: 'cannot execute INSERT in a read-only transaction' }],
    [new Error('Connection terminated unexpectedly')],
    [new Error('timeout exceeded when trying to connect')],
  ])('says yes to %j', (error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    [{ code: '23505', message: 'duplicate key value violates unique constraint' }],
    [{ code: '42P01', message: 'relation "x" does not exist' }],
    [new TypeError('cannot read properties of undefined')],
    [null],
    ['ECONNREFUSED'],
  ])('says no to %j', (error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
