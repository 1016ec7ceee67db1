import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Database } from '@felt/event-store';
import type { ApiConfig } from './config/api-config';
import { AccountingModule } from './accounting/accounting.module';
import { AuthModule } from './auth/auth.module';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { HealthModule } from './health/health.module';
import { LiveModule } from './live/live.module';
import { VisibilityModule } from './live/visibility.module';
import { LoggingModule } from './logging/logging.module';
import { RegulatorModule } from './regulator/regulator.module';
import { AbsenceModule } from './players/absence.module';
import { PlayersModule } from './players/players.module';
import { RoomModule } from './room/room.module';
import { TablesModule } from './tables/tables.module';
import { TournamentsModule } from './tournaments/tournaments.module';

@Module({})
export class AppModule {
  /** `database`: a database the caller opened and will close (tests); by default the API opens its own from `config`. */
  static forRoot(config: ApiConfig, options: { database?: Database } = {}): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggingModule,
        DatabaseModule.forRoot(options.database),
        CqrsModule.forRoot(),
        VisibilityModule,
        AuthModule.forRoot({ createFirstFloorUser: options.database === undefined && !config.databaseUrl }),
        PlayersModule,
        TablesModule,
        AbsenceModule,
        RegulatorModule,
        RoomModule,
        AccountingModule,
        TournamentsModule,
        HealthModule,
        LiveModule,
      ],
    };
  }
}
