import { DEFAULT_MODULES } from './default-modules';
import { DEFAULT_RECORD_PARTS } from './default-record-parts';

/** The light list a record reader folds with is the default modules' own record parts: none missing, none extra. */
describe('DEFAULT_RECORD_PARTS', () => {
  const handlers = (list: readonly { readonly formats?: { readonly record?: object; readonly deals?: object } }[]) =>
    list.flatMap((m) => [
      ...Object.entries(m.formats?.record ?? {}).map(([type, fn]) => ['record', type, fn] as const),
      ...Object.entries(m.formats?.deals ?? {}).map(([type, fn]) => ['deals', type, fn] as const),
    ]);

  it("holds exactly the default modules' record and deal handlers, the same functions", () => {
    const own = handlers(DEFAULT_MODULES);
    const light = handlers(DEFAULT_RECORD_PARTS);
    expect(own.length).toBeGreaterThan(0);
    expect(new Map(light.map(([part, type, fn]) => [`${part} ${type}`, fn]))).toEqual(
      new Map(own.map(([part, type, fn]) => [`${part} ${type}`, fn])),
    );
    for (const [part, type, fn] of own) expect(light.find(([p, t]) => p === part && t === type)?.[2]).toBe(fn);
  });
});
