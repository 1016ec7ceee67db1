/**
 * Small API end-to-end suites run as one jest file: jest loads a file's modules afresh, and loading Nest, Fastify, the
 * store and the engine cost each of these suites as much CPU as its tests (the first fifteen: 24 CPU-s apart, 8.4
 * together; docs/benchmarks.md "Where the CPU goes"). The parts with the default configuration that read only their
 * own tables share one API and database per backend (useSharedApi, closed below); the others keep their own.
 * One part alone: `npx jest api-parts -t '<its describe>'`.
 * A part is a `*.e2e-part.ts` beside this file, written as a spec is; the build leaves them out as it does specs.
 */
import { closeSharedApis } from './test-support/shared-api';
import './bad-input.e2e-part';
import './concurrency.e2e-part';
import './deck-source.e2e-part';
import './floor-corrections.e2e-part';
import './health.e2e-part';
import './history-cost.e2e-part';
import './house-options.e2e-part';
import './house-rules.e2e-part';
import './idempotency.e2e-part';
import './input-gate-new-routes.e2e-part';
import './input-gate.e2e-part';
import './known-leaks.e2e-part';
import './live-cards.e2e-part';
import './money-count.e2e-part';
import './money-drop.e2e-part';
import './money.e2e-part';
import './no-op-commands.e2e-part';
import './paging.e2e-part';
import './players.e2e-part';
import './regulator.e2e-part';
import './room-follows-tables.e2e-part';
import './room.e2e-part';
import './sealed-deck.e2e-part';
import './shot-clock.e2e-part';
import './timer-principal.e2e-part';
import './tournament-hand-ends.e2e-part';
import './tournament-joint-write.e2e-part';
import './tournament-table-batches.e2e-part';
import './tournament-tables.e2e-part';
import './tournament-to-the-end.e2e-part';
import './tournaments.e2e-part';

afterAll(closeSharedApis);
