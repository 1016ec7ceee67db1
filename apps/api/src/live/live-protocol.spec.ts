import { parseClientMessage } from './live-protocol';

/** What /live makes of a console's message: the same JSON reading as request bodies (apps/api/src/http/json-text.ts). */
describe('/live client messages', () => {
  it('reads a subscription', () => {
    expect(parseClientMessage('{"type":"subscribe","tableId":"felt-1","afterVersion":3}', false)).toEqual({
      ok: true,
      message: { type: 'subscribe', tableId: 'felt-1', afterVersion: 3 },
    });
  });

  it("reads the room's channels, the jackpots' among them, and refuses another channel naming them", () => {
    expect(parseClientMessage('{"type":"subscribe","channel":"jackpots"}', false)).toEqual({
      ok: true,
      message: { type: 'subscribe', channel: 'jackpots' },
    });
    expect(parseClientMessage('{"type":"subscribe","channel":"funds"}', false)).toEqual({
      ok: false,
      error: { code: 'INVALID_MESSAGE', detail: 'subscribe: channel: channel is "room", "board" or "jackpots"' },
    });
  });

  it('refuses a member given twice, at any depth, naming it: one message, one reading', () => {
    const twice = parseClientMessage('{"type":"subscribe","tableId":"felt-1","tableId":"felt-2"}', false);
    expect(twice).toEqual({
      ok: false,
      error: { code: 'INVALID_MESSAGE', detail: 'tableId: the field "tableId" is given twice in one object; send each field once' },
    });
    const spelled = parseClientMessage('{"type":"subscribe","\\u0074ype":"unsubscribe","tableId":"felt-1"}', false);
    expect(spelled).toMatchObject({
      ok: false,
      error: { code: 'INVALID_MESSAGE', detail: expect.stringContaining('"type" is given twice') },
    });
  });

  it('refuses what is not JSON, too deep, or binary, without throwing', () => {
    expect(parseClientMessage('{"type":', false)).toEqual({
      ok: false,
      error: { code: 'INVALID_MESSAGE', detail: 'the message is not JSON' },
    });
    expect(parseClientMessage(`{"type":${'['.repeat(100)}${']'.repeat(100)}}`, false)).toEqual({
      ok: false,
      error: { code: 'INVALID_MESSAGE', detail: 'the message nests too deep' },
    });
    expect(parseClientMessage('{"type":"subscribe","tableId":"felt-1"}', true)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_MESSAGE' },
    });
  });
});
