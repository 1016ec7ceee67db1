import { EventStore1700000000000 } from './1700000000000-EventStore';
import { ReadModels1700000000100 } from './1700000000100-ReadModels';
import { Users1700000000200 } from './1700000000200-Users';
import { AppendFunction1700000000300 } from './1700000000300-AppendFunction';
import { AppendBatchFunction1700000000400 } from './1700000000400-AppendBatchFunction';
import { AppendGenericPlans1700000000500 } from './1700000000500-AppendGenericPlans';
import { PublicReadModels1700000000600 } from './1700000000600-PublicReadModels';
import { AppendNotify1700000000700 } from './1700000000700-AppendNotify';
import { Devices1700000000800 } from './1700000000800-Devices';
import { RoomReadModel1700000000900 } from './1700000000900-RoomReadModel';
import { DeviceKinds1700000001300 } from './1700000001300-DeviceKinds';
import { StaffSecurity1700000001400 } from './1700000001400-StaffSecurity';

/**
 * Every migration of the project, oldest first (each a SqlMigration). `openDatabase` runs these on PostgreSQL (TypeORM) and on PGlite
 * (the event store's migrator); add each new migration class here.
 */
export const migrations = [EventStore1700000000000, ReadModels1700000000100, Users1700000000200, AppendFunction1700000000300, AppendBatchFunction1700000000400, AppendGenericPlans1700000000500, PublicReadModels1700000000600, AppendNotify1700000000700, Devices1700000000800, RoomReadModel1700000000900, DeviceKinds1700000001300, StaffSecurity1700000001400];
