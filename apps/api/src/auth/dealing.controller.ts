import { Controller, Get, Inject, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { HttpRequest } from '../http/http-types';
import { Roles } from './access-decorators';
import { DealerAssignments } from './dealer-assignments';
import { principalOf } from './principal';

/** A dealer's own assignments: the console marks the tables they deal in the lobby (no other dealer is named). */
@ApiTags('dealers')
@Controller('dealing')
@Roles('dealer')
export class DealingController {
  constructor(@Inject(DealerAssignments) private readonly assignments: DealerAssignments) {}

  @Get()
  @ApiOperation({ summary: 'The tables the signed-in dealer is assigned to (dealers only)' })
  async mine(@Req() req: HttpRequest) {
    return { tables: await this.assignments.tablesOf(principalOf(req).sub) };
  }
}
