import { Module } from '@nestjs/common';
import { RegulatorController } from './regulator.controller';

/** The regulator's read-only API (issue #7). */
@Module({ controllers: [RegulatorController] })
export class RegulatorModule {}
