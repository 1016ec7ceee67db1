import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { RegulatorController } from './regulator.controller';
import { TablesModule } from '../tables/tables.module';

/** The regulator's read-only API (issue #7) and the audit streams (issue #21). */
@Module({ imports: [TablesModule], controllers: [RegulatorController, AuditController] })
export class RegulatorModule {}
