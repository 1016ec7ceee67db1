import { ReadModels1700000000100 } from './1700000000100-ReadModels';
import { Users1700000000200 } from './1700000000200-Users';
import { PublicReadModels1700000000600 } from './1700000000600-PublicReadModels';
import { Devices1700000000800 } from './1700000000800-Devices';
import { RoomReadModel1700000000900 } from './1700000000900-RoomReadModel';
import { DeviceKinds1700000001300 } from './1700000001300-DeviceKinds';
import { StaffSecurity1700000001400 } from './1700000001400-StaffSecurity';
import { PlayerPersonal1700000001500 } from './1700000001500-PlayerPersonal';
import { CountRole1700000001600 } from './1700000001600-CountRole';
import { PlayerRegistrySnapshot1700000001700 } from './1700000001700-PlayerRegistrySnapshot';
import { PlayerLookupIndexes1700000001870 } from './1700000001870-PlayerLookupIndexes';
import { HouseMoney1700000001900 } from './1700000001900-HouseMoney';

/**
 * The applications' schema (users, dealer assignments, devices, read models, the room, players' personal data and the registry's snapshot, the count team's role, the ledger's drops and the revenue report's hands), oldest first, each a
 * SqlMigration. The apps pass it to `openDatabase({ migrations })`, which runs the event store's own migrations
 * (libs/event-store/src/migrations) first; add each new migration class here.
 */
export const migrations = [
  ReadModels1700000000100,
  Users1700000000200,
  PublicReadModels1700000000600,
  Devices1700000000800,
  RoomReadModel1700000000900,
  DeviceKinds1700000001300,
  StaffSecurity1700000001400,
  PlayerPersonal1700000001500,
  CountRole1700000001600,
  PlayerRegistrySnapshot1700000001700,
  PlayerLookupIndexes1700000001870,
  HouseMoney1700000001900,
];
