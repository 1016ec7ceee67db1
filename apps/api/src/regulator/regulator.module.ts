import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { RegulatorController } from './regulator.controller';

/** The regulator's read-only API (issue #7) and the audit streams (issue #21). */
@Module({ controllers: [RegulatorController, AuditController] })
export class RegulatorModule {}
