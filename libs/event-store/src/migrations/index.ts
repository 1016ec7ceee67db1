import type { MigrationClass } from '../migration-class';
import { EventStore1700000000000 } from './1700000000000-EventStore';
import { AppendFunction1700000000300 } from './1700000000300-AppendFunction';
import { AppendBatchFunction1700000000400 } from './1700000000400-AppendBatchFunction';
import { AppendGenericPlans1700000000500 } from './1700000000500-AppendGenericPlans';
import { AppendNotify1700000000700 } from './1700000000700-AppendNotify';

/**
 * The event store's own schema (events, streams, commands, checkpoints, snapshots, the append functions, the append
 * notification), oldest first. Every database the store opens gets these before the application's migrations.
 * Their names are the ones every existing database recorded, so nothing is applied twice.
 */
export const storeMigrations: readonly MigrationClass[] = [
  EventStore1700000000000,
  AppendFunction1700000000300,
  AppendBatchFunction1700000000400,
  AppendGenericPlans1700000000500,
  AppendNotify1700000000700,
];
