import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { fundHistory, revenueReport } from '@felt/accounting';
import { Roles } from '../auth/access-decorators';
import { sendJson, type HttpResponse } from '../http/http-types';
import { parseInput } from '../http/parse-input';
import { ApiProblem, SUCCESS_STATUS } from '../http/status-mapping';
import { LoggedHands } from './logged-hands';
import { MoneyBooks, ROOM_BOOK } from './money-books';
import { fundIdSchema, revenueQuerySchema } from './money-request';

/**
 * The reports a regulator reproduces from the log (docs/money.md "Reports"): gross gaming revenue per table for a
 * shift, and a fund's history. Floor supervisors and regulators read them; nobody writes here.
 */
@ApiTags('money')
@ApiBearerAuth()
@Controller('money')
@Roles('floor', 'regulator')
export class MoneyReportsController {
  constructor(
    @Inject(MoneyBooks) private readonly books: MoneyBooks,
    @Inject(LoggedHands) private readonly hands: LoggedHands,
  ) {}

  @Get('revenue')
  @ApiOperation({
    summary: "Gross gaming revenue per table for one shift [from, to): the finished hands' rake and fees, and the drops collected",
  })
  @ApiQuery({ name: 'shiftId', required: true })
  @ApiQuery({ name: 'from', required: true, description: 'ISO-8601, UTC' })
  @ApiQuery({ name: 'to', required: true, description: 'ISO-8601, UTC' })
  async revenue(@Query() query: Record<string, unknown>, @Res() res: HttpResponse) {
    const shift = parseInput(revenueQuerySchema, query);
    const rows = revenueReport(await this.hands.revenueHands(), await this.books.events(ROOM_BOOK), [shift]);
    sendJson(res, SUCCESS_STATUS.read, { shift, tables: rows, ggr: rows.reduce((sum, r) => sum + r.ggr, 0) });
  }

  @Get('funds/:fundId/history')
  @ApiOperation({ summary: "A fund's history: opened, every drop, seed and payout, in log order" })
  async history(@Param('fundId') fundId: string, @Res() res: HttpResponse) {
    const events = fundIdSchema.safeParse(fundId).success ? fundHistory(await this.books.events(ROOM_BOOK), fundId) : [];
    if (events.length === 0) throw new ApiProblem('route-not-found', 'FUND_NOT_FOUND', `there is no fund "${fundId.slice(0, 64)}"`);
    sendJson(res, SUCCESS_STATUS.read, { fundId, events });
  }
}
