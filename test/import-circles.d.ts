// The types of test/import-circles.js (plain JavaScript, so that `npm run lint` runs it without a build).
/** The import graph of the tree under `root`: file -> the files of the tree it imports (`runtime`: erased imports left out). */
export function importGraph(root: string, runtime?: boolean): Map<string, string[]>;
/** The circles of a graph: each strongly connected set of more than one file, or a file that imports itself. */
export function importCircles(graph: ReadonlyMap<string, readonly string[]>): string[][];
/** The module specifiers a file imports or re-exports statically. */
export function specifiers(fileName: string, text: string, runtime?: boolean): string[];
