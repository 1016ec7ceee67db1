import { Module } from '@nestjs/common';
import { TablesModule } from '../tables/tables.module';
import { AbsenceCheck } from './absence-check';
import { AbsenceController } from './absence.controller';

/** The absence timer's route: it reads and writes tables, so it sits beside the tables (which import the players). */
@Module({ imports: [TablesModule], controllers: [AbsenceController], providers: [AbsenceCheck] })
export class AbsenceModule {}
