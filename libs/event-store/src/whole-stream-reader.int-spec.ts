import { BACKENDS } from '../test-support/test-databases';
import { useTestStore } from '../test-support/test-store';
import { freshStreamId, sampleEvents } from '../test-support/sample-events';
import { PagedStreamReader, StreamCopyReader, type StreamEvent } from './index';

describe.each(BACKENDS)('EventStore.openWholeStreamReader (%s)', (backend) => {
  const t = useTestStore(backend);

  it('reads by COPY on PostgreSQL and page by page on PGlite, and both give every event as readStream does', async () => {
    const streamId = freshStreamId();
    for (let i = 0; i < 3; i++)
      await t.store.append(streamId, { expectedVersion: 'any', commandId: `${streamId}/${i}`, events: sampleEvents(4, `w${i}-`) });
    const reader = await t.store.openWholeStreamReader(5); // pages of 5: the 12 events span three
    try {
      expect(reader).toBeInstanceOf(backend === 'postgres' ? StreamCopyReader : PagedStreamReader);
      const events: StreamEvent[] = [];
      expect(await reader.read(streamId, (e) => events.push(e))).toBe(12);
      // Paged reads hand over the stored events as they are, positions included: compare what a StreamEvent holds.
      const asStreamEvent = ({ globalPosition: _p, txId: _t, ...rest }: StreamEvent & { globalPosition?: string; txId?: string }) => rest;
      expect(events.map(asStreamEvent)).toEqual((await t.store.readStream(streamId)).map(asStreamEvent));
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
