import { Module } from '@nestjs/common';
import { RoomModule } from '../room/room.module';
import { TablesModule } from '../tables/tables.module';
import { ApplyMoneyCommandHandler } from './apply-money-command';
import { DropCollector } from './drop-collector';
import { LoggedHands } from './logged-hands';
import { MoneyController } from './money.controller';
import { MoneyReportsController } from './money-reports.controller';

/** The house's money: funds, the tables' cash, the count and the regulator's reports (libs/accounting, docs/money.md). */
@Module({
  imports: [TablesModule, RoomModule],
  controllers: [MoneyController, MoneyReportsController],
  providers: [LoggedHands, ApplyMoneyCommandHandler, DropCollector],
})
export class AccountingModule {}
