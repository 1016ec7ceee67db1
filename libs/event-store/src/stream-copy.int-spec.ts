import { useTestStore } from '../test-support/test-store';
import { freshStreamId, sampleEvents } from '../test-support/sample-events';
import { PostgresDatabase, StreamCopyReader, type StreamEvent } from './index';
import { unescapeCopyText } from './stream-copy';

describe('StreamCopyReader (postgres)', () => {
  let reader: StreamCopyReader;
  const t = useTestStore('postgres', { beforeDispose: () => reader?.close() });

  beforeAll(async () => {
    reader = await StreamCopyReader.open(t.db as PostgresDatabase);
  });

  async function readAllOf(streamId: string): Promise<StreamEvent[]> {
    const events: StreamEvent[] = [];
    const count = await reader.read(streamId, (e) => events.push(e));
    expect(count).toBe(events.length);
    return events;
  }

  it('returns what readStream returns, less the global position, in version order', async () => {
    const streamId = freshStreamId();
    for (let i = 0; i < 3; i++)
      await t.store.append(streamId, { expectedVersion: 'any', commandId: `${streamId}/${i}`, events: sampleEvents(4, `r${i}-`) });
    const expected = (await t.store.readStream(streamId)).map(({ globalPosition, txId, ...rest }) => rest);
    expect(await readAllOf(streamId)).toEqual(expected);
  });

  it('keeps text COPY escapes apart from its separators: tabs, newlines, backslashes, quotes, control and non-ASCII characters', async () => {
    const streamId = freshStreamId("odd'\\\t-");
    const awkward = 'tab\there\nnew line\r\\back\\slash "quoted" \u0001\u001f\b\f\u000b é€😀 \\t \\N';
    await t.store.append(streamId, {
      expectedVersion: 'any',
      commandId: `${streamId}/awkward`,
      metadata: { actorId: awkward },
      events: [{ type: 'Odd\tType\\', schemaVersion: 1, data: { [awkward]: awkward, list: [awkward, 1.5, -0, 1e21, null, false] } }],
    });
    const expected = (await t.store.readStream(streamId)).map(({ globalPosition, txId, ...rest }) => rest);
    const read = await readAllOf(streamId);
    expect(read).toEqual(expected);
    expect((read[0]!.data as Record<string, unknown>)[awkward]).toBe(awkward);
  });

  it('reads an unknown stream as empty, and passes on what the callback throws after reading the rest', async () => {
    expect(await readAllOf(freshStreamId('none'))).toEqual([]);
    const streamId = freshStreamId();
    await t.store.append(streamId, { expectedVersion: 'any', commandId: `${streamId}/x`, events: sampleEvents(5) });
    let seen = 0;
    await expect(
      reader.read(streamId, () => {
        if (++seen === 2) throw new Error('checker failed');
      }),
    ).rejects.toThrow('checker failed');
    expect(seen).toBe(2);
    // The connection is still usable afterwards.
    expect(await readAllOf(streamId)).toHaveLength(5);
  });
});

describe('unescapeCopyText', () => {
  it('undoes the escapes COPY TO writes', () => {
    expect(unescapeCopyText('a\\\\b\\tc\\nd\\re\\bf\\fg\\vh')).toBe('a\\b\tc\nd\re\bf\fg\u000bh');
    expect(unescapeCopyText('plain')).toBe('plain');
  });
});
