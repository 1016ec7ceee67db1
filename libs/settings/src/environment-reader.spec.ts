import { environmentReader } from './index';

describe('environmentReader', () => {
  const env = environmentReader({ PORT: '3001', EMPTY: '', NAME: 'felt', BAD: '1.5', LOW: '0' });

  it('reads text, with an empty variable as unset', () => {
    expect([env.text('NAME'), env.text('EMPTY'), env.text('MISSING')]).toEqual(['felt', undefined, undefined]);
  });

  it('reads whole numbers with a fallback, and refuses anything else naming the variable', () => {
    expect([env.count('PORT', 1, 0), env.count('EMPTY', 7, 0), env.count('MISSING', 8, 0)]).toEqual([3001, 7, 8]);
    expect(() => env.count('BAD', 1, 0)).toThrow('BAD must be a whole number >= 0, got "1.5"');
    expect(() => env.count('LOW', 1, 1)).toThrow('LOW must be a whole number >= 1, got "0"');
  });
});
