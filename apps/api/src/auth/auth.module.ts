import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { EventStore, type Database } from '@felt/event-store';
import { API_CONFIG, type ApiConfig } from '../config/api-config';
import { DATABASE } from '../database/database.module';
import { AccessGuard } from './access.guard';
import { AuditLog, StaffAdmin, StaffApprovals, Users } from '@felt/staff';
import { AuthController } from './auth.controller';
import { tokenKeysProvider, TOKEN_KEYS } from './auth-secret';
import { DealerAssignments } from './dealer-assignments';
import { DealerStaffing } from './dealer-staffing';
import { DealersController } from './dealers.controller';
import { DealingController } from './dealing.controller';
import { Devices } from './devices';
import { DevicesController } from './devices.controller';
import { CREATE_FIRST_FLOOR_USER, FirstFloorUser } from './first-floor-user';
import { SignInThrottle } from './login-throttle';
import { SecurityLog } from './security-log';
import { TableAccess } from './table-access';
import { TokenAuthenticator } from './token-authenticator';
import { UsersController } from './users.controller';
import { WideningApprovals } from '../tables/widening-approvals';

/**
 * Sign-in, the global access guard, dealer assignments. `createFirstFloorUser`: the embedded default's first start
 * makes a floor user (see FirstFloorUser).
 */
@Global()
@Module({})
export class AuthModule {
  static forRoot(options: { createFirstFloorUser: boolean }): DynamicModule {
    return {
      module: AuthModule,
      imports: [JwtModule.register({})],
      controllers: [AuthController, DealersController, DealingController, UsersController, DevicesController],
      providers: [
        tokenKeysProvider,
        { provide: Users, inject: [DATABASE], useFactory: (db: Database) => new Users(db) },
        { provide: DealerAssignments, inject: [DATABASE], useFactory: (db: Database) => new DealerAssignments(db) },
        { provide: AuditLog, inject: [EventStore], useFactory: (store: EventStore) => new AuditLog(store) },
        { provide: Devices, inject: [DATABASE, AuditLog], useFactory: (db: Database, audit: AuditLog) => new Devices(db, audit) },
        { provide: StaffAdmin, inject: [DATABASE, AuditLog], useFactory: (db: Database, audit: AuditLog) => new StaffAdmin(db, audit) },
        {
          provide: SignInThrottle,
          inject: [API_CONFIG, DATABASE],
          useFactory: (config: ApiConfig, db: Database) => new SignInThrottle(config, db),
        },
        SecurityLog,
        TableAccess,
        TokenAuthenticator,
        { provide: APP_GUARD, useClass: AccessGuard },
        { provide: CREATE_FIRST_FLOOR_USER, useValue: options.createFirstFloorUser },
        FirstFloorUser,
        WideningApprovals,
        DealerStaffing,
        {
          provide: StaffApprovals,
          inject: [Users, StaffAdmin, AuditLog],
          useFactory: (users: Users, admin: StaffAdmin, audit: AuditLog) => new StaffApprovals(users, admin, audit),
        },
      ],
      exports: [
        TOKEN_KEYS,
        AuditLog,
        Users,
        DealerAssignments,
        SecurityLog,
        TableAccess,
        TokenAuthenticator,
        JwtModule,
        WideningApprovals,
        DealerStaffing,
        StaffApprovals,
      ],
    };
  }
}
