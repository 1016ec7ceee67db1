import { tableDecider } from '@felt/engine';
import { TableStateCache, type FoldedTable } from './table-state-cache';

const at = (version: number, snapshotVersion = 0): FoldedTable => ({ state: tableDecider.initialState, version, snapshotVersion });

describe('the folded-state cache', () => {
  it('drops the least recently used table beyond its capacity', () => {
    const cache = new TableStateCache(2);
    cache.remember('a', at(1));
    cache.remember('b', at(1));
    cache.get('a'); // b is now the least recently used
    cache.remember('c', at(1));
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('never goes back to an older fold', () => {
    const cache = new TableStateCache(10);
    cache.remember('a', at(5));
    cache.remember('a', at(4));
    expect(cache.get('a')?.version).toBe(5);
    cache.remember('a', at(5, 5));
    expect(cache.get('a')?.snapshotVersion).toBe(5);
    cache.remember('a', at(6));
    expect(cache.get('a')?.version).toBe(6);
  });
});
