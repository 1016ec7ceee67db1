import { randomUUID } from 'node:crypto';
import { BACKENDS } from '../test-support/test-databases';
import { useTestStore } from '../test-support/test-store';
import type { Transaction } from './database';
import { START, type Position, type RecordedEvent } from './index';

const chips = [{ type: 'ChipsAdded', schemaVersion: 1, data: { seat: 1, amount: 1 } }];

describe.each(BACKENDS)('readAllOfStreams: the log of some streams only (%s)', (backend) => {
  const t = useTestStore(backend, { perTest: true });

  const append = (streamId: string) => t.store.append(streamId, { expectedVersion: 'any', commandId: randomUUID(), events: chips });

  /** Every page until the reader is dry, and where it ends. */
  async function readThrough(
    prefixes: string[],
    after: Position = START,
    limit = 1000,
  ): Promise<{ events: RecordedEvent[]; next: Position }> {
    const events: RecordedEvent[] = [];
    for (let position = after; ;) {
      const page = await t.store.readAllOfStreams(prefixes, { after: position, limit });
      events.push(...page.events);
      if (page.events.length < limit) return { events, next: page.next };
      position = page.next;
    }
  }

  it('returns only the streams asked for, in log order, page by page, and moves past the others', async () => {
    for (const id of ['table-1', 'player-1', 'table-2', 'exclusions-a', 'player-2', 'players_list-x']) await append(id);
    const all = await readThrough(['player-', 'exclusions-']);
    expect(all.events.map((e) => e.streamId)).toEqual(['player-1', 'exclusions-a', 'player-2']);
    expect((await readThrough(['player-', 'exclusions-'], START, 2)).events.map((e) => e.streamId)).toEqual(
      all.events.map((e) => e.streamId),
    );
    // Past the tables' events too: nothing new after them, and a new table event is not returned either.
    await append('table-3');
    const after = await t.store.readAllOfStreams(['player-'], { after: all.next });
    expect(after.events).toEqual([]);
    await append('player-3');
    expect((await t.store.readAllOfStreams(['player-'], { after: after.next })).events.map((e) => e.streamId)).toEqual(['player-3']);
  });

  it('takes a prefix literally: _ and % are not wildcards', async () => {
    for (const id of ['player_1', 'playerX1', 'a%b-1', 'axb-1']) await append(id);
    expect((await readThrough(['player_'])).events.map((e) => e.streamId)).toEqual(['player_1']);
    expect((await readThrough(['a%b-'])).events.map((e) => e.streamId)).toEqual(['a%b-1']);
  });

  if (backend === 'postgres') {
    it('returns an event whose transaction began first but committed after a later one, never skipping it', async () => {
      let release!: () => void;
      let written!: () => void;
      const appended = new Promise<void>((resolve) => (written = resolve));
      const held = t.store.transaction(async (tx: Transaction) => {
        await t.store.append('player-early', { expectedVersion: 'any', commandId: randomUUID(), events: chips, tx });
        written();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await appended;
      await append('player-late');
      await append('table-late');
      const before = await t.store.readAllOfStreams(['player-']);
      // The open transaction holds the end back: neither event is past it yet, and the position stays before both.
      expect(before.events).toEqual([]);
      release();
      await held;
      const afterCommit = await t.store.readAllOfStreams(['player-'], { after: before.next });
      expect(afterCommit.events.map((e) => e.streamId)).toEqual(['player-early', 'player-late']);
    });
  }
});
