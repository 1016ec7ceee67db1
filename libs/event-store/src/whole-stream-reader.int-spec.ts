import { BACKENDS, createTestDatabase, type TestDatabase } from '../test-support/test-databases';
import { freshStreamId, sampleEvents } from '../test-support/sample-events';
import { EventStore, PagedStreamReader, StreamCopyReader, type StreamEvent } from './index';

describe.each(BACKENDS)('EventStore.openWholeStreamReader (%s)', (backend) => {
  let t: TestDatabase;
  let store: EventStore;

  beforeAll(async () => {
    t = await createTestDatabase(backend);
    store = new EventStore(t.db);
  });
  afterAll(() => t?.dispose());

  it('reads by COPY on PostgreSQL and page by page on PGlite, and both give every event as readStream does', async () => {
    const streamId = freshStreamId();
    for (let i = 0; i < 3; i++) await store.append(streamId, { expectedVersion: 'any', commandId: `${streamId}/${i}`, events: sampleEvents(4, `w${i}-`) });
    const reader = await store.openWholeStreamReader(5); // pages of 5: the 12 events span three
    try {
      expect(reader).toBeInstanceOf(backend === 'postgres' ? StreamCopyReader : PagedStreamReader);
      const events: StreamEvent[] = [];
      expect(await reader.read(streamId, (e) => events.push(e))).toBe(12);
      // Paged reads hand over the stored events as they are, positions included: compare what a StreamEvent holds.
      const asStreamEvent = ({ globalPosition: _p, txId: _t, ...rest }: StreamEvent & { globalPosition?: string; txId?: string }) => rest;
      expect(events.map(asStreamEvent)).toEqual((await store.readStream(streamId)).map(asStreamEvent));
      expect(await reader.read(freshStreamId(), () => undefined)).toBe(0);
      const failing = () => {
        throw new Error('checker failed');
      };
      await expect(reader.read(streamId, failing)).rejects.toThrow('checker failed');
    } finally {
      reader.close();
    }
  });
});
