import { DEFAULT_NEW_TABLE_AT, newTableDue } from './new-table';

describe('⚙ new table at N waiting', () => {
  it('is due at the house count, not before', () => {
    expect(DEFAULT_NEW_TABLE_AT).toBe(6);
    expect(newTableDue(5, 6)).toBe(false);
    expect(newTableDue(6, 6)).toBe(true);
  });
});
