/**
 * @felt/read-models: the read models' rows (each pure view of libs/projections written to its tables), the runner
 * that keeps them up to date, their rebuild, status and check against a fresh fold. The worker runs them; the CLI
 * rebuilds and checks them (`felt projections`, `felt verify`) without importing the worker.
 */
export * from './hand-history-rows';
export * from './lobby-rows';
export * from './projection-rebuild';
export * from './projection-runner';
export * from './projection-status';
export * from './read-model-check';
export * from './read-model';
export * from './read-models';
export * from './room-rows';
export * from './session-ledger-rows';
export * from './table-view-rows';
