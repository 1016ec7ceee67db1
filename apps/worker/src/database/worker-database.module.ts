import { Global, Inject, Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { EventStore, openDatabase, type Database } from '@felt/event-store';
import { WORKER_CONFIG, type WorkerConfig } from '../config/worker-config';
import { migrations } from '../../../../migrations';

export const DATABASE = Symbol('DATABASE');
const OWNS_DATABASE = Symbol('OWNS_DATABASE');

/** Opens the event store's database (migrations included) at start and closes it last; tests may hand in their own. */
@Global()
@Module({})
export class WorkerDatabaseModule implements OnApplicationShutdown {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(OWNS_DATABASE) private readonly ownsDatabase: boolean,
    @Inject(WORKER_CONFIG) config: WorkerConfig,
  ) {
    if (ownsDatabase && !config.databaseUrl) {
      new Logger('Database').warn(
        `no DATABASE_URL: the worker opens PGlite in ${config.dataDir}; only one process may open that folder, so run the relay against PostgreSQL beside the API.`,
      );
    }
  }

  static forRoot(database?: Database): DynamicModule {
    return {
      module: WorkerDatabaseModule,
      providers: [
        { provide: OWNS_DATABASE, useValue: database === undefined },
        database
          ? { provide: DATABASE, useValue: database }
          : {
              provide: DATABASE,
              inject: [WORKER_CONFIG],
              useFactory: (config: WorkerConfig) =>
                openDatabase({
                  databaseUrl: config.databaseUrl,
                  dataDir: config.dataDir,
                  migrations,
                  postgres: { maxConnections: config.databasePoolSize },
                }),
            },
        { provide: EventStore, inject: [DATABASE], useFactory: (db: Database) => new EventStore(db) },
      ],
      exports: [DATABASE, EventStore],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.ownsDatabase) await this.db.close();
  }
}
