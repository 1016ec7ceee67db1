/**
 * Browser suites run as one jest file, sharing one API, database and Chromium (useSharedConsoleSuite): a browser
 * start and an app start, with jest loading Nest and the API's modules afresh, cost each file about as much CPU as
 * these suites' tests (docs/benchmarks.md "The test suite"). Each part's tables, games and added users are its own.
 * One part alone: `npx jest console-parts -t '<its describe>'`.
 * A part is a `*.e2e-part.ts` beside this file, written as a spec is.
 */
import { closeSharedConsoleSuite } from './test-support/console-suite';
import './console-floor.e2e-part';
import './console-special-hands.e2e-part';
import './room.e2e-part';

afterAll(closeSharedConsoleSuite);
