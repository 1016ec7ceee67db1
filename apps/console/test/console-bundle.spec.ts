import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The console as `npm run build` bundles it (apps/console/build.mjs, esbuild): one module per page, with its source
 * map, that imports nothing (no node:crypto from the engine behind the hand record) and carries the libraries' code
 * it uses (the one hand record), not hand copies of it.
 */
const dist = join(__dirname, '../../../dist/apps/console');
const sources = (page: string): string[] =>
  (JSON.parse(readFileSync(join(dist, `${page}.js.map`), 'utf8')) as { sources: string[] }).sources.map((s) => s.replace(/^(\.\.\/)+/, ''));

describe('the console bundle', () => {
  it.each(['main', 'board-page', 'clock-page'])('%s.js stands alone: no import, a source map', (page) => {
    const code = readFileSync(join(dist, `${page}.js`), 'utf8');
    // esbuild writes a module's imports at the start of a line; none, and no dynamic import of a Node module.
    expect(code).not.toMatch(/^import\b|\bimport\s*\(|["']node:/m);
    expect(code).toContain(`//# sourceMappingURL=${page}.js.map`);
    expect(sources(page).every((s) => s.startsWith('apps/console/src/') || s.startsWith('libs/'))).toBe(true);
  });

  it("folds the hand with libs/projections' hand record and leaves the rest of the engine out", () => {
    const main = sources('main');
    expect(main).toContain('libs/projections/src/hand-record.ts');
    expect(main).not.toContain('libs/engine/src/shuffle/hmac-drbg.ts');
    expect(main).not.toContain('libs/engine/src/table/decide.ts');
    // Nor the schemas' library: the engine's owed posts come from a file of plain data (entry-obligation.ts).
    expect(main.filter((s) => s.includes('node_modules/zod/'))).toEqual([]);
    // The mirrors are gone: the room's types and the hand fold come from the libraries.
    for (const mirror of ['room-types.ts', 'hand-record.ts']) expect(existsSync(join(__dirname, '../src', mirror))).toBe(false);
  });

  it("declares none of the API's answers itself: the table view, pending widenings and users come from their libraries", () => {
    const src = join(__dirname, '../src');
    const declared = readdirSync(src)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) =>
        [...readFileSync(join(src, f), 'utf8').matchAll(/^\s*(?:export\s+)?(?:interface|type)\s+(\w+)\s*(?:=\s*\{|\{)/gm)].map(
          (m) => `${f}: ${m[1]}`,
        ),
      );
    const copies = declared.filter((d) =>
      /: (TableView|SeatView|HandView|HandPlayerView|RunningClock|PendingWidening|UserRow|User)$/.test(d),
    );
    expect(copies).toEqual([]);
  });
});
