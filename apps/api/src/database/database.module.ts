import { Global, Inject, Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { EventStore, openDatabase, type Database } from '@felt/event-store';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { describeDataLocation } from './database-location';
import { migrations } from '../../../../migrations';

/** The Database port (PostgreSQL or PGlite), opened with its migrations run. */
export const DATABASE = Symbol('DATABASE');
/** False when a test handed in a database of its own (the test closes it). */
const OWNS_DATABASE = Symbol('OWNS_DATABASE');

/**
 * Opens the event store's database at start (migrations included), says where the events live, and closes it last
 * at shutdown. Tests may pass a database they opened themselves (e.g. one wrapped to count the rows read).
 */
@Global()
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(API_CONFIG) config: ApiConfig,
    @Inject(OWNS_DATABASE) private readonly ownsDatabase: boolean,
  ) {
    if (!ownsDatabase) return;
    const logger = new Logger('Database');
    const location = describeDataLocation({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    logger.log(location.message);
    if (location.warning) logger.warn(location.warning);
  }

  static forRoot(database?: Database): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: OWNS_DATABASE, useValue: database === undefined },
        database
          ? { provide: DATABASE, useValue: database }
          : {
              provide: DATABASE,
              inject: [API_CONFIG],
              useFactory: (config: ApiConfig) =>
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
